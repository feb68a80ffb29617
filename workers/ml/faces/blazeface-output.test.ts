import { describe, expect, it } from "vitest";
import {
  type FaceDetection,
  blazeFaceAnchors,
  blazeFaceRegressorCount,
  decodeBlazeFace,
  suppressOverlappingFaces,
} from "./blazeface-output";

describe("blazeFaceAnchors", () => {
  it("gives 512 anchors of the 16-px grid, then 384 of the 32-px grid, row by row", () => {
    const anchors = blazeFaceAnchors();
    expect(anchors).toHaveLength(896);
    expect(anchors.slice(0, 3)).toEqual([
      { x: 8, y: 8 },
      { x: 8, y: 8 },
      { x: 24, y: 8 },
    ]);
    expect(anchors[32]).toEqual({ x: 8, y: 24 });
    expect(anchors[511]).toEqual({ x: 248, y: 248 });
    expect(anchors.slice(512, 519)).toEqual([
      ...Array.from({ length: 6 }, () => ({ x: 16, y: 16 })),
      { x: 48, y: 16 },
    ]);
    expect(anchors[895]).toEqual({ x: 240, y: 240 });
  });
});

describe("decodeBlazeFace", () => {
  const anchors = [
    { x: 8, y: 8 },
    { x: 100, y: 60 },
  ];
  const regressors = new Float32Array(2 * blazeFaceRegressorCount);
  // Anchor 1: centre moved by (+4, -2), a 40×50 box, landmarks at the anchor + (k, 2k).
  regressors.set(
    [4, -2, 40, 50, ...Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? i / 2 : i - 1))],
    blazeFaceRegressorCount,
  );

  it("keeps the anchors scoring at least the minimum, boxes and landmarks mapped to the image", () => {
    const [face, ...rest] = decodeBlazeFace(
      { logits: new Float32Array([-5, 2]), regressors },
      anchors,
      { minScore: 0.5, inputPxPerImagePx: 0.5 },
    );
    expect(rest).toEqual([]);
    expect(face?.score).toBeCloseTo(1 / (1 + Math.exp(-2)), 6);
    expect(face?.box).toEqual({ x: 168, y: 66, width: 80, height: 100 });
    expect(face?.landmarks).toHaveLength(6);
    expect(face?.landmarks[0]).toEqual({ x: 200, y: 120 });
    expect(face?.landmarks[5]).toEqual({ x: 210, y: 140 });
  });

  it("keeps nothing when every score is below the minimum", () => {
    expect(
      decodeBlazeFace({ logits: new Float32Array([-5, -1]), regressors }, anchors, {
        minScore: 0.5,
        inputPxPerImagePx: 1,
      }),
    ).toEqual([]);
  });
});

describe("suppressOverlappingFaces", () => {
  const face = (x: number, score: number): FaceDetection => ({
    box: { x, y: 0, width: 10, height: 10 },
    landmarks: [],
    score,
  });

  it.each([
    ["nothing", [], []],
    ["a duplicate of a better face dropped", [face(1, 0.7), face(0, 0.9)], [face(0, 0.9)]],
    [
      "faces side by side kept, best first",
      [face(0, 0.7), face(10, 0.9)],
      [face(10, 0.9), face(0, 0.7)],
    ],
    // x 0 and 6: IoU 4/16 = 0.25, under the threshold.
    ["a small overlap kept", [face(0, 0.9), face(6, 0.8)], [face(0, 0.9), face(6, 0.8)]],
    // x 0 and 5: IoU 5/15 = 0.33.
    ["a larger overlap dropped", [face(0, 0.9), face(5, 0.8)], [face(0, 0.9)]],
  ])("%s", (_, detections, kept) => {
    expect(suppressOverlappingFaces(detections)).toEqual(kept);
  });
});
