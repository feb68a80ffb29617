import { describe, expect, it } from "vitest";
import {
  type Affine,
  affineForScaledSource,
  applyAffine,
  composeAffine,
  identityAffine,
  sourcePixelsPerOutputPixel,
} from "./affine";

const turn = (degrees: number, scale = 1, dx = 0, dy = 0): Affine => {
  const cos = Math.cos((degrees * Math.PI) / 180) * scale;
  const sin = Math.sin((degrees * Math.PI) / 180) * scale;
  return [cos, -sin, dx, sin, cos, dy];
};

const points: [number, number][] = [
  [0, 0],
  [0.5, 0.5],
  [123.5, 45.5],
  [-7, 3000],
];

describe("composeAffine", () => {
  it.each([
    ["a turn after a move", turn(30), [1, 0, 5, 0, 1, -2] as Affine],
    ["a flip after a turn", [-1, 0, 4000, 0, 1, 0] as Affine, turn(90, 1, 0, 3000)],
    [
      "a scale after a skewed map",
      [2, 0, 1, 0, 0.5, 3] as Affine,
      [1, 0.2, 0, 0.1, 1, 7] as Affine,
    ],
  ])("maps as the inner map then the outer: %s", (_, outer, inner) => {
    const composed = composeAffine(outer, inner);
    for (const [x, y] of points) {
      const [ix, iy] = applyAffine(inner, x, y);
      const [ex, ey] = applyAffine(outer, ix, iy);
      const [cx, cy] = applyAffine(composed, x, y);
      expect(cx).toBeCloseTo(ex, 9);
      expect(cy).toBeCloseTo(ey, 9);
    }
  });

  it("keeps a map unchanged with the identity on either side", () => {
    const map = turn(17, 1.5, 10, 20);
    expect(composeAffine(identityAffine, map)).toEqual(map);
    expect(composeAffine(map, identityAffine)).toEqual(map);
  });
});

describe("affineForScaledSource", () => {
  it.each([
    ["half size", 0.5, 0.5],
    ["a preview of 2048 px from 4000 × 3000", 2048 / 4000, 1536 / 3000],
    ["uneven rounding of the two axes", 0.3333, 0.3337],
  ])("maps every output pixel to the same place of the scaled copy: %s", (_, scaleX, scaleY) => {
    const outputToSource = turn(12, 1.1, 400, 250);
    const scaled = affineForScaledSource(outputToSource, scaleX, scaleY);
    for (const [x, y] of points) {
      const [sx, sy] = applyAffine(outputToSource, x, y);
      const [qx, qy] = applyAffine(scaled, x, y);
      expect(qx).toBeCloseTo(sx * scaleX, 9);
      expect(qy).toBeCloseTo(sy * scaleY, 9);
    }
  });

  it("scales both axes alike when given one scale", () => {
    expect(affineForScaledSource([1, 2, 3, 4, 5, 6], 0.5)).toEqual([0.5, 1, 1.5, 2, 2.5, 3]);
  });
});

describe("sourcePixelsPerOutputPixel", () => {
  it.each([
    ["the identity", identityAffine, 1],
    ["a turn", turn(33), 1],
    ["a quarter turn with a flip", [0, -1, 0, -1, 0, 0] as Affine, 1],
    ["a render at half size", [2, 0, 0, 0, 2, 0] as Affine, 2],
    ["a stretch along one axis", [1, 0, 0, 0, 3, 0] as Affine, 3],
    ["an enlargement", turn(45, 0.25), 0.25],
  ])("%s", (_, affine, expected) => {
    expect(sourcePixelsPerOutputPixel(affine)).toBeCloseTo(expected, 12);
  });
});
