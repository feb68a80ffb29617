import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipImageModel, modelsStatusPath } from "../../shared/api/models";
import type { ModelsStatus } from "../../shared/api/models-status";
import { writeClipTestModels } from "../../tests/test-support/clip-test-models";
import type { RGBAImage } from "./clip/clip-embedder";
import { nodeClipRuntime } from "./clip/node-clip-runtime";
import { ImageDecodeError, type ModelImages } from "./image-pixels";
import type { MLWorkerCalls } from "./ml-worker-contract";
import { clipRecheckIntervalMs, createClipService } from "./clip/clip-service";
import { createMLWorkerService } from "./ml-worker-service";
import { perceptualHash, perceptualHashHex } from "../dedupe/perceptual-hash";
import type { ThingsTagger } from "./things/things-tagger";
import { dotProductsJS } from "./faces/face-similarity";
import { type FaceEngineName, builtInFaceEngine, faceEngines } from "./faces/face-engines";

// The ML worker's calls over the real CLIP path in Node (onnxruntime-node on
// the tiny CLIP-shaped models: see [Note: Tiny CLIP-shaped test models]), a
// models status answered by the test, a test clock and a stand-in things
// tagger. See: [Note: The ML worker remembers that CLIP is off]

const origin = "http://photos.test";

const solid = (width: number, height: number, value: number): RGBAImage => ({
  width,
  height,
  data: new Uint8ClampedArray(width * height * 4).fill(value),
});

const statusAnswer = (semanticSearch: ModelsStatus["semanticSearch"]): ModelsStatus => ({
  semanticSearch,
  models: [],
});
const on = statusAnswer({ available: true });
const noFolder = statusAnswer({ available: false, reason: "no-models-folder" });

const norm = (vector: Float32Array) => Math.hypot(...vector);

let modelsDir: string;
beforeAll(async () => {
  modelsDir = await mkdtemp(path.join(os.tmpdir(), "cairn-ml-worker-"));
  await writeClipTestModels(modelsDir);
});
afterAll(async () => {
  await rm(modelsDir, { recursive: true, force: true });
});

interface Harness {
  service: MLWorkerCalls;
  /** What `/models/status` answers next: a status, or an HTTP status code. */
  answer: ModelsStatus | number;
  statusRequests: number;
  runtimeLoads: number;
  taggerLoads: number;
  faceIndexerLoads: number;
  /** The engine the models folder offers, and the engines loaded. */
  faceEngine: FaceEngineName;
  loadedFaceEngines: FaceEngineName[];
  /** The reference's face models fail to load (a damaged file). */
  referenceFaceModelsBroken: boolean;
  /** onnxruntime's module fails to load (a chunk the server no longer has). */
  clipRuntimeBroken: boolean;
  /** Images the stand-in tagger was given. */
  tagged: RGBAImage[];
  /** The most taggings that were running at once. */
  mostAtOnce: number;
  nowMs: number;
}

