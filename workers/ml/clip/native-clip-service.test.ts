import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipImageModel, clipTextModel, type ModelFile } from "../../../shared/api/models";
import { writeClipTestModels } from "../../../tests/test-support/clip-test-models";
import { type NodeCairn, startNodeCairn } from "../../../tests/test-support/node-cairn";
import { type RGBAImage, createClipEmbedder } from "./clip-embedder";
import { cachedModelFile, ModelFetchError } from "./model-cache";
import { createNativeClipService } from "./native-clip-service";
import { nodeClipRuntime } from "./node-clip-runtime";

// The desktop's native CLIP against a real server whose models folder holds
// the tiny CLIP-shaped test models (see: [Note: Tiny CLIP-shaped test
// models]): the models come from the API's `/models/…` into the desktop's
// folder once, and onnxruntime-node embeds exactly as over the server's own
// files. See: [Note: The desktop runs CLIP natively] and [Note: The desktop
// keeps the server's models on its disk]

let modelsDir: string;
let cacheRoot: string;
let cairn: NodeCairn;
let emptyCairn: NodeCairn;
let modelFiles: ModelFile[];

/** The paths the service fetched from the server, in order. */
const requested: string[] = [];
const countingFetch: typeof fetch = (input, init) => {
  requested.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
  return fetch(input, init);
};
const modelDownloads = () => requested.filter((pathname) => pathname !== "/models/status");

const pixels = (value: number): RGBAImage => ({
  width: 6,
  height: 4,
  data: new Uint8ClampedArray(6 * 4 * 4).fill(value),
});

beforeAll(async () => {
  modelsDir = await mkdtemp(path.join(os.tmpdir(), "cairn-native-clip-models-"));
  cacheRoot = await mkdtemp(path.join(os.tmpdir(), "cairn-native-clip-cache-"));
  const sizes = await writeClipTestModels(modelsDir);
  modelFiles = [
    { name: clipImageModel.name, sizeBytes: sizes.imageSizeBytes },
    { name: clipTextModel.name, sizeBytes: sizes.textSizeBytes },
  ];
  cairn = await startNodeCairn({ models: { dir: modelsDir, files: modelFiles } });
  emptyCairn = await startNodeCairn({
    models: { dir: path.join(modelsDir, "absent"), files: modelFiles },
  });
});

afterAll(async () => {
  await cairn.close();
  await emptyCairn.close();
  await rm(modelsDir, { recursive: true, force: true });
  await rm(cacheRoot, { recursive: true, force: true });
});

describe("the desktop's native CLIP", () => {
  it("embeds with the server's models as onnxruntime-node does over the server's own files", async () => {
    const modelsCacheDir = path.join(cacheRoot, "first");
    requested.length = 0;
    const clip = createNativeClipService({
      apiOrigin: cairn.apiOrigin,
      modelsCacheDir,
      fetch: countingFetch,
    });
    expect(await clip.clipStatus()).toEqual({ available: true });
    const images = await clip.embedImages([pixels(30), pixels(220)]);
    const text = await clip.embedText("a dog on a beach");

    const direct = createClipEmbedder(nodeClipRuntime(modelsDir));
    expect(images).toEqual([
      await direct.embedImage(pixels(30)),
      await direct.embedImage(pixels(220)),
    ]);
    expect(text).toEqual(await direct.embedText("a dog on a beach"));
    // Each model came once, and is kept whole, with no partial file beside it.
    expect(modelDownloads().sort()).toEqual(
      [`/models/${clipImageModel.name}`, `/models/${clipTextModel.name}`].sort(),
    );
    expect((await readdir(modelsCacheDir)).sort()).toEqual(
      modelFiles.map(({ name }) => name).sort(),
    );
    for (const { name, sizeBytes } of modelFiles) {
      expect((await stat(path.join(modelsCacheDir, name))).size).toBe(sizeBytes);
    }

    // The next launch (a new process, a new service) opens the kept files.
    requested.length = 0;
    const relaunched = createNativeClipService({
      apiOrigin: cairn.apiOrigin,
      modelsCacheDir,
      fetch: countingFetch,
    });
    expect(await relaunched.embedText("a dog on a beach")).toEqual(text);
    expect(await relaunched.embedImages([pixels(30)])).toEqual([images?.[0]]);
    expect(modelDownloads()).toEqual([]);
  });

  it("fetches again a kept model of another size than the server's", async () => {
    const modelsCacheDir = path.join(cacheRoot, "stale");
    const cache = { fetch: countingFetch, origin: cairn.apiOrigin, cacheDir: modelsCacheDir };
    const file = await cachedModelFile(cache, clipTextModel.name);
    // An older model, or a copy cut short by a crash.
    await writeFile(file, "an older text model");
    requested.length = 0;
    expect(await cachedModelFile(cache, clipTextModel.name)).toBe(file);
    expect(modelDownloads()).toEqual([`/models/${clipTextModel.name}`]);
    expect((await stat(file)).size).toBe(modelFiles[1]?.sizeBytes);
  });

  it("keeps nothing of a model the server does not have, and says why CLIP is off", async () => {
    const modelsCacheDir = path.join(cacheRoot, "none");
    await expect(
      cachedModelFile(
        { fetch, origin: emptyCairn.apiOrigin, cacheDir: modelsCacheDir },
        clipImageModel.name,
      ),
    ).rejects.toBeInstanceOf(ModelFetchError);
    const clip = createNativeClipService({ apiOrigin: emptyCairn.apiOrigin, modelsCacheDir });
    expect(await clip.clipStatus()).toEqual({ available: false, reason: "no-models-folder" });
    expect(await clip.embedText("red")).toBeUndefined();
    await expect(readdir(modelsCacheDir)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("turns CLIP off, keeping no partial file, when a download does not arrive whole", async () => {
    const modelsCacheDir = path.join(cacheRoot, "cut");
    // The connection drops after the first bytes of each model.
    const cutFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/models/status")) return response;
      const bytes = new Uint8Array(await response.arrayBuffer());
      return new Response(bytes.slice(0, 100), { status: 200 });
    };
    const clip = createNativeClipService({
      apiOrigin: cairn.apiOrigin,
      modelsCacheDir,
      fetch: cutFetch,
    });
    expect(await clip.embedText("red")).toBeUndefined();
    expect(await clip.clipStatus()).toEqual({ available: false, reason: "model-load-failed" });
    expect(await readdir(modelsCacheDir)).toEqual([]);
  });
});
