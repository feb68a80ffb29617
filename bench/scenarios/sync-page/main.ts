// The sync bench's baseline page: one dedicated worker with bare libsodium.
// See bench/scenarios/sync.ts.

import { endpointSymbol } from "vite-plugin-comlink/symbol";
import type { SyncBaselinePage } from "./baseline";

const spawnBare = () => {
  const worker = new ComlinkWorker<typeof import("./bare.worker")>(
    new URL("./bare.worker", import.meta.url),
    { type: "module", name: "bare-sync" },
  );
  return worker;
};

const page: SyncBaselinePage = {
  runBareDecrypt: async (records) => {
    const worker = spawnBare();
    try {
      return await worker.runBareDecrypt(records);
    } finally {
      worker[endpointSymbol].terminate();
    }
  },
};

window.cairnSyncBaseline = page;
