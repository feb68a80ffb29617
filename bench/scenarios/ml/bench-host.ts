// Builds the ML bench page and serves it as the photos app is served: by the
// real app host, under the apps' security headers (cross-origin isolated, so
// onnxruntime-web may start threads; the Content-Security-Policy the ML
// worker runs under), with the tiny CLIP models in its models folder at
// `/models/`. Beside the page: the heavier image model, the fixture photos
// and the face fixtures. The ML models' files (the things detector, the face
// models, tfjs's wasm binaries) are in the build, at `/assets/ml/`.

import { copyFile, mkdir, readdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { recordingLogger } from "../../../server/test-support/logger";
import { createModelsFolder } from "../../../server/src/models/models-folder";
import { createAppHost } from "../../../server/src/static/app-host";
import { clipImageModel, clipTextModel } from "../../../shared/api/models";
import { writeClipTestModels } from "../../../tests/test-support/clip-test-models";
import { faceFixturesDir } from "../../../workers/ml/faces/test-support/face-fixtures";
import { thingsAssetsPlugin } from "../../../workers/ml/things/build/things-assets-plugin";
import { benchBuildRoot, benchPageViteConfig } from "../../lib/vite-page-config";
import {
  faceFixturesFolder,
  fixturesFolder,
  heavyModelHiddenLayers,
  heavyModelsFolder,
} from "./parameters";

const pageRoot = fileURLToPath(new URL("./page", import.meta.url));
const pageOutDir = path.join(benchBuildRoot, "ml", "page");
const tinyModelsDir = path.join(benchBuildRoot, "ml", "models");
/** The shared media fixtures, beside the repository. */
export const fixturesDir = fileURLToPath(
  new URL("../../../../shared/fixtures/media", import.meta.url),
);

export interface MLBenchHost {
  origin: string;
  /** The folders holding each image model (and the tiny text model) under the catalogue's names. */
  modelsDirs: { tiny: string; heavy: string };
  /** The fixture photos the page serves at `fixtures/<name>`. */
  photos: string[];
  /** The face fixtures (`shared/fixtures/faces`) the page serves at `face-fixtures/<name>`. */
  facePhotos: string[];
  close: () => Promise<void>;
}

/** The fixture JPEGs (broken1.jpg is damaged on purpose: not a photo to tag). */
const fixturePhotos = async (): Promise<string[]> =>
  (await readdir(fixturesDir))
    .filter((name) => name.endsWith(".jpg") && name !== "broken1.jpg")
    .sort();

/** The face fixtures: ten photos of fifteen faces. */
const faceFixturePhotos = async (): Promise<string[]> =>
  (await readdir(faceFixturesDir)).filter((name) => name.endsWith(".jpg")).sort();

/** Copies `names` from `fromDir` to the page's `folder`. */
const copyBesidePage = async (fromDir: string, folder: string, names: readonly string[]) => {
  await mkdir(path.join(pageOutDir, folder), { recursive: true });
  for (const name of names) {
    await copyFile(path.join(fromDir, name), path.join(pageOutDir, folder, name));
  }
};

export const startMLBenchHost = async (): Promise<MLBenchHost> => {
  const config = benchPageViteConfig(pageRoot, pageOutDir);
  // The ML models' files under `/assets/ml/` (the things detector, the face
  // models, tfjs's wasm binaries), as the photos app serves them.
  await build({ ...config, plugins: [...(config.plugins ?? []), thingsAssetsPlugin()] });

  const heavyModelsDir = path.join(pageOutDir, heavyModelsFolder);
  await writeClipTestModels(heavyModelsDir, { hiddenLayers: heavyModelHiddenLayers });
  const tinySizes = await writeClipTestModels(tinyModelsDir);
  const photos = await fixturePhotos();
  await copyBesidePage(fixturesDir, fixturesFolder, photos);
  const facePhotos = await faceFixturePhotos();
  await copyBesidePage(faceFixturesDir, faceFixturesFolder, facePhotos);

  let origin = "";
  const host = await createAppHost({
    app: "photos",
    dir: pageOutDir,
    runtimeConfig: () => {
      throw new Error("The ML bench page reads no runtime configuration");
    },
    securityOrigins: () => ({ appURL: origin, apiURL: origin, blobOrigins: [] }),
    logger: recordingLogger(),
    models: createModelsFolder({
      dir: tinyModelsDir,
      models: [
        { name: clipImageModel.name, sizeBytes: tinySizes.imageSizeBytes },
        { name: clipTextModel.name, sizeBytes: tinySizes.textSizeBytes },
      ],
    }),
  });
  await host.listen({ host: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${String((host.server.address() as AddressInfo).port)}`;
  return {
    origin,
    modelsDirs: { tiny: tinyModelsDir, heavy: heavyModelsDir },
    photos,
    facePhotos,
    close: () => host.close(),
  };
};
