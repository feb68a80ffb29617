import path from "node:path";
import * as ort from "onnxruntime-node";
import type { ModelFile } from "../../../shared/api/models";
import type { ClipRuntime } from "./clip-embedder";
import { cachedModelFile, type ModelCacheDeps } from "./model-cache";

// The CLIP runtimes of Node hosts (the desktop app's ML process, tests, the
// bench): onnxruntime-node's CPU provider over model files on the disk.
// See: [Note: One CLIP engine, any ONNX runtime]

/**
 * One intra-op thread and no CPU memory arena, as the reference's desktop
 * ML process: indexing runs beside the app's other work, a model held in
 * the arena would keep its peak memory after each run, and throughput comes
 * from indexing files one after another, not from one faster inference.
 */
const sessionOptions = { intraOpNumThreads: 1, enableCpuMemArena: false } as const;

/** A runtime opening each model from the file `modelFile` gives for it. */
const nodeClipRuntimeOver = (modelFile: (model: ModelFile) => Promise<string>): ClipRuntime => ({
  Tensor: ort.Tensor,
  createSession: async (model) =>
    ort.InferenceSession.create(await modelFile(model), sessionOptions),
});

/** A runtime opening the models of `modelsDir` (`CAIRN_MODELS_DIR`, a test's folder). */
export const nodeClipRuntime = (modelsDir: string): ClipRuntime =>
  nodeClipRuntimeOver((model) => Promise.resolve(path.join(modelsDir, model.name)));

/**
 * The desktop's runtime: each model fetched from the server into the
 * desktop's own folder once. See: [Note: The desktop keeps the server's models on its disk]
 */
export const cachedClipRuntime = (cache: ModelCacheDeps): ClipRuntime =>
  nodeClipRuntimeOver((model) => cachedModelFile(cache, model.name));
