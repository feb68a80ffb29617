// The native baseline of CLIP image embeddings: the same model, through the
// same embedder, on onnxruntime-node (its CPU provider, as the desktop's ML
// process runs it), over the same seeded images, in the bench process.

import { type ClipEmbedder, createClipEmbedder } from "../../../workers/ml/clip/clip-embedder";
import { nodeClipRuntime } from "../../../workers/ml/clip/node-clip-runtime";
import {
  type ClipThroughput,
  type ThroughputPass,
  clipImageHeightPx,
  clipImageWidthPx,
  clipImagesPerPass,
  clipPasses,
  seeds,
} from "./parameters";
import { seededImages } from "./seeded";

const measure = async (embedder: ClipEmbedder): Promise<Omit<ClipThroughput, "environment">> => {
  const images = seededImages(
    clipImagesPerPass,
    clipImageWidthPx,
    clipImageHeightPx,
    seeds.clipImages,
  );
  const [first] = images;
  if (first === undefined) throw new Error("No images to embed");
  // Untimed: opens the session, as on the browser's side.
  const firstEmbedding = Array.from(await embedder.embedImage(first));
  const passes: ThroughputPass[] = [];
  for (let pass = 0; pass < clipPasses; pass++) {
    const start = performance.now();
    for (const image of images) await embedder.embedImage(image);
    passes.push({ images: images.length, ms: performance.now() - start });
  }
  return { passes, firstEmbedding };
};

/** Every timed pass of the image model in `modelsDir` on onnxruntime-node (one intra-op thread, the runtime's setting). */
export const measureNativeClip = (
  modelsDir: string,
): Promise<Omit<ClipThroughput, "environment">> =>
  measure(createClipEmbedder(nodeClipRuntime(modelsDir)));
