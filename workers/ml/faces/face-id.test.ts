import { describe, expect, it } from "vitest";
import { faceOf, withMLDataPart } from "../ml-data";
import { fileIDOfFaceID, indexedFace, faceIDOf } from "./face-id";
import type { DetectedFace } from "./face-indexer";

describe("faceIDOf", () => {
  it.each([
    [1234, { x: 0.1025, y: 0.2, width: 0.203, height: 0.25 }, "1234_10250_20000_30550_45000"],
    [7, { x: 0.123456, y: 0, width: 0.5, height: 0.5 }, "7_12346_00000_62346_50000"],
    // Outside the image: clamped to 0 and to 0.999999, which rounds to
    // "1.00000" and is written "00000", as the reference writes it.
    [7, { x: -0.1, y: 0.5, width: 1.2, height: 0.6 }, "7_00000_50000_00000_00000"],
  ])("%d %o → %s", (fileID, box, id) => {
    expect(faceIDOf(fileID, box)).toBe(id);
  });
});

describe("fileIDOfFaceID", () => {
  it.each([
    ["1234_10250_20000_30550_45000", 1234],
    ["abc_1", undefined],
    ["", undefined],
  ])("%s → %s", (faceID, fileID) => {
    expect(fileIDOfFaceID(faceID)).toBe(fileID);
  });
});

describe("indexedFace", () => {
  const face: DetectedFace = {
    box: { x: 0.25, y: 0.5, width: 0.125, height: 0.25 },
    landmarks: [
      { x: 0.28, y: 0.55 },
      { x: 0.33, y: 0.55 },
    ],
    score: 0.9,
    blur: 321.5,
    embedding: new Float32Array([0.6, 0.8]),
  };

  it("has the reference's face shape, which the ML data document accepts", () => {
    const indexed = indexedFace(42, face);
    expect(indexed).toEqual({
      faceID: "42_25000_50000_37500_75000",
      detection: { box: face.box, landmarks: face.landmarks },
      score: 0.9,
      blur: 321.5,
      embedding: [Math.fround(0.6), Math.fround(0.8)],
    });
    const document = withMLDataPart({}, "face", {
      client: "cairn/test",
      width: 800,
      height: 600,
      faces: [indexed],
    });
    expect(faceOf(document)?.faces).toEqual([indexed]);
  });
});
