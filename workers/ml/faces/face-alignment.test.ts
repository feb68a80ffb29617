import { describe, expect, it } from "vitest";
import {
  alignedFaceSizePx,
  applySimilarity,
  arcFaceTemplatePx,
  faceAlignment,
  inverseSimilarity,
  similarityTransform,
} from "./face-alignment";
import type { Point } from "./face-geometry";

// See: [Note: A face is aligned by a similarity transform of its 5 landmarks]

const expectPointsClose = (actual: Point[], expected: readonly Point[], digits = 6) => {
  expect(actual).toHaveLength(expected.length);
  for (const [i, point] of actual.entries()) {
    expect(point.x).toBeCloseTo(expected[i]?.x ?? NaN, digits);
    expect(point.y).toBeCloseTo(expected[i]?.y ?? NaN, digits);
  }
};

/** `points` turned by `angle` (radians) about the origin, scaled, moved. */
const moved = (points: readonly Point[], angle: number, scale: number, dx: number, dy: number) =>
  points.map(({ x, y }) => ({
    x: scale * (Math.cos(angle) * x - Math.sin(angle) * y) + dx,
    y: scale * (Math.sin(angle) * x + Math.cos(angle) * y) + dy,
  }));

describe("face alignment", () => {
  it("is the identity for the template's own landmarks", () => {
    const transform = faceAlignment(arcFaceTemplatePx);
    expect(transform.a).toBeCloseTo(1, 9);
    expect(transform.b).toBeCloseTo(0, 9);
    expect(transform.tx).toBeCloseTo(0, 9);
    expect(transform.ty).toBeCloseTo(0, 9);
  });

  it.each([
    ["turned 30° and 4 times larger", Math.PI / 6, 4, 500, 300],
    ["upside down and smaller", Math.PI, 0.5, 20, 40],
    ["turned -75°", (-75 * Math.PI) / 180, 2.5, -30, 900],
  ])("undoes a face %s", (_, angle, scale, dx, dy) => {
    const landmarks = moved(arcFaceTemplatePx, angle, scale, dx, dy);
    const transform = faceAlignment(landmarks);
    expectPointsClose(
      landmarks.map((point) => applySimilarity(transform, point)),
      arcFaceTemplatePx,
    );
    expect(Math.hypot(transform.a, transform.b)).toBeCloseTo(1 / scale, 9);
  });

  it("fits landmarks that no similarity maps exactly in the least-squares sense", () => {
    // A template with the nose pushed right: the best fit moves it halfway
    // at most, and shifting any parameter makes the error larger.
    const landmarks = arcFaceTemplatePx.map((point, i) =>
      i === 2 ? { x: point.x + 10, y: point.y } : point,
    );
    const transform = similarityTransform(landmarks, arcFaceTemplatePx);
    const error = (t: typeof transform) =>
      landmarks.reduce((sum, point, i) => {
        const mapped = applySimilarity(t, point);
        const target = arcFaceTemplatePx[i] ?? point;
        return sum + (mapped.x - target.x) ** 2 + (mapped.y - target.y) ** 2;
      }, 0);
    const best = error(transform);
    for (const key of ["a", "b", "tx", "ty"] as const) {
      for (const step of [1e-3, -1e-3]) {
        expect(error({ ...transform, [key]: transform[key] + step })).toBeGreaterThan(best);
      }
    }
  });

  it("has an inverse mapping the aligned face back onto the image", () => {
    const landmarks = moved(arcFaceTemplatePx, 0.4, 3, 120, 80);
    const inverse = inverseSimilarity(faceAlignment(landmarks));
    expectPointsClose(
      arcFaceTemplatePx.map((point) => applySimilarity(inverse, point)),
      landmarks,
    );
    expect(alignedFaceSizePx).toBe(112);
  });

  it("refuses points it cannot fit", () => {
    expect(() => similarityTransform([{ x: 1, y: 1 }], [{ x: 2, y: 2 }])).toThrow(RangeError);
    const same = [
      { x: 5, y: 5 },
      { x: 5, y: 5 },
    ];
    expect(() => similarityTransform(same, arcFaceTemplatePx.slice(0, 2))).toThrow(RangeError);
  });
});
