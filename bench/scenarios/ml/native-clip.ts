// The native baseline of CLIP image embeddings: the same model, through the
// same embedder, on onnxruntime-node (its CPU provider, as the desktop's ML
// process runs it), over the same seeded images, in the bench process.

import { createClipEmbedder } from "../../../workers/ml/clip/clip-embedder";
import { nodeClipRuntime } from "../../../workers/ml/clip/node-clip-runtime";
import { measureClipPasses } from "./clip-passes";
import type { ClipThroughput } from "./parameters";

/** Every timed pass of the image model in `modelsDir` on onnxruntime-node (one intra-op thread, the runtime's setting). */
export const measureNativeClip = (
  modelsDir: string,
): Promise<Omit<ClipThroughput, "environment">> =>
  measureClipPasses(createClipEmbedder(nodeClipRuntime(modelsDir)));
