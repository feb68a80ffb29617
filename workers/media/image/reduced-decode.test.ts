import { describe, expect, it } from "vitest";
import { thumbnailMaxSidePx } from "../../../shared/model/media/thumbnail-rules";
import { jpegReducedDecodeSize } from "./reduced-decode";

const thumbnailNeeds = { longSideAtLeastPx: thumbnailMaxSidePx };

describe("jpegReducedDecodeSize for a 720 px thumbnail", () => {
  it.each([
    // A 12-megapixel phone photo: 2/8, the smallest n/8 at least 720 px long.
    [4000, 3000, { widthPx: 1000, heightPx: 750 }],
    // Upright: the long side is the height.
    [3000, 4000, { widthPx: 750, heightPx: 1000 }],
    // An 18-megapixel DSLR: 2/8 gives 1296, 1/8 only 648.
    [5184, 3456, { widthPx: 1296, heightPx: 864 }],
    // 48 megapixels: 1/8 is already 1000 px.
    [8000, 6000, { widthPx: 1000, heightPx: 750 }],
    // libjpeg rounds a scaled side up: 3/8 of 2001 is 750.375 → 751.
    [2001, 1500, { widthPx: 751, heightPx: 563 }],
    // 5/8 of 1280 is 800 (4/8, 640, would be too small).
    [1280, 960, { widthPx: 800, heightPx: 600 }],
  ])("of a %i×%i JPEG is %o", (widthPx, heightPx, expected) => {
    const size = jpegReducedDecodeSize({ widthPx, heightPx }, thumbnailNeeds);
    expect(size).toEqual(expected);
    expect(Math.max(size?.widthPx ?? 0, size?.heightPx ?? 0)).toBeGreaterThanOrEqual(720);
  });

  it.each([
    [800, 600],
    [720, 480],
    [320, 240],
  ])("of a %i×%i JPEG is none: only a full decode has 720 px", (widthPx, heightPx) => {
    expect(jpegReducedDecodeSize({ widthPx, heightPx }, thumbnailNeeds)).toBeUndefined();
  });
});
