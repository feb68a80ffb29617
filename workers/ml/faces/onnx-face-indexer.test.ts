import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { InferenceSession } from "onnxruntime-common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faceEmbeddingModel } from "../../../shared/api/models";
import {
  faceTestDetectorRows,
  type TestFaceRow,
  writeFaceTestModels,
} from "../../../tests/test-support/face-test-models";
import { nodeClipRuntime } from "../clip/node-clip-runtime";
import type { RGBAImage } from "./face-crop";
import { FaceImageError, type FaceIndexer } from "./face-indexer";
import { embeddingBatchSize, loadOnnxFaceIndexer, type OnnxFaceRuntime } from "./onnx-face-indexer";
import { faceFixtureImage } from "./test-support/face-fixtures";

// The reference's face engine end to end on onnxruntime-node, over the tiny
// face-shaped models (see [Note: Tiny face-shaped test models]) and a real
// photo of the fixtures at thumbnail size: the decoding, the letterbox's
// undoing, the suppression, the alignment, the batches and the embeddings
// all run as they would on the real models.

const dot = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

/** `runtime`, recording how many faces each embedder run was given. */
const countingEmbedderRuns = (
  runtime: OnnxFaceRuntime,
  facesPerRun: number[],
): OnnxFaceRuntime => ({
  Tensor: runtime.Tensor,
  createSession: async (model) => {
    const session = await runtime.createSession(model);
    if (model.name !== faceEmbeddingModel.name) return session;
    const run = session.run.bind(session);
    // This test's own session: its `run` is replaced in place.
    return Object.assign(session, {
      run: (feeds: InferenceSession.FeedsType) => {
        facesPerRun.push(feeds.img_inputs?.dims[0] ?? 0);
        return run(feeds);
      },
    });
  },
});

let modelsDir: string;
let image: RGBAImage;
let indexer: FaceIndexer;

beforeAll(async () => {
  modelsDir = await mkdtemp(path.join(os.tmpdir(), "cairn-onnx-faces-"));
  await writeFaceTestModels(modelsDir);
  image = await faceFixtureImage("two-people.jpg");
  indexer = await loadOnnxFaceIndexer(nodeClipRuntime(modelsDir));
});
afterAll(async () => {
  indexer.dispose();
  await rm(modelsDir, { recursive: true, force: true });
});

describe("the reference's face engine", () => {
  it("finds the detector's faces where it put them in the photo", async () => {
    // 1024×601: the square holds it as 640×376, padded below.
    expect([image.width, image.height]).toEqual([1024, 601]);
    const faces = await indexer.detectFaces(image);
    expect(indexer.engine).toBe("yolov5face-mobilefacenet");
    // Obama and Biden; the weaker copy of Obama's face and the row under 0.7 are gone.
    expect(faces.map(({ score }) => Number(score.toFixed(2)))).toEqual([0.92, 0.88]);
    const [obama, biden] = faceTestDetectorRows;
    for (const [i, row] of [obama, biden].entries()) {
      const face = faces[i];
      if (row === undefined || face === undefined) throw new Error("A face is missing");
      expect(face.box.x).toBeCloseTo((row.centreX - row.width / 2) / 640, 5);
      expect(face.box.y).toBeCloseTo((row.centreY - row.height / 2) / 376, 5);
      expect(face.box.width).toBeCloseTo(row.width / 640, 5);
      expect(face.box.height).toBeCloseTo(row.height / 376, 5);
      expect(face.landmarks).toHaveLength(5);
      expect(face.landmarks[0]?.x).toBeCloseTo((row.centreX - 0.2 * row.width) / 640, 5);
      expect(face.landmarks[0]?.y).toBeCloseTo((row.centreY - 0.12 * row.height) / 376, 5);
    }
    // The places of the two men's faces in the photo (checked by eye for the built-in engine).
    const contains = (index: number, x: number, y: number) => {
      const box = faces[index]?.box;
      return (
        box !== undefined &&
        box.x <= x &&
        x <= box.x + box.width &&
        box.y <= y &&
        y <= box.y + box.height
      );
    };
    expect(contains(0, 0.28, 0.2)).toBe(true);
    expect(contains(1, 0.76, 0.18)).toBe(true);
  });

  it("embeds each aligned face in 192 normalised values, and measures its blur", async () => {
    const [obama, biden] = await indexer.detectFaces(image);
    if (obama === undefined || biden === undefined) throw new Error("A face is missing");
    for (const face of [obama, biden]) {
      expect(face.embedding).toHaveLength(192);
      expect(Math.sqrt(dot(face.embedding, face.embedding))).toBeCloseTo(1, 5);
      expect(Number.isFinite(face.blur)).toBe(true);
      expect(face.blur).toBeGreaterThan(10);
    }
    // Different faces, different embeddings; the same photo, the same ones.
    expect(dot(obama.embedding, biden.embedding)).toBeLessThan(0.99);
    const [again] = await indexer.detectFaces(image);
    expect(again?.embedding).toEqual(obama.embedding);
    expect(again?.blur).toBe(obama.blur);
  });

  it("embeds a crowd in batches of 50", async () => {
    // 60 faces on a grid, apart from each other (none is suppressed).
    const rows: TestFaceRow[] = Array.from({ length: 60 }, (_, i) => ({
      centreX: 32 + (i % 10) * 64,
      centreY: 32 + Math.floor(i / 10) * 60,
      width: 50,
      height: 50,
      score: 0.9 - i * 0.001,
    }));
    const crowdDir = path.join(modelsDir, "crowd");
    await writeFaceTestModels(crowdDir, rows);
    const facesPerRun: number[] = [];
    const crowd = await loadOnnxFaceIndexer(
      countingEmbedderRuns(nodeClipRuntime(crowdDir), facesPerRun),
    );
    try {
      const faces = await crowd.detectFaces(image);
      expect(faces).toHaveLength(60);
      expect(facesPerRun).toEqual([embeddingBatchSize, 10]);
      expect(faces.every(({ embedding }) => embedding.length === 192)).toBe(true);
      // The 51st face (first of the second batch) is its own, not a copy of the first.
      expect(faces[50]?.embedding).not.toEqual(faces[0]?.embedding);
    } finally {
      crowd.dispose();
    }
  });

  it("refuses an image whose pixels do not match its size", async () => {
    await expect(
      indexer.detectFaces({ width: 10, height: 10, data: new Uint8ClampedArray(10) }),
    ).rejects.toThrow(FaceImageError);
  });

  it("does not load without its models", async () => {
    await expect(
      loadOnnxFaceIndexer(nodeClipRuntime(path.join(modelsDir, "absent"))),
    ).rejects.toThrow();
  });
});
