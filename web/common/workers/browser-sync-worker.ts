// Starts the tab's sync worker in the browser (vite-plugin-comlink).
// See: [Note: The sync worker runs its own crypto pool]

import { endpointSymbol } from "vite-plugin-comlink/symbol";

export type SyncWorkerRemote = ReturnType<typeof spawnSyncWorker>;

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnSyncWorker = () => {
  const worker = new ComlinkWorker<typeof import("../../../workers/sync/sync.worker")>(
    new URL("../../../workers/sync/sync.worker", import.meta.url),
    { type: "module", name: "sync" },
  );
  return worker;
};

export interface BrowserSyncWorker {
  api: SyncWorkerRemote;
  /** Ends the worker (and its crypto workers) at once. */
  terminate(): void;
}

/** A new sync worker; the library wiring starts one per logged-in tab. */
export const startBrowserSyncWorker = (): BrowserSyncWorker => {
  const worker = spawnSyncWorker();
  return {
    api: worker,
    terminate: () => {
      worker[endpointSymbol].terminate();
    },
  };
};
