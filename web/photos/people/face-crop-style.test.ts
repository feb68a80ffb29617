import { describe, expect, it } from "vitest";
import { faceCropPlacement } from "./face-crop-style";

describe("a face crop's placement of its thumbnail", () => {
  it.each([
    {
      case: "a small face in the middle of a square photo: 1.4× its box",
      box: { x: 0.4, y: 0.4, width: 0.1, height: 0.1 },
      aspect: 1,
      expected: { width: 714.29, height: 714.29, left: -271.43, top: -271.43 },
    },
    {
      case: "a face in the top-left corner: the square moves inwards",
      box: { x: 0, y: 0, width: 0.1, height: 0.1 },
      aspect: 1,
      expected: { width: 714.29, height: 714.29, left: 0, top: 0 },
    },
    {
      case: "a face filling a landscape photo's height: the square is the photo's height",
      box: { x: 0.25, y: 0, width: 0.5, height: 1 },
      aspect: 2,
      expected: { width: 200, height: 100, left: -50, top: 0 },
    },
    {
      case: "a face at the bottom-right of a portrait photo: kept inside both edges",
      box: { x: 0.9, y: 0.95, width: 0.1, height: 0.05 },
      aspect: 0.5,
      expected: { width: 714.29, height: 1428.57, left: -614.29, top: -1328.57 },
    },
    {
      case: "a box of no size: the photo's middle square",
      box: { x: 0.5, y: 0.5, width: 0, height: 0 },
      aspect: 1.5,
      expected: { width: 150, height: 100, left: -25, top: 0 },
    },
    {
      case: "an unknown aspect: read as square",
      box: { x: 0.4, y: 0.4, width: 0.1, height: 0.1 },
      aspect: 0,
      expected: { width: 714.29, height: 714.29, left: -271.43, top: -271.43 },
    },
  ])("$case", ({ box, aspect, expected }) => {
    const placement = faceCropPlacement(box, aspect);
    expect(placement.widthPercent).toBeCloseTo(expected.width, 1);
    expect(placement.heightPercent).toBeCloseTo(expected.height, 1);
    expect(placement.leftPercent).toBeCloseTo(expected.left, 1);
    expect(placement.topPercent).toBeCloseTo(expected.top, 1);
  });

  it("always covers the whole circle with the photo", () => {
    for (const aspect of [0.4, 0.75, 1, 1.5, 3]) {
      for (const x of [0, 0.3, 0.8, 0.95]) {
        for (const size of [0.02, 0.2, 0.6, 1]) {
          const placement = faceCropPlacement(
            { x, y: 1 - size, width: Math.min(size, 1 - x), height: size },
            aspect,
          );
          expect(placement.leftPercent).toBeLessThanOrEqual(0.0001);
          expect(placement.topPercent).toBeLessThanOrEqual(0.0001);
          expect(placement.leftPercent + placement.widthPercent).toBeGreaterThanOrEqual(99.999);
          expect(placement.topPercent + placement.heightPercent).toBeGreaterThanOrEqual(99.999);
        }
      }
    }
  });
});
