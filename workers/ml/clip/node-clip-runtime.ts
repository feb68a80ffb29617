import path from "node:path";
import * as ort from "onnxruntime-node";
import type { ClipRuntime } from "./clip-embedder";

// The CLIP runtime of Node hosts (an Electron utility process, a command
// line, tests): onnxruntime-node's CPU provider over the files of a models
// folder. See: [Note: One CLIP engine, any ONNX runtime]

/**
 * One intra-op thread and no CPU memory arena, as the reference's desktop
 * ML process: indexing runs beside the app's other work, a model held in
 * the arena would keep its peak memory after each run, and throughput comes
 * from indexing files one after another, not from one faster inference.
 */
const sessionOptions = { intraOpNumThreads: 1, enableCpuMemArena: false } as const;

/** A runtime opening the models of `modelsDir` (`CAIRN_MODELS_DIR` or the desktop's own). */
export const nodeClipRuntime = (modelsDir: string): ClipRuntime => ({
  Tensor: ort.Tensor,
  createSession: (model) =>
    ort.InferenceSession.create(path.join(modelsDir, model.name), sessionOptions),
});
