import { thingsAssetVersions } from "../things/things-assets";

// Where the web apps serve the face models: BlazeFace (detection) and
// HSE-FaceRes (the descriptor), both from @vladmandic/human's `models/`.
// They run on the same tfjs as the things detector, whose wasm binaries
// are served once, at `thingsAssetPaths.wasmDir`. The build copies the files
// from node_modules (things/build/things-asset-files.ts holds the one list of
// served files), in a folder named for the package version, so a name never
// changes content.

const modelDir = `/assets/ml/faces/human-${thingsAssetVersions.human}`;

/** Origin-relative paths of the face models' files. */
export const faceAssetPaths = {
  /** BlazeFace (back camera, 256×256 input): topology and weights manifest. */
  detectorJSON: `${modelDir}/blazeface.json`,
  /** Its weights (0.5 MB), the one file its manifest names. */
  detectorWeights: `${modelDir}/blazeface.bin`,
  /** HSE-FaceRes (224×224 input; descriptor, age, gender): topology and weights manifest. */
  descriptorJSON: `${modelDir}/faceres.json`,
  /** Its weights (7 MB), the one file its manifest names. */
  descriptorWeights: `${modelDir}/faceres.bin`,
} as const;
