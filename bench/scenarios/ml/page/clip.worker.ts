// CLIP image embeddings through the project's embedder on onnxruntime-web,
// in a dedicated worker as the ML worker runs them, over seeded pixels made
// here (so no transfer is timed). Two embedders: the tiny test model from
// the app host's `/models/`, and the heavier one from beside the page.
// Exposed by vite-plugin-comlink.

import {
  browserClipRuntime,
  browserClipThreadCount,
} from "../../../../workers/ml/clip/browser-clip-runtime";
import { type ClipEmbedder, createClipEmbedder } from "../../../../workers/ml/clip/clip-embedder";
import { measureClipPasses } from "../clip-passes";
import { type ClipModelName, type ClipThroughput, heavyModelsFolder } from "../parameters";

/** The app's fetch, with `/models/<name>` answered from the heavier model's folder. */
const heavyModelFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  url.pathname = url.pathname.replace(/^\/models\//, `/${heavyModelsFolder}/`);
  return fetch(url, init);
};

/**
 * The embedders of this worker, with `threads` when given, else the
 * runtime's own count (half the cores, at most 4) as the ML worker runs it.
 * The first runtime sets the worker's thread count: one call per worker.
 */
const embeddersWith = (threads: number | undefined): Record<ClipModelName, ClipEmbedder> => {
  const options = threads === undefined ? {} : { threads };
  return {
    tiny: createClipEmbedder(browserClipRuntime(options)),
    heavy: createClipEmbedder(browserClipRuntime({ ...options, fetch: heavyModelFetch })),
  };
};

export const clipThroughput = async (
  model: ClipModelName,
  threads?: number,
): Promise<ClipThroughput> => {
  const { passes, firstEmbedding } = await measureClipPasses(embeddersWith(threads)[model]);
  return {
    passes,
    firstEmbedding,
    environment: {
      crossOriginIsolated: self.crossOriginIsolated,
      threads: browserClipThreadCount(),
    },
  };
};
