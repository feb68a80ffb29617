import { describe, expect, it } from "vitest";
import { laplacianVariance } from "./face-blur";
import { type RGBAImage, cropRGB, faceSquare } from "./face-crop";

/** A 4×4 image whose pixel (x, y) is (10x, 10y, 7, 255). */
const ramp: RGBAImage = {
  width: 4,
  height: 4,
  data: new Uint8ClampedArray(
    Array.from({ length: 16 }, (_, i) => [10 * (i % 4), 10 * Math.floor(i / 4), 7, 255]).flat(),
  ),
};

describe("faceSquare", () => {
  it.each([
    [{ x: 10, y: 20, width: 40, height: 60 }, 1, { center: { x: 30, y: 50 }, sidePx: 60 }],
    [{ x: 0, y: 0, width: 10, height: 5 }, 1.5, { center: { x: 5, y: 2.5 }, sidePx: 15 }],
  ])("of %o ×%d is %o", (box, scale, square) => {
    expect(faceSquare(box, scale)).toEqual(square);
  });
});

describe("cropRGB", () => {
  it("copies pixels when the square is the image at its size", () => {
    const crop = cropRGB(ramp, { center: { x: 2, y: 2 }, sidePx: 4 }, 4);
    expect(Array.from(crop.subarray(0, 6))).toEqual([0, 0, 7, 10, 0, 7]);
    expect(Array.from(crop.subarray(15 * 3))).toEqual([30, 30, 7]);
  });

  it("interpolates between pixels when it enlarges", () => {
    // The 2×2 centre of the image at 4×4: samples at quarter pixels.
    const crop = cropRGB(ramp, { center: { x: 2, y: 2 }, sidePx: 2 }, 4);
    expect(crop[0]).toBeCloseTo(7.5, 5);
    expect(crop[1]).toBeCloseTo(7.5, 5);
  });

  it("is black outside the image", () => {
    const crop = cropRGB(ramp, { center: { x: -10, y: -10 }, sidePx: 4 }, 2);
    expect(Array.from(crop)).toEqual(Array.from({ length: 12 }, () => 0));
  });

  it("writes at an offset of a shared buffer", () => {
    const out = new Float32Array(2 * 3 + 3).fill(-1);
    cropRGB(ramp, { center: { x: 2, y: 2 }, sidePx: 4 }, 1, out, 3);
    expect(Array.from(out.subarray(0, 3))).toEqual([-1, -1, -1]);
    expect(out[3]).toBeGreaterThan(0);
  });
});

describe("laplacianVariance", () => {
  const image = (value: (x: number, y: number) => number, size = 8) =>
    new Float32Array(
      Array.from({ length: size * size }, (_, i) => {
        const v = value(i % size, Math.floor(i / size));
        return [v, v, v];
      }).flat(),
    );

  it.each([
    ["a flat image", image(() => 128), 0],
    ["a linear ramp (no second derivative)", image((x) => 10 * x), 0],
  ])("is 0 for %s", (_, rgb, variance) => {
    expect(laplacianVariance(rgb, 8)).toBeCloseTo(variance, 6);
  });

  it("is larger for a sharper pattern", () => {
    const checkerboard = laplacianVariance(
      image((x, y) => ((x + y) % 2) * 255),
      8,
    );
    const stripes = laplacianVariance(
      image((x) => (Math.floor(x / 4) % 2) * 255),
      8,
    );
    expect(checkerboard).toBeGreaterThan(stripes);
    expect(stripes).toBeGreaterThan(0);
  });
});
