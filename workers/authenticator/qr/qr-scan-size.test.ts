import { describe, expect, it } from "vitest";
import { qrScanMaxSidePx, reducedImage, reductionFactor } from "./qr-scan-size";

const image = (width: number, height: number, values: readonly number[] = []) => ({
  width,
  height,
  data:
    values.length > 0 ? Uint8ClampedArray.from(values) : new Uint8ClampedArray(width * height * 4),
});

describe("reductionFactor", () => {
  it.each([
    [1600, 1200, 1],
    [1601, 1200, 2],
    [3200, 2400, 2],
    [4000, 3000, 3],
    [3000, 4000, 3],
    [12, 8, 1],
  ])("%i×%i is reduced by %i", (width, height, factor) => {
    expect(reductionFactor(image(width, height), qrScanMaxSidePx)).toBe(factor);
  });
});

describe("reducedImage", () => {
  it("averages each block, and the partial blocks at the edges over their own pixels", () => {
    // 3×2 grey pixels (R = G = B, A = 255) reduced by 2: a 2×1 image.
    const greys = [0, 100, 50, 200, 60, 90];
    const rgba = greys.flatMap((grey) => [grey, grey, grey, 255]);
    const reduced = reducedImage(image(3, 2, rgba), 2);
    expect([reduced.width, reduced.height]).toEqual([2, 1]);
    expect(Array.from(reduced.data)).toEqual([90, 90, 90, 255, 70, 70, 70, 255]);
  });

  it("returns the image itself when the factor is 1", () => {
    const original = image(4, 4);
    expect(reducedImage(original, 1)).toBe(original);
  });

  it("keeps the longest side within the bound", () => {
    const reduced = reducedImage(image(4000, 3000), reductionFactor(image(4000, 3000), 1600));
    expect(Math.max(reduced.width, reduced.height)).toBeLessThanOrEqual(1600);
    expect([reduced.width, reduced.height]).toEqual([1334, 1000]);
  });
});
