import { describe, expect, it } from "vitest";
import { type Affine2d, applyAffine, identityAffine } from "../../shared/model/editor/affine-2d";
import { affineForScaledSource, sourcePixelsPerOutputPixel } from "./affine";
import {
  samplePoints as points,
  turnAffine as turn,
} from "../../shared/model/editor/test-support/affine-cases";

describe("affineForScaledSource", () => {
  it.each([
    ["half size", 0.5, 0.5],
    ["a preview of 2048 px from 4000 × 3000", 2048 / 4000, 1536 / 3000],
    ["uneven rounding of the two axes", 0.3333, 0.3337],
  ])("maps every output pixel to the same place of the scaled copy: %s", (_, scaleX, scaleY) => {
    const outputToSource = turn(12, 1.1, 400, 250);
    const scaled = affineForScaledSource(outputToSource, scaleX, scaleY);
    for (const [x, y] of points) {
      const { x: sx, y: sy } = applyAffine(outputToSource, { x, y });
      const { x: qx, y: qy } = applyAffine(scaled, { x, y });
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
    ["a quarter turn with a flip", [0, -1, 0, -1, 0, 0] as Affine2d, 1],
    ["a render at half size", [2, 0, 0, 0, 2, 0] as Affine2d, 2],
    ["a stretch along one axis", [1, 0, 0, 0, 3, 0] as Affine2d, 3],
    ["an enlargement", turn(45, 0.25), 0.25],
  ])("%s", (_, affine, expected) => {
    expect(sourcePixelsPerOutputPixel(affine)).toBeCloseTo(expected, 12);
  });
});
