// Starts the `/shared-albums` tab's public album worker (vite-plugin-comlink).
// See: [Note: A public album is the gallery's engine over one collection]

import { endpointSymbol } from "vite-plugin-comlink/symbol";

export type PublicAlbumWorkerRemote = ReturnType<typeof spawnPublicAlbumWorker>;

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnPublicAlbumWorker = () => {
  const worker = new ComlinkWorker<
    typeof import("../../../workers/public-album/public-album.worker")
  >(new URL("../../../workers/public-album/public-album.worker", import.meta.url), {
    type: "module",
    name: "public-album",
  });
  return worker;
};

export interface BrowserPublicAlbumWorker {
  api: PublicAlbumWorkerRemote;
  /** Ends the worker (and its crypto workers) at once. */
  terminate(): void;
}

export const startBrowserPublicAlbumWorker = (): BrowserPublicAlbumWorker => {
  const worker = spawnPublicAlbumWorker();
  return {
    api: worker,
    terminate: () => {
      worker[endpointSymbol].terminate();
    },
  };
};
