// The browser entry of the ML worker: CLIP embeddings and the things
// detector, for the on-device indexing of the photos app (vite-plugin-comlink
// exposes every export). Its calls are `MLWorkerCalls` (ml-worker-contract.ts),
// built by `createMLWorkerService` over the browser's I/O.
//
// Both runtimes are large (onnxruntime-web's module, tfjs as human bundles
// it) and only indexing or a search by meaning needs them, so each is
// imported on its first use, in a chunk of its own: the worker starts with
// neither, and a server without the CLIP models never loads onnxruntime.
// Their binaries and models come from the app's own origin (see: [Note:
// onnxruntime-web is served from the app], things-assets.ts).

// First: the models' status is read with a zod schema. See: [Note: Zod parses without eval].
import "../../shared/api/zod-jitless";
import { wrap } from "comlink";
import { browserImageCodec } from "../media/image/browser-image-codec";
import { createClipService } from "./clip/clip-service";
import { faceCropJPEGs } from "./faces/face-crop-jpegs";
import { bitmapRGBA, modelImages as modelImagesOf } from "./image-pixels";
import type { ClipCalls, MLWorkerCalls } from "./ml-worker-contract";
import { createMLWorkerService } from "./ml-worker-service";
import { faceEngineFor } from "./faces/face-engines";
import { fetchModelsStatus } from "./models-status";

/** The worker's own CLIP, or the desktop app's native one once adopted. */
let clip: ClipCalls = createClipService({
  fetch: (url, init) => fetch(url, init),
  origin: self.location.origin,
  nowMs: () => Date.now(),
  loadClipRuntime: async () => (await import("./clip/browser-clip-runtime")).browserClipRuntime(),
});

const service: MLWorkerCalls = createMLWorkerService({
  clip: () => clip,
  loadThingsTagger: async () =>
    (await import("./things/browser-things-tagger")).loadBrowserThingsTagger(),
  chooseFaceEngine: async () =>
    faceEngineFor(await fetchModelsStatus((url, init) => fetch(url, init), self.location.origin)),
  loadFaceIndexer: async (engine) =>
    engine === "yolov5face-mobilefacenet"
      ? (await import("./faces/onnx-face-indexer")).loadOnnxFaceIndexer(
          (await import("./clip/browser-clip-runtime")).browserClipRuntime(),
        )
      : (await import("./faces/browser-face-indexer")).loadBrowserFaceIndexer(),
  logError: (message, cause) => {
    console.error(message, cause);
  },
  loadDotProducts: async () =>
    (await import("./faces/browser-face-similarity")).loadBrowserDotProducts(),
  modelImages: (bytes) => modelImagesOf({ codec: browserImageCodec, rgba: bitmapRGBA }, bytes),
  faceCropJPEGs: (jpegBytes, boxes) => faceCropJPEGs(browserImageCodec, jpegBytes, boxes),
});

export const {
  clipStatus,
  embedImages,
  embedText,
  tagThings,
  indexImage,
  indexImages,
  hashImages,
  detectFaces,
  faceEngine,
  cropFaces,
  clusterFaces,
} = service;

/**
 * The desktop app's CLIP, served by its ML process over `port`
 * (transferred): from now on every embedding is computed there.
 * See: [Note: The desktop runs CLIP natively]
 */
export const adoptNativeClip = (port: MessagePort): void => {
  clip = wrap<ClipCalls>(port);
};
