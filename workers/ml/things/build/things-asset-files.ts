// Where each served ML file comes from in node_modules (the things detector,
// the face models and the wasm binaries of the tfjs they share), for the
// build (things-assets-plugin.ts) and for Node tests, which serve the same
// paths. This is the one list of served model files.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { faceAssetPaths } from "../../faces/face-assets";
import { thingsAssetPaths, thingsAssetVersions } from "../things-assets";

const nodeModules = fileURLToPath(new URL("../../../../node_modules/", import.meta.url));

const humanFile = (file: string) => path.join(nodeModules, "@vladmandic/human", file);
const tfjsWasmFile = (file: string) =>
  path.join(nodeModules, "@tensorflow/tfjs-backend-wasm/wasm-out", file);

/** Each served path (origin-relative) and the file it is copied from. */
export const humanAssetFiles: ReadonlyMap<string, string> = new Map([
  [thingsAssetPaths.modelJSON, humanFile("models/centernet.json")],
  [thingsAssetPaths.modelWeights, humanFile("models/centernet.bin")],
  [faceAssetPaths.detectorJSON, humanFile("models/blazeface.json")],
  [faceAssetPaths.detectorWeights, humanFile("models/blazeface.bin")],
  [faceAssetPaths.descriptorJSON, humanFile("models/faceres.json")],
  [faceAssetPaths.descriptorWeights, humanFile("models/faceres.bin")],
  [thingsAssetPaths.wasmSIMD, tfjsWasmFile("tfjs-backend-wasm-simd.wasm")],
  [thingsAssetPaths.wasmPlain, tfjsWasmFile("tfjs-backend-wasm.wasm")],
]);

/** The package versions the paths name and the tfjs human bundles. */
const installedVersions = async () => {
  const versionOf = async (packageDir: string) =>
    (
      JSON.parse(await readFile(path.join(nodeModules, packageDir, "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  // The bundle's versions, as human's own module exports them.
  const { version: bundled } = (await import(
    pathToFileURL(humanFile("dist/tfjs.version.js")).href
  )) as { version: Record<string, string | undefined> };
  return {
    human: await versionOf("@vladmandic/human"),
    tfjsWasm: await versionOf("@tensorflow/tfjs-backend-wasm"),
    bundledTfjsWasm: bundled["tfjs-backend-wasm"],
  };
};

/**
 * Throws unless node_modules holds the versions `thingsAssetVersions` names:
 * the paths would lie about their content, and a wasm binary of another
 * tfjs than the bundled one does not load.
 */
export const ensureThingsAssetVersions = async (): Promise<void> => {
  const installed = await installedVersions();
  const wanted = thingsAssetVersions;
  const problems = [
    installed.human !== wanted.human &&
      `@vladmandic/human is ${installed.human}, not ${wanted.human}`,
    installed.tfjsWasm !== wanted.tfjs &&
      `@tensorflow/tfjs-backend-wasm is ${installed.tfjsWasm}, not ${wanted.tfjs}`,
    installed.bundledTfjsWasm !== wanted.tfjs &&
      `human bundles tfjs-backend-wasm ${String(installed.bundledTfjsWasm)}, not ${wanted.tfjs}`,
  ].filter((problem) => typeof problem === "string");
  if (problems.length > 0) {
    throw new Error(
      `The ML models' files (workers/ml/things/things-assets.ts, workers/ml/faces/face-assets.ts): ${problems.join("; ")}`,
    );
  }
};
