// The crypto worker's surface: every export here is callable through Comlink.
// It is a plain module over `shared/crypto`, so the same code runs in a
// browser worker (crypto.worker.ts), a Node worker thread
// (crypto.node-worker.ts) and directly in tests.
// See: [Note: One crypto worker module, three hosts]

export * from "./api-batches";
export * from "./api-pages";
export * from "./api-sessions";
export * from "./api-keys";
