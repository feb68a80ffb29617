import { describe, expect, it } from "vitest";
import { previewMipLevel } from "./preview-renderer";
import { previewFitRect } from "../../shared/model/editor/preview-fit";
import { previewFragmentToTexture } from "./texture-mapping";

const photo = { widthPx: 4000, heightPx: 3000 };
const copy = { widthPx: 2048, heightPx: 1536 };
/** 2048 × 1536 has levels down to 1 × 1: 12 of them. */
const levelCount = 12;

const levelFor = (canvas: { widthPx: number; heightPx: number }, turnDegrees = 0) => {
  const cos = Math.cos((turnDegrees * Math.PI) / 180);
  const sin = Math.sin((turnDegrees * Math.PI) / 180);
  const rect = previewFitRect(canvas, photo);
  const map = previewFragmentToTexture(canvas, rect, photo, [cos, -sin, 0, sin, cos, 0], photo);
  return previewMipLevel(map, copy, levelCount);
};

describe("previewMipLevel", () => {
  it.each([
    // The whole photo in a canvas of that many pixels: 2048 texels over w pixels.
    ["a canvas as large as the copy: level 0", { widthPx: 2048, heightPx: 1536 }, 0],
    ["1.4 texels a pixel rounds down to level 0", { widthPx: 1470, heightPx: 1102 }, 0],
    [
      "a laptop's 1280 × 800 canvas (1.9 texels a pixel): level 1",
      { widthPx: 1280, heightPx: 800 },
      1,
    ],
    ["a thumbnail-sized canvas (16 texels a pixel): level 4", { widthPx: 128, heightPx: 96 }, 4],
    ["a canvas larger than the copy (magnified): level 0", { widthPx: 4000, heightPx: 3000 }, 0],
    ["one pixel: the last level", { widthPx: 1, heightPx: 1 }, 11],
  ])("%s", (_, canvas, expected) => {
    expect(levelFor(canvas)).toBe(expected);
  });

  it("does not change with a turn (the step's length is the scale)", () => {
    expect(levelFor({ widthPx: 1280, heightPx: 800 }, 30)).toBe(1);
    expect(levelFor({ widthPx: 128, heightPx: 96 }, -45)).toBe(4);
  });

  it("takes the longer step when the axes differ", () => {
    expect(
      previewMipLevel([1 / 512, 0, 0, 0, 4 / 512, 0], { widthPx: 512, heightPx: 512 }, 10),
    ).toBe(2);
  });
});
