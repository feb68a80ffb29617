// The browser entry of the crypto worker. vite-plugin-comlink exposes every
// export of this module; `browser-pool.ts` creates the workers.
// See: [Note: One crypto worker module, three hosts]

export * from "./crypto-api";
