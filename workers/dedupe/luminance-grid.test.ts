import { describe, expect, it } from "vitest";
import type { RGBAImage } from "../ml/clip/clip-embedder";
import { luminanceGrid } from "./luminance-grid";

// The averaged grid a perceptual hash looks at.
// See: [Note: A perceptual hash downscales by averaging areas]

/** A grey image whose pixel (x, y) has luma `lumaAt(x, y)`, opaque unless `alphaAt` says. */
const greyImage = (
  width: number,
  height: number,
  lumaAt: (x: number, y: number) => number,
  alphaAt: (x: number, y: number) => number = () => 255,
): RGBAImage => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 4;
      data.fill(lumaAt(x, y), offset, offset + 3);
      data[offset + 3] = alphaAt(x, y);
    }
  }
  return { width, height, data };
};

const rounded = (grid: Float64Array) =>
  Array.from(grid, (value) => Math.round(value * 1000) / 1000);

describe("luminanceGrid", () => {
  it.each([
    ["a plain image is plain", greyImage(5, 3, () => 100), 2, [100, 100, 100, 100]],
    [
      "each cell is its quarter's mean",
      greyImage(4, 4, (x, y) => (x < 2 ? 0 : 200) + (y < 2 ? 0 : 40)),
      2,
      [0, 200, 40, 240],
    ],
    [
      "a pixel split between two cells counts in each by its share",
      // Three columns to two cells: cell 0 is pixel 0 and half of pixel 1.
      greyImage(3, 1, (x) => [0, 90, 180][x] ?? 0),
      2,
      [30, 150, 30, 150],
    ],
    [
      "a transparent pixel is white",
      greyImage(
        2,
        2,
        () => 0,
        () => 0,
      ),
      1,
      [255],
    ],
    [
      "a half-transparent black pixel is mid-grey",
      greyImage(
        1,
        1,
        () => 0,
        () => 51,
      ),
      1,
      [204],
    ],
    ["a small image is enlarged", greyImage(1, 1, () => 17), 2, [17, 17, 17, 17]],
  ])("%s", (_case, image, sizePx, expected) => {
    expect(rounded(luminanceGrid(image, sizePx))).toEqual(expected);
  });

  it("weighs the colours as luma: green counts most, blue least", () => {
    const pixel = (r: number, g: number, b: number) =>
      luminanceGrid({ width: 1, height: 1, data: new Uint8ClampedArray([r, g, b, 255]) }, 1)[0];
    expect(pixel(0, 255, 0)).toBeGreaterThan(pixel(255, 0, 0) ?? 0);
    expect(pixel(255, 0, 0)).toBeGreaterThan(pixel(0, 0, 255) ?? 0);
  });

  it("gives an image and its enlargement the same grid (areas, not samples)", () => {
    const lumaAt = (x: number, y: number) => (x * 37 + y * 91) % 256;
    const image = greyImage(48, 40, lumaAt);
    const enlarged = greyImage(96, 80, (x, y) => lumaAt(Math.floor(x / 2), Math.floor(y / 2)));
    expect(rounded(luminanceGrid(enlarged, 32))).toEqual(rounded(luminanceGrid(image, 32)));
  });

  it("refuses an empty image and pixels fewer than its size", () => {
    expect(() => luminanceGrid({ width: 0, height: 4, data: new Uint8ClampedArray() }, 2)).toThrow(
      RangeError,
    );
    expect(() => luminanceGrid({ width: 2, height: 2, data: new Uint8ClampedArray(4) }, 2)).toThrow(
      RangeError,
    );
  });
});
