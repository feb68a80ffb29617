// The crypto pool hosted in Node worker threads (tests, the bench, scripts
// that generate encrypted libraries).

// [Note: One crypto worker module, three hosts]
//
// `crypto-api.ts` is a plain module; only its entry differs per host:
// - browser: `crypto.worker.ts`, a dedicated Worker created by
//   vite-plugin-comlink (`browser-pool.ts`);
// - Node: `crypto.node-worker.ts`, a worker thread exposing the module through
//   Comlink's Node adapter (this file);
// - Electron: the desktop app's utility processes (the export) run this
//   Node pool of worker threads; a pool served to the renderer over Electron's
//   MessagePortMain would take `electron/utility/message-port-main-endpoint.ts`
//   (Comlink's Node adapter wraps each message in `{ data }` a second time).
// Everything that crosses the boundary is structured-clonable or transferred,
// and errors are revived by name, so callers cannot tell the hosts apart.

import { wrap } from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter.mjs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type CryptoPool, type CryptoRemote, createCryptoPool } from "./pool";
import type { CryptoAPI } from "./worker-slots";
import { cryptoPoolSize } from "../../shared/crypto/pool-size";

// [Note: Worker threads run TypeScript through tsx's API]
//
// Under vitest or tsx this module is TypeScript, and so is the worker entry.
// Node 20 does not apply `--import tsx` given in a worker's `execArgv` to the
// worker's entry module (ERR_UNKNOWN_FILE_EXTENSION on Node 20.20), so the
// worker starts from a one-line bootstrap that loads the entry with tsx's
// `tsImport`. Compiled to JavaScript, the entry is spawned directly.

// Loaded by `tsImport` (in a worker thread of its own), the module's URL
// carries a query after its path.
const isTypeScript = new URL(import.meta.url).pathname.endsWith(".ts");
const entryURL = new URL(
  isTypeScript ? "./crypto.node-worker.ts" : "./crypto.node-worker.js",
  import.meta.url,
);

const spawnWorker = (): Worker => {
  if (!isTypeScript) return new Worker(entryURL);
  const tsxAPIURL = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsxAPIURL)}).then(({ tsImport }) => tsImport(${JSON.stringify(entryURL.href)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(bootstrap, { eval: true });
};

export interface NodeCryptoWorkers {
  remotes: CryptoRemote[];
  /** Stops the worker threads. */
  terminate: () => Promise<void>;
}

/** Starts `count` crypto worker threads and waits until each answers. */
export const spawnNodeCryptoWorkers = async (count: number): Promise<NodeCryptoWorkers> => {
  const threads = Array.from({ length: count }, spawnWorker);
  const remotes = threads.map((thread) => wrap<CryptoAPI>(nodeEndpoint(thread)));
  const terminate = async () => {
    await Promise.all(threads.map((thread) => thread.terminate()));
  };
  try {
    // A worker that fails to load never answers a Comlink call, so race each
    // first call against the thread's error and exit events.
    await Promise.all(
      threads.map(
        (thread, index) =>
          new Promise<void>((resolve, reject) => {
            thread.once("error", reject);
            thread.once("exit", (code) => {
              reject(new Error(`Crypto worker ${index} exited with code ${code} while starting`));
            });
            remotes[index]?.openStreamCount().then(() => {
              resolve();
            }, reject);
          }),
      ),
    );
  } catch (e) {
    await terminate();
    throw e;
  }
  return { remotes, terminate };
};

export interface NodeCryptoPool extends CryptoPool {
  terminate(): Promise<void>;
}

/** A crypto pool of worker threads, sized from the machine's cores. See: [Note: Crypto pool size] */
export const createNodeCryptoPool = async ({
  size = cryptoPoolSize(availableParallelism()),
}: { size?: number } = {}): Promise<NodeCryptoPool> => {
  const { remotes, terminate } = await spawnNodeCryptoWorkers(size);
  return Object.assign(createCryptoPool({ workers: remotes }), { terminate });
};
