// Starts a media worker from another worker (vite-plugin-comlink): the sync
// worker does, on the first upload. See: [Note: The sync worker runs its own crypto pool]

import { endpointSymbol } from "vite-plugin-comlink/symbol";
import type { UploadMedia } from "../upload/upload-run";

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnMediaWorker = () => {
  const worker = new ComlinkWorker<typeof import("./media.worker")>(
    new URL("./media.worker", import.meta.url),
    { type: "module", name: "media" },
  );
  return worker;
};

export interface BrowserMediaWorker {
  media: UploadMedia;
  terminate(): void;
}

export const startBrowserMediaWorker = (): BrowserMediaWorker => {
  const worker = spawnMediaWorker();
  return {
    media: {
      facts: (parts) => worker.facts([...parts]),
      thumbnail: (part, facts) => worker.thumbnail(part, facts),
    },
    terminate: () => {
      worker[endpointSymbol].terminate();
    },
  };
};
