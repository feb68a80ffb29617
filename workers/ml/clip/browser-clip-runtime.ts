import * as ort from "onnxruntime-web/wasm";
import ortWasmModuleURL from "onnxruntime-web/ort-wasm-simd-threaded.mjs?url";
import ortWasmBinaryURL from "onnxruntime-web/ort-wasm-simd-threaded.wasm?url";
import { modelPath } from "../../../shared/api/models";
import type { ClipRuntime } from "./clip-embedder";

// The CLIP runtime of a browser worker: onnxruntime-web's WebAssembly
// backend (SIMD), with the models fetched from the app's own origin.
// See: [Note: One CLIP engine, any ONNX runtime]
//
// [Note: onnxruntime-web is served from the app]
//
// onnxruntime-web loads a JavaScript module and a WebAssembly binary of its
// own at run time, from a CDN unless told otherwise. Both are imported here
// with Vite's `?url`, so the build copies them under `/assets/` (hashed
// names, cached for a year) and `wasmPaths` points the runtime at them: the
// apps' Content-Security-Policy (`script-src 'self' 'wasm-unsafe-eval'`,
// `worker-src 'self'`) then allows them as they are. Naming the module
// explicitly also matters for threads: its pthread workers are started from
// the module's own URL, which must be that file and not the bundle of the
// worker importing onnxruntime (which would run our worker again in each
// thread). Threads need `SharedArrayBuffer`, so only a cross-origin isolated
// page uses them (the apps are: see [Note: Every app answer carries the
// security headers]); elsewhere inference runs on one thread.

/**
 * Half the cores, at most 4: indexing shares the machine with the page, the
 * other workers (decryption, thumbnails) and other tabs, and onnxruntime's
 * own default is the same bound.
 */
const defaultThreadCount = (): number =>
  Math.max(1, Math.min(4, Math.ceil((globalThis.navigator.hardwareConcurrency || 2) / 2)));

let configured = false;
const configureOnce = (threads: number) => {
  if (configured) return;
  configured = true;
  ort.env.wasm.wasmPaths = { mjs: ortWasmModuleURL, wasm: ortWasmBinaryURL };
  ort.env.wasm.numThreads = globalThis.crossOriginIsolated ? threads : 1;
  // We already run in a worker: no proxy worker in front of the runtime.
  ort.env.wasm.proxy = false;
};

export interface BrowserClipRuntimeOptions {
  /** The app's fetch (the worker's own, or a test's). */
  fetch?: typeof globalThis.fetch;
  /** The origin of the app serving `/models/…`: the worker's own by default. */
  origin?: string;
  /**
   * Threads when cross-origin isolated: half the cores, at most 4, by
   * default (tests ask for 2 on a 2-core machine to run the threaded path).
   * The first runtime made in a worker sets it for the worker.
   */
  threads?: number;
}

/** The model's bytes from the app's `/models/<name>`; a missing model is an error naming its status. */
const fetchModelBytes = async (
  fetchImpl: typeof globalThis.fetch,
  url: string,
): Promise<Uint8Array> => {
  const response = await fetchImpl(url);
  if (!response.ok) {
    throw new Error(`${url} answered HTTP ${String(response.status)}: the model is not ready`);
  }
  return new Uint8Array(await response.arrayBuffer());
};

/** A runtime over onnxruntime-web. See: [Note: onnxruntime-web is served from the app] */
export const browserClipRuntime = ({
  fetch: fetchImpl = globalThis.fetch.bind(globalThis),
  origin = globalThis.location.origin,
  threads = defaultThreadCount(),
}: BrowserClipRuntimeOptions = {}): ClipRuntime => ({
  Tensor: ort.Tensor,
  createSession: async (model) => {
    configureOnce(threads);
    const bytes = await fetchModelBytes(fetchImpl, new URL(modelPath(model.name), origin).href);
    return ort.InferenceSession.create(bytes, {
      executionProviders: ["wasm"],
      // As in Node: the arena would keep each inference's peak memory.
      enableCpuMemArena: false,
    });
  },
});

/** The thread count the runtime was configured with, for diagnostics and tests. */
export const browserClipThreadCount = (): number => ort.env.wasm.numThreads ?? 1;
