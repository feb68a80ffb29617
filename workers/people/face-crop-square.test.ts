import { describe, expect, it } from "vitest";
import { faceCropSidePx, faceCropSquarePx } from "./face-crop-square";

describe("the square of a face's crop", () => {
  it.each([
    {
      case: "a small face in the middle of a square photo: 1.4× its box",
      box: { x: 0.4, y: 0.4, width: 0.1, height: 0.1 },
      size: { widthPx: 1000, heightPx: 1000 },
      expected: { xPx: 380, yPx: 380, sidePx: 140 },
    },
    {
      case: "a face in the top-left corner: the square moves inwards",
      box: { x: 0, y: 0, width: 0.1, height: 0.1 },
      size: { widthPx: 1000, heightPx: 1000 },
      expected: { xPx: 0, yPx: 0, sidePx: 140 },
    },
    {
      case: "a face filling a landscape photo's height: the square is the photo's height",
      box: { x: 0.25, y: 0, width: 0.5, height: 1 },
      size: { widthPx: 720, heightPx: 360 },
      expected: { xPx: 180, yPx: 0, sidePx: 360 },
    },
    {
      case: "a face at the bottom-right of a portrait photo: kept inside both edges",
      box: { x: 0.9, y: 0.95, width: 0.1, height: 0.05 },
      size: { widthPx: 360, heightPx: 720 },
      expected: { xPx: 310, yPx: 670, sidePx: 50 },
    },
    {
      case: "a box of no size: the photo's middle square",
      box: { x: 0.5, y: 0.5, width: 0, height: 0 },
      size: { widthPx: 720, heightPx: 480 },
      expected: { xPx: 120, yPx: 0, sidePx: 480 },
    },
    {
      case: "a box in a photo of no size: one pixel",
      box: { x: 0.4, y: 0.4, width: 0.1, height: 0.1 },
      size: { widthPx: 0, heightPx: 0 },
      expected: { xPx: 0, yPx: 0, sidePx: 1 },
    },
  ])("$case", ({ box, size, expected }) => {
    expect(faceCropSquarePx(box, size)).toEqual(expected);
  });

  it("always lies inside the photo", () => {
    for (const [widthPx, heightPx] of [
      [288, 720],
      [540, 720],
      [720, 720],
      [720, 480],
      [720, 240],
    ] as const) {
      for (const x of [0, 0.3, 0.8, 0.95]) {
        for (const size of [0.02, 0.2, 0.6, 1]) {
          const square = faceCropSquarePx(
            { x, y: 1 - size, width: Math.min(size, 1 - x), height: size },
            { widthPx, heightPx },
          );
          expect(square.xPx).toBeGreaterThanOrEqual(0);
          expect(square.yPx).toBeGreaterThanOrEqual(0);
          expect(square.xPx + square.sidePx).toBeLessThanOrEqual(widthPx);
          expect(square.yPx + square.sidePx).toBeLessThanOrEqual(heightPx);
        }
      }
    }
  });

  it.each([
    [100, 100],
    [256, 256],
    [600, 256],
  ])("a square of %i px gives a crop of %i px", (squarePx, cropPx) => {
    expect(faceCropSidePx(squarePx)).toBe(cropPx);
  });
});
