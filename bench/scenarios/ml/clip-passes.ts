// The timed passes of CLIP image embeddings, the same on both sides (the
// bench page's worker on onnxruntime-web, the bench process on
// onnxruntime-node): the seeded images, one untimed embedding that opens
// the session (its values compared across the sides), then the passes.

import type { ClipEmbedder } from "../../../workers/ml/clip/clip-embedder";
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

export const measureClipPasses = async (
  embedder: ClipEmbedder,
): Promise<Omit<ClipThroughput, "environment">> => {
  const images = seededImages(
    clipImagesPerPass,
    clipImageWidthPx,
    clipImageHeightPx,
    seeds.clipImages,
  );
  const [first] = images;
  if (first === undefined) throw new Error("No images to embed");
  // Untimed: opens the session (fetches or reads the model, folds its constants).
  const firstEmbedding = Array.from(await embedder.embedImage(first));
  const passes: ThroughputPass[] = [];
  for (let pass = 0; pass < clipPasses; pass++) {
    const start = performance.now();
    for (const image of images) await embedder.embedImage(image);
    passes.push({ images: images.length, ms: performance.now() - start });
  }
  return { passes, firstEmbedding };
};
