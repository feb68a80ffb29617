// Where the web apps serve the things detector's files: the COCO detector of
// @vladmandic/human and the WebAssembly binaries of its bundled tfjs. The
// build copies them from node_modules (build/things-assets-plugin.ts) under
// `/assets/`, in folders named for the package versions they come from, so
// a name never changes content and the app host caches them for a year.

/** The versions the paths name; the build refuses node_modules of other versions. */
export const thingsAssetVersions = {
  /** @vladmandic/human, whose `models/` holds the detector. */
  human: "3.3.6",
  /** The tfjs human bundles, and @tensorflow/tfjs-backend-wasm, whose binaries match it. */
  tfjs: "4.22.0",
} as const;

const modelDir = `/assets/ml/things/human-${thingsAssetVersions.human}`;
const wasmDir = `/assets/ml/things/tfjs-${thingsAssetVersions.tfjs}`;

/** Origin-relative paths of the detector's files. */
export const thingsAssetPaths = {
  /** The graph model's topology and weights manifest (TF.js graph model JSON). */
  modelJSON: `${modelDir}/centernet.json`,
  /** Its weights (4 MB), the one file the manifest names. */
  modelWeights: `${modelDir}/centernet.bin`,
  /** The folder tfjs's wasm backend loads its binary from (ends with a slash). */
  wasmDir: `${wasmDir}/`,
  /** The backend's binaries: with SIMD (every current browser), and without. */
  wasmSIMD: `${wasmDir}/tfjs-backend-wasm-simd.wasm`,
  wasmPlain: `${wasmDir}/tfjs-backend-wasm.wasm`,
} as const;
