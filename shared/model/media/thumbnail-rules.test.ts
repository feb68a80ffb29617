import { describe, expect, it } from "vitest";
import {
  type ThumbnailEncoding,
  nextThumbnailQuality,
  thumbnailSizeFor,
  thumbnailTargetBytes,
} from "./thumbnail-rules";

const size = (widthPx: number, heightPx: number) => ({ widthPx, heightPx });

describe("thumbnailSizeFor", () => {
  it.each([
    ["a DSLR photo", size(5184, 3456), size(720, 480)],
    ["a phone photo", size(4032, 3024), size(720, 540)],
    ["a portrait phone photo", size(3024, 4032), size(540, 720)],
    ["a square photo", size(2000, 2000), size(720, 720)],
    ["a side of exactly 720 px", size(720, 400), size(720, 400)],
    ["one pixel over", size(721, 721), size(720, 720)],
    ["a small image (never upscaled)", size(80, 48), size(80, 48)],
    ["a single pixel", size(1, 1), size(1, 1)],
    ["a panorama rounding its short side", size(10000, 1234), size(720, 89)],
    ["a thin strip (short side at least 1 px)", size(100000, 3), size(720, 1)],
    ["a tall thin strip", size(2, 50000), size(1, 720)],
    ["a short side rounding up", size(1000, 999), size(720, 719)],
  ])("sizes %s", (_, source, expected) => {
    expect(thumbnailSizeFor(source)).toEqual(expected);
  });

  it.each([
    [size(0, 100)],
    [size(100, -1)],
    [size(10.5, 100)],
    [size(Number.NaN, 100)],
    [size(100, Infinity)],
  ])("refuses %j", (source) => {
    expect(() => thumbnailSizeFor(source)).toThrow(RangeError);
  });
});

const over = thumbnailTargetBytes + 1;
const encoded = (quality: number, sizeBytes: number): ThumbnailEncoding => ({ quality, sizeBytes });

describe("nextThumbnailQuality", () => {
  it.each<[string, ThumbnailEncoding[], ReturnType<typeof nextThumbnailQuality>]>([
    ["starts at 0.7", [], { done: false, quality: 0.7 }],
    [
      "keeps a first result at the target exactly",
      [encoded(0.7, thumbnailTargetBytes)],
      { done: true, keepIndex: 0 },
    ],
    ["keeps a first result under the target", [encoded(0.7, 40_000)], { done: true, keepIndex: 0 }],
    ["steps to 0.6 after a first result over", [encoded(0.7, over)], { done: false, quality: 0.6 }],
    [
      "steps to 0.5 while each step shrinks by 10 % or more",
      [encoded(0.7, 200_000), encoded(0.6, 150_000)],
      { done: false, quality: 0.5 },
    ],
    [
      "stops at 0.5, keeping it, even when still over",
      [encoded(0.7, 300_000), encoded(0.6, 200_000), encoded(0.5, 150_000)],
      { done: true, keepIndex: 2 },
    ],
    [
      "stops when a step shrank by less than 10 %",
      [encoded(0.7, 200_000), encoded(0.6, 180_001)],
      { done: true, keepIndex: 1 },
    ],
    [
      "keeps the earlier result when the last step made it larger",
      [encoded(0.7, 200_000), encoded(0.6, 210_000)],
      { done: true, keepIndex: 0 },
    ],
    [
      "keeps a stepped result that reached the target",
      [encoded(0.7, 150_000), encoded(0.6, 100_000)],
      { done: true, keepIndex: 1 },
    ],
    [
      "goes on after a shrink of exactly 10 %",
      [encoded(0.7, 200_000), encoded(0.6, 180_000)],
      { done: false, quality: 0.5 },
    ],
  ])("%s", (_, encodings, expected) => {
    expect(nextThumbnailQuality(encodings)).toEqual(expected);
  });

  it("encodes at most three times, at 0.7, 0.6 and 0.5, whatever the sizes", () => {
    const asked: number[] = [];
    const encodings: ThumbnailEncoding[] = [];
    for (;;) {
      const step = nextThumbnailQuality(encodings);
      if (step.done) break;
      asked.push(step.quality);
      // Halving each time: always over the target, always shrinking by 50 %.
      encodings.push(encoded(step.quality, 10_000_000 / 2 ** asked.length));
    }
    expect(asked).toEqual([0.7, 0.6, 0.5]);
  });
});
