import type { Tfjs, TfjsPlatform } from "./bundled-tfjs";

// [Note: The things detector runs on tfjs's wasm backend]
//
// Of the backends human's tfjs bundles, the detector uses `wasm` (XNNPACK,
// with SIMD), on one thread:
// - `cpu` is plain JavaScript: 7 to 15 s an image on this project's 2-core
//   machines, against about 0.3 s for `wasm` with SIMD (Node 20, the same
//   boxes to within float rounding).
// - `webgl` in a worker needs WebGL on an OffscreenCanvas, which headless
//   Chromium without a GPU gives only through SwiftShader, now behind a
//   flag; a laptop's GPU would differ from a test machine's. `webgpu` is
//   further away still. Neither is worth a second code path yet.
// - tfjs's threaded wasm build starts its threads from `blob:` URLs, which
//   the apps' policy refuses (`worker-src 'self'`; see: [Note: The web
//   apps' Content-Security-Policy]), and indexing already runs beside the
//   page's other workers; so threads are turned off and the SIMD binary
//   (or the plain one, where SIMD is missing) runs on the worker's thread.
// The binary is fetched with the caller's `fetch` (tfjs's `usePlatformFetch`,
// with the platform's fetch replaced by ours) and compiled with
// `WebAssembly.instantiate`, which the policy's `'wasm-unsafe-eval'` allows.

/** tfjs could not start its wasm backend (the binary missing, WebAssembly refused). */
export class ThingsBackendError extends Error {
  override name = "ThingsBackendError";
}

export interface WasmBackendOptions {
  fetch: typeof globalThis.fetch;
  /** An absolute URL of the folder holding `tfjs-backend-wasm{,-simd}.wasm`, ending with `/`. */
  wasmDirURL: string;
}

/** One start per tfjs instance: the backend is the instance's, for every model on it. */
const starts = new WeakMap<object, Promise<void>>();

const start = async (tf: Tfjs, { fetch: fetchImpl, wasmDirURL }: WasmBackendOptions) => {
  // Production mode skips tfjs's debug checks (NaN scans of every output).
  tf.enableProdMode();
  // The platform's other members (clock, text codecs) are kept as they are.
  const platform = Object.create(tf.env().platform) as TfjsPlatform;
  platform.fetch = (url: string, init?: RequestInit) => fetchImpl(url, init);
  tf.setPlatform("browser", platform);
  tf.env().set("WASM_HAS_MULTITHREAD_SUPPORT", false);
  tf.setWasmPaths(wasmDirURL, true);
  if (!(await tf.setBackend("wasm"))) {
    throw new ThingsBackendError(`tfjs's wasm backend did not start (binaries from ${wasmDirURL})`);
  }
};

/**
 * Makes tfjs's wasm backend the current one, once per tfjs instance.
 * See: [Note: The things detector runs on tfjs's wasm backend]
 */
export const startWasmBackend = (tf: Tfjs, options: WasmBackendOptions): Promise<void> => {
  let started = starts.get(tf);
  if (started === undefined) {
    started = start(tf, options);
    starts.set(tf, started);
    // A failed start may be retried (a later call, once the binary is served).
    started.catch(() => starts.delete(tf));
  }
  return started;
};
