import { tf } from "../things/bundled-tfjs";
import { thingsAssetPaths } from "../things/things-assets";
import { startWasmBackend } from "../things/tfjs-wasm-backend";
import type { DotProducts } from "./face-similarity";
import { tfjsDotProducts } from "./face-similarity-tfjs";

// The clustering's dot products in a browser worker: tfjs's wasm backend
// (the one the face models run on, started once), about 14 times faster than
// plain JavaScript over 10,000 faces. See: [Note: Face clustering thresholds]

export const loadBrowserDotProducts = async (): Promise<DotProducts> => {
  await startWasmBackend(tf, {
    fetch: globalThis.fetch.bind(globalThis),
    wasmDirURL: new URL(thingsAssetPaths.wasmDir, globalThis.location.origin).href,
  });
  return tfjsDotProducts(tf);
};
