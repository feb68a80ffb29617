// The media worker as the sync worker uses it: a dedicated worker started
// from the sync worker (vite-plugin-comlink) on its first call, behind the
// client that gives each call a deadline and starts a fresh worker after
// one that hung. See: [Note: The sync worker runs its own crypto pool],
// [Note: The media worker is ended when a call passes its deadline]

import { endpointSymbol } from "vite-plugin-comlink/symbol";
import {
  type MediaWorkerClient,
  type MediaWorkerRemote,
  createMediaWorkerClient,
} from "./media-worker-client";
import type { MediaWorkerHandle } from "./media-worker-supervisor";

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnMediaWorker = () => {
  const worker = new ComlinkWorker<typeof import("./media.worker")>(
    new URL("./media.worker", import.meta.url),
    { type: "module", name: "media" },
  );
  return worker;
};

const startMediaWorker = (): MediaWorkerHandle<MediaWorkerRemote> => {
  const worker = spawnMediaWorker();
  return {
    remote: {
      facts: (parts) => worker.facts(parts),
      typeOnlyFacts: (parts) => worker.typeOnlyFacts(parts),
      thumbnail: (part, facts) => worker.thumbnail(part, facts),
      displayImage: (file, fileName) => worker.displayImage(file, fileName),
    },
    terminate: () => {
      worker[endpointSymbol].terminate();
    },
  };
};

/** The sync worker's media worker client; no worker runs until its first call. */
export const createBrowserMediaWorker = (): MediaWorkerClient =>
  createMediaWorkerClient({
    start: startMediaWorker,
    timers: {
      setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
    logWarning: (message, cause) => {
      console.warn(message, cause);
    },
  });
