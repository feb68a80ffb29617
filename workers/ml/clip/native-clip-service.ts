import type { ClipCalls } from "../ml-worker-contract";
import { createClipService } from "./clip-service";
import { cachedClipRuntime } from "./node-clip-runtime";

// [Note: The desktop runs CLIP natively]
//
// In the desktop app, CLIP runs in a utility process of its own
// (`electron/utility/ml.ts`) under onnxruntime-node, with the same embedder
// and the same models as the browser's onnxruntime-web, so the embeddings
// are the ones any client of the ecosystem computes, at native speed
// (several times the browser's on a real CLIP: the bench's `ml` scenario
// compares them). The page's ML worker still decodes the photos and tags
// their things; it sends each photo's CLIP pixels over a port to this
// service and gets the 512 values back. The service asks the server's
// `/models/status` as the browser's does (the page's own origin there is
// the app's, which serves no models), and keeps the models on the disk
// (see: [Note: The desktop keeps the server's models on its disk]). One
// service serves every page, so two windows share one session per model.

export interface NativeClipServiceOptions {
  /** The server the desktop app speaks to. */
  apiOrigin: string;
  /** Where the models are kept. */
  modelsCacheDir: string;
  fetch?: typeof globalThis.fetch;
}

export const createNativeClipService = ({
  apiOrigin,
  modelsCacheDir,
  fetch: fetchImpl = globalThis.fetch.bind(globalThis),
}: NativeClipServiceOptions): ClipCalls =>
  createClipService({
    fetch: fetchImpl,
    origin: apiOrigin,
    nowMs: () => Date.now(),
    loadClipRuntime: () =>
      Promise.resolve(
        cachedClipRuntime({ fetch: fetchImpl, origin: apiOrigin, cacheDir: modelsCacheDir }),
      ),
  });
