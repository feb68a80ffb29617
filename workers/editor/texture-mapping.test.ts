import { describe, expect, it } from "vitest";
import { type Affine2d, applyAffine } from "../../shared/model/editor/affine-2d";
import { previewFitRect } from "../../shared/model/editor/preview-fit";
import { previewFragmentToTexture, tileFragmentToTexture } from "./texture-mapping";

describe("previewFragmentToTexture", () => {
  const turn: Affine2d = [0, 1, 0, -1, 0, 300]; // output 300 × 400 from a 400 × 300 source, a quarter turn

  it("reads each canvas pixel's own source point when the output fills the canvas", () => {
    const canvas = { widthPx: 300, heightPx: 400 };
    const source = { widthPx: 400, heightPx: 300 };
    const rect = previewFitRect(canvas, canvas);
    const map = previewFragmentToTexture(canvas, rect, canvas, turn, source);
    for (const [x, y] of [
      [0, 0],
      [299, 0],
      [17, 388],
      [299, 399],
    ] as const) {
      // Canvas pixel (x, y) from the top is the fragment (x + 0.5, H − y − 0.5).
      const { x: u, y: v } = applyAffine(map, { x: x + 0.5, y: canvas.heightPx - y - 0.5 });
      const { x: sx, y: sy } = applyAffine(turn, { x: x + 0.5, y: y + 0.5 });
      expect(u).toBeCloseTo(sx / source.widthPx, 9);
      expect(v).toBeCloseTo(sy / source.heightPx, 9);
    }
  });

  it("reads the output's corners at the fitted rectangle's corners", () => {
    const canvas = { widthPx: 1000, heightPx: 500 };
    const output = { widthPx: 400, heightPx: 400 };
    const source = { widthPx: 400, heightPx: 400 };
    const rect = previewFitRect(canvas, output);
    expect(rect).toEqual({ xPx: 250, yPx: 0, widthPx: 500, heightPx: 500 });
    const map = previewFragmentToTexture(canvas, rect, output, [1, 0, 0, 0, 1, 0], source);
    // The rectangle's top-left corner (a fragment coordinate, rows from the bottom).
    expect(applyAffine(map, { x: 250, y: 500 })).toEqual({ x: 0, y: 0 });
    expect(applyAffine(map, { x: 750, y: 0 })).toEqual({ x: 1, y: 1 });
  });
});

describe("tileFragmentToTexture", () => {
  it("reads each tile pixel's source point within the tile's region", () => {
    const outputToSource: Affine2d = [0.98, -0.17, 60, 0.17, 0.98, 20];
    const tile = { xPx: 128, yPx: 64, widthPx: 64, heightPx: 32 };
    const region = { xPx: 190, yPx: 100, widthPx: 90, heightPx: 70 };
    const map = tileFragmentToTexture(tile, outputToSource, region);
    for (const [i, j] of [
      [0, 0],
      [63, 0],
      [10, 31],
    ] as const) {
      const { x: u, y: v } = applyAffine(map, { x: i + 0.5, y: j + 0.5 });
      const { x: sx, y: sy } = applyAffine(outputToSource, {
        x: tile.xPx + i + 0.5,
        y: tile.yPx + j + 0.5,
      });
      expect(u).toBeCloseTo((sx - region.xPx) / region.widthPx, 9);
      expect(v).toBeCloseTo((sy - region.yPx) / region.heightPx, 9);
    }
  });
});
