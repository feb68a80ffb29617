import { describe, expect, it } from "vitest";
import {
  letterboxedSizePx,
  nonMaximumSuppression,
  yoloFaceDetections,
  yoloRowLength,
} from "./yolo-face-output";

// Decoding YOLOv5s-face's rows. See: [Note: YOLOv5s-face letterboxes inside its graph]

/** A row: box centre and size, score, 5 landmarks (in the 640 square's pixels). */
const row = (
  centreX: number,
  centreY: number,
  width: number,
  height: number,
  score: number,
  landmarks: [number, number][] = [
    [centreX - 10, centreY - 10],
    [centreX + 10, centreY - 10],
    [centreX, centreY],
    [centreX - 8, centreY + 12],
    [centreX + 8, centreY + 12],
  ],
): number[] => [centreX, centreY, width, height, score, ...landmarks.flat(), 0.99];

const rowsOf = (...rows: number[][]) => Float32Array.from(rows.flat());

describe("the letterboxed size", () => {
  it.each([
    ["a landscape thumbnail", 1024, 601, 640, 376],
    ["a portrait thumbnail", 683, 1024, 427, 640],
    ["a square", 1200, 1200, 640, 640],
    ["a small image, enlarged", 320, 200, 640, 400],
    ["a very thin strip", 4000, 3, 640, 0],
  ])("of %s (%i×%i) is %i×%i", (_, width, height, scaledWidth, scaledHeight) => {
    expect(letterboxedSizePx(width, height)).toEqual({
      widthPx: scaledWidth,
      heightPx: scaledHeight,
    });
  });
});

describe("YOLOv5s-face's rows", () => {
  it("are read as box, score and landmarks, the letterbox undone", () => {
    // 1024×601 fills 640×376 of the square: x × 1.6, y × 601/376.
    const [face] = yoloFaceDetections(rowsOf(row(320, 188, 64, 80, 0.9)), 1024, 601);
    const scaleY = 601 / 376;
    expect(face?.score).toBeCloseTo(0.9, 6);
    expect(face?.box.x).toBeCloseTo((320 - 32) * 1.6, 3);
    expect(face?.box.y).toBeCloseTo((188 - 40) * scaleY, 3);
    expect(face?.box.width).toBeCloseTo(64 * 1.6, 3);
    expect(face?.box.height).toBeCloseTo(80 * scaleY, 3);
    expect(face?.landmarks).toHaveLength(5);
    expect(face?.landmarks[0]?.x).toBeCloseTo(310 * 1.6, 3);
    expect(face?.landmarks[0]?.y).toBeCloseTo(178 * scaleY, 3);
    expect(face?.landmarks[4]?.x).toBeCloseTo(328 * 1.6, 3);
    expect(face?.landmarks[4]?.y).toBeCloseTo(200 * scaleY, 3);
  });

  it("of a portrait image are scaled back on x by its own scale", () => {
    const [face] = yoloFaceDetections(rowsOf(row(200, 320, 40, 40, 0.8)), 683, 1024);
    expect(face?.box.x).toBeCloseTo((180 * 683) / 427, 3);
    expect(face?.box.y).toBeCloseTo(300 * 1.6, 3);
  });

  // The rows are float32: 0.7 is stored just under it, and not a face (as
  // the reference reads the same rows).
  it.each([
    [0.69, 0],
    [0.7, 0],
    [0.7001, 1],
    [0.95, 1],
  ])("keep a row scoring %f: %i face", (score, count) => {
    expect(yoloFaceDetections(rowsOf(row(100, 100, 40, 40, score)), 640, 640)).toHaveLength(count);
  });

  it("keep the best of overlapping rows, and rows apart, best first", () => {
    const faces = yoloFaceDetections(
      rowsOf(
        row(100, 100, 40, 40, 0.8),
        row(104, 102, 40, 40, 0.9),
        row(300, 300, 40, 40, 0.75),
        row(0, 0, 0, 0, 0),
      ),
      640,
      640,
    );
    expect(faces.map(({ score }) => Number(score.toFixed(2)))).toEqual([0.9, 0.75]);
    expect(faces[0]?.box.x).toBeCloseTo(84, 3);
  });

  it("read nothing of a partial row", () => {
    const rows = rowsOf(row(100, 100, 40, 40, 0.9)).subarray(0, yoloRowLength - 1);
    expect(yoloFaceDetections(rows, 640, 640)).toEqual([]);
  });
});

describe("non-maximum suppression", () => {
  const box = (x: number, width = 10) => ({ x, y: 0, width, height: 10 });
  it.each([
    // IoU of [0,10] and [4,14]: 6/14 = 0.43, suppressed from 0.4.
    ["overlapping by 0.43", 4, 1],
    // [0,10] and [5,15]: 5/15 = 0.33, both kept.
    ["overlapping by 0.33", 5, 2],
    ["touching", 10, 2],
  ])("of two boxes %s keeps %i", (_, x, kept) => {
    const detections = [
      { box: box(0), score: 0.9 },
      { box: box(x), score: 0.8 },
    ];
    expect(nonMaximumSuppression(detections, 0.4)).toHaveLength(kept);
  });

  it("compares with the kept boxes only", () => {
    // b overlaps a (suppressed); c overlaps b but not a: kept.
    const detections = [
      { box: box(0), score: 0.9 },
      { box: box(3), score: 0.8 },
      { box: box(6), score: 0.7 },
    ];
    expect(nonMaximumSuppression(detections, 0.4).map(({ score }) => score)).toEqual([0.9, 0.7]);
  });
});
