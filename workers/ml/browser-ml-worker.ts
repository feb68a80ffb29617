// The ML worker as the sync worker uses it: a dedicated worker started from
// the sync worker (vite-plugin-comlink) on the first indexing run or search
// by description, not when the library opens.

import { transfer } from "comlink";
import type { MLWorkerCalls } from "./ml-worker-contract";

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnMLWorker = () => {
  const worker = new ComlinkWorker<typeof import("./ml.worker")>(
    new URL("./ml.worker", import.meta.url),
    { type: "module", name: "ml" },
  );
  return worker;
};

/** The ML worker's calls, and the desktop's hand-over of its native CLIP. */
export interface BrowserMLWorker extends MLWorkerCalls {
  /** See: [Note: The desktop runs CLIP natively] */
  adoptNativeClip(port: MessagePort): void;
}

/** Starts the ML worker; its calls, each a promise. */
export const startBrowserMLWorker = (): BrowserMLWorker => {
  const worker = spawnMLWorker();
  return {
    adoptNativeClip: (port) => {
      void worker.adoptNativeClip(transfer(port, [port]));
    },
    clipStatus: () => worker.clipStatus(),
    embedImages: (images) => worker.embedImages(images),
    embedText: (text) => worker.embedText(text),
    tagThings: (images) => worker.tagThings(images),
    indexImage: (jpeg) => worker.indexImage(jpeg),
    indexImages: (jpegs) => worker.indexImages(jpegs),
    hashImages: (jpegs) => worker.hashImages(jpegs),
    detectFaces: (jpegs) => worker.detectFaces(jpegs),
    faceEngine: () => worker.faceEngine(),
    cropFaces: (jpegBytes, boxes) => worker.cropFaces(jpegBytes, boxes),
    clusterFaces: (faces, previous) => worker.clusterFaces(faces, previous),
  };
};
