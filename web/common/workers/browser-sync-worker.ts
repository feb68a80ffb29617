// Starts the tab's sync worker in the browser (vite-plugin-comlink), with
// its first crypto worker beside it.
// See: [Note: The sync worker runs its own crypto pool]
// See: [Note: The page starts the sync worker's crypto workers]

import { transfer } from "comlink";
import { endpointSymbol } from "vite-plugin-comlink/symbol";

export type SyncWorkerRemote = ReturnType<typeof spawnSyncWorker>;

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so each constructor must stand alone, not inside an expression.
const spawnSyncWorker = () => {
  const worker = new ComlinkWorker<typeof import("../../../workers/sync/sync.worker")>(
    new URL("../../../workers/sync/sync.worker", import.meta.url),
    { type: "module", name: "sync" },
  );
  return worker;
};

const spawnCryptoWorker = () => {
  const worker = new ComlinkWorker<typeof import("../../../workers/crypto/crypto.worker")>(
    new URL("../../../workers/crypto/crypto.worker", import.meta.url),
    { type: "module", name: "crypto" },
  );
  return worker;
};

export interface BrowserSyncWorker {
  api: SyncWorkerRemote;
  /** Ends the worker and the crypto worker started with it at once. */
  terminate(): void;
}

/**
 * A new sync worker and its first crypto worker, a port to it handed over;
 * the library wiring starts one per logged-in tab. This thread only starts
 * and ends the crypto worker: it never asks it for any crypto.
 */
export const startBrowserSyncWorker = (): BrowserSyncWorker => {
  const worker = spawnSyncWorker();
  // One: the sync worker grows its pool once the stored library is loaded.
  const cryptoWorker = spawnCryptoWorker();
  const channel = new MessageChannel();
  cryptoWorker.serveOnPort(transfer(channel.port1, [channel.port1])).catch(() => undefined);
  worker.adoptCryptoWorkers(transfer([channel.port2], [channel.port2])).catch(() => undefined);
  return {
    api: worker,
    terminate: () => {
      worker[endpointSymbol].terminate();
      cryptoWorker[endpointSymbol].terminate();
    },
  };
};
