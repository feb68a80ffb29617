import { describe, expect, it } from "vitest";
import {
  type Affine2d,
  applyAffine,
  chainAffine,
  identityAffine,
  invertAffine,
  rotateAboutAffine,
  thenAffine,
} from "./affine-2d";
import { samplePoints as points, turnAffine as turn } from "./test-support/affine-cases";

describe("thenAffine", () => {
  it.each([
    ["a turn after a move", turn(30), [1, 0, 5, 0, 1, -2] as Affine2d],
    ["a flip after a turn", [-1, 0, 4000, 0, 1, 0] as Affine2d, turn(90, 1, 0, 3000)],
    [
      "a scale after a skewed map",
      [2, 0, 1, 0, 0.5, 3] as Affine2d,
      [1, 0.2, 0, 0.1, 1, 7] as Affine2d,
    ],
  ])("maps as the first map then the second: %s", (_, second, first) => {
    const composed = thenAffine(first, second);
    for (const [x, y] of points) {
      const expected = applyAffine(second, applyAffine(first, { x, y }));
      const mapped = applyAffine(composed, { x, y });
      expect(mapped.x).toBeCloseTo(expected.x, 9);
      expect(mapped.y).toBeCloseTo(expected.y, 9);
    }
  });

  it("keeps a map unchanged with the identity on either side", () => {
    const map = turn(17, 1.5, 10, 20);
    expect(thenAffine(identityAffine, map)).toEqual(map);
    expect(thenAffine(map, identityAffine)).toEqual(map);
  });
});

describe("invertAffine", () => {
  it.each([
    ["a turn and a move", turn(30, 1, 5, -2)],
    ["a mirror", [-1, 0, 4000, 0, 1, 0] as Affine2d],
    ["a scale and a turn", turn(-12, 0.4, 100, 250)],
  ])("undoes %s", (_, map) => {
    for (const [x, y] of points) {
      const back = applyAffine(invertAffine(map), applyAffine(map, { x, y }));
      expect(back.x).toBeCloseTo(x, 6);
      expect(back.y).toBeCloseTo(y, 6);
    }
  });
});

describe("rotateAboutAffine", () => {
  it("turns clockwise on screen about its centre (y points down)", () => {
    const quarter = rotateAboutAffine(90, { x: 10, y: 10 });
    const right = applyAffine(quarter, { x: 20, y: 10 });
    expect(right.x).toBeCloseTo(10, 9);
    expect(right.y).toBeCloseTo(20, 9);
    expect(applyAffine(quarter, { x: 10, y: 10 })).toEqual({ x: 10, y: 10 });
  });

  it("chains with its opposite to nothing", () => {
    const there = rotateAboutAffine(17, { x: 3, y: 4 });
    const back = rotateAboutAffine(-17, { x: 3, y: 4 });
    const nothing = chainAffine(there, back);
    nothing.forEach((value, index) => {
      expect(value).toBeCloseTo(identityAffine[index] ?? NaN, 12);
    });
  });
});