const harness = (dir = modelsDir, initial: ModelsStatus | number = on): Harness => {
  const h: Harness = {
    answer: initial,
    statusRequests: 0,
    runtimeLoads: 0,
    taggerLoads: 0,
    faceIndexerLoads: 0,
    faceEngine: builtInFaceEngine,
    loadedFaceEngines: [],
    referenceFaceModelsBroken: false,
    clipRuntimeBroken: false,
    tagged: [],
    mostAtOnce: 0,
    nowMs: 1_000_000,
    service: undefined as unknown as MLWorkerCalls,
  };
  let running = 0;
  const tagger: ThingsTagger = {
    tag: async (image) => {
      h.tagged.push(image);
      running++;
      h.mostAtOnce = Math.max(h.mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return [{ label: "person", score: 0.5 }];
    },
    dispose: () => undefined,
  };
  const clip = createClipService({
    fetch: (input) => {
      expect(input instanceof Request ? input.url : String(input)).toBe(
        `${origin}${modelsStatusPath}`,
      );
      h.statusRequests++;
      const { answer } = h;
      return Promise.resolve(
        typeof answer === "number" ? new Response("", { status: answer }) : Response.json(answer),
      );
    },
    origin,
    nowMs: () => h.nowMs,
    loadClipRuntime: () => {
      h.runtimeLoads++;
      if (h.clipRuntimeBroken) return Promise.reject(new Error("The module did not load"));
      return Promise.resolve(nodeClipRuntime(dir));
    },
  });
  h.service = createMLWorkerService({
    clip: () => clip,
    loadThingsTagger: () => {
      h.taggerLoads++;
      return Promise.resolve(tagger);
    },
    loadDotProducts: () => Promise.resolve(dotProductsJS),
    chooseFaceEngine: () => Promise.resolve(h.faceEngine),
    // One face in a photo whose first byte is odd, none in the others.
    loadFaceIndexer: (engine) => {
      h.faceIndexerLoads++;
      h.loadedFaceEngines.push(engine);
      if (engine !== builtInFaceEngine && h.referenceFaceModelsBroken) {
        return Promise.reject(new Error("The face model did not load"));
      }
      const { embeddingLength } = faceEngines[engine];
      return Promise.resolve({
        engine,
        detectFaces: (image) =>
          Promise.resolve(
            (image.data[0] ?? 0) % 2 === 1
              ? [
                  {
                    box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
                    landmarks: [],
                    score: 0.9,
                    blur: 100,
                    embedding: Float32Array.from({ length: embeddingLength }, (_, i) =>
                      i === 0 ? 1 : 0,
                    ),
                  },
                ]
              : [],
          ),
        dispose: () => undefined,
      });
    },
    faceCropJPEGs: (_, boxes) => Promise.resolve(boxes.map(() => new Uint8Array([0xff, 0xd8]))),
    // A first byte of 0 is an undecodable photo; 255, a codec that broke.
    modelImages: (bytes): Promise<ModelImages> => {
      if (bytes[0] === 0) return Promise.reject(new ImageDecodeError("not a photo"));
      if (bytes[0] === 255) return Promise.reject(new Error("the canvas broke"));
      return Promise.resolve({
        size: { widthPx: 4000, heightPx: 3000 },
        clip: solid(8, 6, bytes[0] ?? 0),
        things: solid(512, 512, bytes[0] ?? 0),
      });
    },
  });
  return h;
};

describe("with the CLIP models", () => {
  it("embeds batches of images and texts, normalised, loading each model once", async () => {
    const h = harness();
    expect(await h.service.clipStatus()).toEqual({ available: true });
    // The status is the server's: onnxruntime loads with the first embedding.
    expect(h.runtimeLoads).toBe(0);
    const embeddings = await h.service.embedImages([solid(4, 4, 10), solid(9, 3, 200)]);
    expect(embeddings).toHaveLength(2);
    for (const embedding of embeddings ?? []) {
      expect(embedding).toHaveLength(512);
      expect(norm(embedding)).toBeCloseTo(1, 5);
    }
    expect(embeddings?.[0]).not.toEqual(embeddings?.[1]);
    const text = await h.service.embedText("a dog on a beach");
    expect(text).toHaveLength(512);
    expect(norm(text ?? new Float32Array())).toBeCloseTo(1, 5);
    expect(await h.service.embedImages([])).toEqual([]);
    // Once on, CLIP stays on: no more status requests, one runtime.
    h.nowMs += 10 * clipRecheckIntervalMs;
    await h.service.embedText("again");
    expect(h.statusRequests).toBe(1);
    expect(h.runtimeLoads).toBe(1);
  });

  it("indexes a photo: its CLIP embedding, its things, its size", async () => {
    const h = harness();
    const indexed = await h.service.indexImage(new Uint8Array([7, 8, 9]));
    expect(indexed).toMatchObject({
      width: 4000,
      height: 3000,
      things: [{ label: "person", score: 0.5 }],
    });
    expect(indexed.clip).toHaveLength(512);
    expect(indexed.clip).toEqual((await h.service.embedImages([solid(8, 6, 7)]))?.[0]);
    // The detector gets its own 512×512 pixels, not CLIP's.
    expect(h.tagged.map(({ width }) => width)).toEqual([512]);
    // The perceptual hash is CLIP's image's.
    expect(indexed.perceptualHash).toBe(perceptualHashHex(perceptualHash(solid(8, 6, 7))));
  });

  it("hashes photos alone, without running a model, an undecodable one undefined", async () => {
    const h = harness();
    const hashes = await h.service.hashImages([new Uint8Array([7]), new Uint8Array([0])]);
    expect(hashes).toEqual([perceptualHashHex(perceptualHash(solid(8, 6, 7))), undefined]);
    expect(h.tagged).toHaveLength(0);
    expect(h.runtimeLoads).toBe(0);
    await expect(h.service.hashImages([new Uint8Array([255])])).rejects.toThrow("the canvas broke");
  });

  it("finds faces only when asked, loading the face models then", async () => {
    const h = harness();
    await h.service.indexImages([new Uint8Array([7])]);
    expect(h.faceIndexerLoads).toBe(0);
    const found = await h.service.detectFaces([
      new Uint8Array([7]),
      new Uint8Array([0]),
      new Uint8Array([8]),
    ]);
    expect(found.map((image) => image?.faces.length)).toEqual([1, undefined, 0]);
    expect(found[0]).toMatchObject({ width: 4000, height: 3000 });
    expect(h.faceIndexerLoads).toBe(1);
    await expect(h.service.detectFaces([new Uint8Array([255])])).rejects.toThrow(
      "the canvas broke",
    );
  });

  it("finds faces with the reference's engine when the models folder has it, else the built-in one", async () => {
    const h = harness();
    h.faceEngine = "yolov5face-mobilefacenet";
    expect(await h.service.faceEngine()).toBe("yolov5face-mobilefacenet");
    // Telling the engine loads no model.
    expect(h.faceIndexerLoads).toBe(0);
    const [found] = await h.service.detectFaces([new Uint8Array([7])]);
    expect(found?.faces[0]?.embedding).toHaveLength(192);

    const broken = harness();
    broken.faceEngine = "yolov5face-mobilefacenet";
    broken.referenceFaceModelsBroken = true;
    const [fallback] = await broken.service.detectFaces([new Uint8Array([7])]);
    expect(fallback?.faces[0]?.embedding).toHaveLength(1024);
    expect(broken.loadedFaceEngines).toEqual(["yolov5face-mobilefacenet", "blazeface-faceres"]);
    expect(await broken.service.faceEngine()).toBe("blazeface-faceres");
  });

  it("clusters faces with their own engine's threshold, never one engine's with the other's", async () => {
    const h = harness();
    /** A unit vector at `cosine` to the first axis, leaning towards axis `towards`. */
    const at = (length: number, cosine: number, towards = 1) =>
      Float32Array.from({ length }, (_, i) =>
        i === 0 ? cosine : i === towards ? Math.sqrt(1 - cosine ** 2) : 0,
      );
    const face = (faceID: string, embedding: Float32Array) => ({
      faceID,
      embedding,
      score: 0.95,
      blur: 50,
    });
    const axis = (length: number) => at(length, 1);
    const clusters = await h.service.clusterFaces(
      [
        // Built-in: 0.6 is past its 0.42, one person.
        face("b1", axis(1024)),
        face("b2", at(1024, 0.6)),
        // Reference: 0.6 is short of its 0.76, two people; 0.8 joins.
        face("r1", axis(192)),
        face("r2", at(192, 0.6)),
        face("r3", at(192, 0.8, 2)),
        // No engine makes 7 floats: left out.
        face("x1", axis(7)),
      ],
      new Map(),
    );
    expect(clusters.get("b1")).toBe(clusters.get("b2"));
    expect(clusters.get("r1")).not.toBe(clusters.get("r2"));
    expect(clusters.get("r3")).toBe(clusters.get("r1"));
    expect(clusters.get("r1")).not.toBe(clusters.get("b1"));
    expect(clusters.has("x1")).toBe(false);
  });

  it("indexes a batch of photos, one that does not decode failing alone", async () => {
    const h = harness();
    const results = await h.service.indexImages([
      new Uint8Array([7]),
      new Uint8Array([0]),
      new Uint8Array([8]),
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, false, true]);
    expect(results[1]).toEqual({
      ok: false,
      errorName: "ImageDecodeError",
      message: "not a photo",
    });
    expect(results[0]).toMatchObject({ ok: true, width: 4000, things: [{ label: "person" }] });
    expect(results[2]).toHaveProperty("clip");
    // Any other failure is not the photo's: the batch fails.
    await expect(
      h.service.indexImages([new Uint8Array([7]), new Uint8Array([255])]),
    ).rejects.toThrow("the canvas broke");
  });

  it("runs calls sent at once one after another", async () => {
    const h = harness();
    const answers = await Promise.all([
      h.service.indexImage(new Uint8Array([1])),
      h.service.tagThings([solid(2, 2, 1), solid(2, 2, 2)]),
      h.service.indexImages([new Uint8Array([2]), new Uint8Array([0])]),
      h.service.indexImage(new Uint8Array([3])),
    ]);
    expect(answers).toHaveLength(4);
    expect(h.tagged).toHaveLength(5);
    expect(h.mostAtOnce).toBe(1);
    // A failed call does not stop the next.
    await expect(h.service.indexImage(new Uint8Array([0]))).rejects.toBeInstanceOf(
      ImageDecodeError,
    );
    expect(await h.service.indexImage(new Uint8Array([4]))).toHaveProperty("clip");
  });

  it("tags batches of images, loading the tagger once", async () => {
    const h = harness();
    const tags = await h.service.tagThings([solid(2, 2, 1), solid(3, 3, 2), solid(4, 4, 3)]);
    expect(tags).toHaveLength(3);
    await h.service.tagThings([solid(2, 2, 1)]);
    expect(h.taggerLoads).toBe(1);
    // Tagging alone asks nothing about CLIP.
    expect(h.statusRequests).toBe(0);
  });
});

describe("without the CLIP models", () => {
  it.each([
    ["no models folder", noFolder, "no-models-folder"],
    [
      "a model not ready",
      statusAnswer({ available: false, reason: "model-not-ready" }),
      "model-not-ready",
    ],
    ["no status route", 404, "status-unreachable"],
    [
      "a status it cannot read",
      { semanticSearch: "yes" } as unknown as ModelsStatus,
      "status-unreachable",
    ],
  ])("%s: CLIP is off, things still run", async (_case, answer, reason) => {
    const h = harness(modelsDir, answer);
    expect(await h.service.clipStatus()).toEqual({ available: false, reason });
    expect(await h.service.embedText("red")).toBeUndefined();
    expect(await h.service.embedImages([solid(2, 2, 0)])).toBeUndefined();
    const indexed = await h.service.indexImage(new Uint8Array([1]));
    expect(indexed).toEqual({
      things: [{ label: "person", score: 0.5 }],
      width: 4000,
      height: 3000,
      perceptualHash: perceptualHashHex(perceptualHash(solid(8, 6, 1))),
    });
    expect(h.runtimeLoads).toBe(0);
  });

  it("asks again only after a minute, and picks up models added since", async () => {
    const h = harness(modelsDir, noFolder);
    for (let i = 1; i <= 5; i++) await h.service.indexImage(new Uint8Array([i]));
    expect(await h.service.clipStatus()).toMatchObject({ available: false });
    expect(h.statusRequests).toBe(1);

    h.answer = on;
    h.nowMs += clipRecheckIntervalMs - 1;
    expect(await h.service.embedText("red")).toBeUndefined();
    expect(h.statusRequests).toBe(1);

    h.nowMs += 1;
    expect(await h.service.embedText("red")).toHaveLength(512);
    expect(await h.service.clipStatus()).toEqual({ available: true });
    expect(h.statusRequests).toBe(2);
  });

  it("asks once for calls made together", async () => {
    const h = harness(modelsDir, noFolder);
    await Promise.all([h.service.clipStatus(), h.service.embedText("a"), h.service.embedText("b")]);
    expect(h.statusRequests).toBe(1);
  });

  it("remembers a model that would not load although the status said ready", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-ml-worker-broken-"));
    try {
      await writeClipTestModels(dir);
      await writeFile(path.join(dir, clipImageModel.name), "not an ONNX model");
      const h = harness(dir, on);
      // The text model loads; the image model does not.
      expect(await h.service.embedText("red")).toHaveLength(512);
      expect(await h.service.embedImages([solid(2, 2, 0)])).toBeUndefined();
      expect(await h.service.clipStatus()).toEqual({
        available: false,
        reason: "model-load-failed",
      });
      expect(await h.service.indexImage(new Uint8Array([1]))).not.toHaveProperty("clip");
      expect(h.statusRequests).toBe(1);

      // Fixed in the folder: a minute later, the next call loads it.
      await writeClipTestModels(dir);
      h.nowMs += clipRecheckIntervalMs;
      expect(await h.service.embedImages([solid(2, 2, 0)])).toHaveLength(1);
      expect(h.statusRequests).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("turns CLIP off when its runtime does not load, and tries again a minute later", async () => {
    const h = harness();
    h.clipRuntimeBroken = true;
    expect(await h.service.clipStatus()).toEqual({ available: true });
    expect(await h.service.embedText("red")).toBeUndefined();
    expect(await h.service.clipStatus()).toEqual({
      available: false,
      reason: "model-load-failed",
    });

    h.clipRuntimeBroken = false;
    h.nowMs += clipRecheckIntervalMs;
    expect(await h.service.embedText("red")).toHaveLength(512);
    expect(h.runtimeLoads).toBe(2);
  });

  it("lets an inference error through rather than turning CLIP off", async () => {
    const h = harness();
    await expect(
      h.service.embedImages([{ width: 2, height: 2, data: new Uint8ClampedArray(3) }]),
    ).rejects.toBeInstanceOf(RangeError);
    expect(await h.service.clipStatus()).toEqual({ available: true });
  });
});
