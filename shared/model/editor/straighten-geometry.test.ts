import { describe, expect, it } from "vitest";
import {
  largestCenteredCropPx,
  largestCenteredRectPx,
  regionContainsRect,
  straightenedImageRegion,
} from "./straighten-geometry";

describe("largestCenteredRectPx", () => {
  it.each([
    // [width, height, angle, aspect, expected width, expected height]
    [4000, 3000, 0, 4 / 3, 4000, 3000],
    [4000, 3000, 0, 1, 3000, 3000],
    [4000, 3000, 0, 16 / 9, 4000, 2250],
    [1000, 1000, 45, 1, 1000 / Math.SQRT2, 1000 / Math.SQRT2],
    [1000, 1000, -45, 1, 1000 / Math.SQRT2, 1000 / Math.SQRT2],
    // A thin crop of a square turned by 45° could run along the diagonal; the frame stops it.
    [1000, 1000, 45, 100, 1000, 10],
  ])("%i×%i at %f° with aspect %f is %f×%f", (width, height, angle, aspect, w, h) => {
    const size = largestCenteredRectPx({ widthPx: width, heightPx: height }, angle, aspect);
    expect(size.widthPx).toBeCloseTo(w, 6);
    expect(size.heightPx).toBeCloseTo(h, 6);
  });

  const frames = [
    { widthPx: 4000, heightPx: 3000 },
    { widthPx: 3000, heightPx: 4000 },
    { widthPx: 6000, heightPx: 1000 },
    { widthPx: 500, heightPx: 500 },
  ];
  const angles = [0, 1, -1, 10, -10, 30, 45, -45];
  const aspects = [1, 4 / 3, 3 / 4, 16 / 9, 9 / 16, 6, 0.2];

  it("fits inside the turned image and the frame, and no larger rectangle of its aspect does", () => {
    for (const frame of frames) {
      for (const angle of angles) {
        const region = straightenedImageRegion(frame, angle);
        for (const aspect of aspects) {
          const crop = largestCenteredCropPx(frame, angle, aspect);
          expect((crop.rightPx - crop.leftPx) / (crop.bottomPx - crop.topPx)).toBeCloseTo(
            aspect,
            9,
          );
          expect(regionContainsRect(region, crop)).toBe(true);
          const grownHalfPx = 0.001 * (crop.rightPx - crop.leftPx);
          const grown = {
            leftPx: crop.leftPx - grownHalfPx,
            rightPx: crop.rightPx + grownHalfPx,
            topPx: crop.topPx - grownHalfPx / aspect,
            bottomPx: crop.bottomPx + grownHalfPx / aspect,
          };
          expect(regionContainsRect(region, grown)).toBe(false);
        }
      }
    }
  });
});

describe("straightenedImageRegion", () => {
  it("is the frame at 0°", () => {
    const region = straightenedImageRegion({ widthPx: 400, heightPx: 300 }, 0);
    expect(regionContainsRect(region, { leftPx: 0, topPx: 0, rightPx: 400, bottomPx: 300 })).toBe(
      true,
    );
    expect(regionContainsRect(region, { leftPx: 0, topPx: 0, rightPx: 401, bottomPx: 300 })).toBe(
      false,
    );
  });

  it("leaves out the corners of the frame when turned", () => {
    const region = straightenedImageRegion({ widthPx: 400, heightPx: 300 }, 10);
    const corner = { leftPx: 0, topPx: 0, rightPx: 5, bottomPx: 5 };
    const middle = { leftPx: 195, topPx: 145, rightPx: 205, bottomPx: 155 };
    expect(regionContainsRect(region, corner)).toBe(false);
    expect(regionContainsRect(region, middle)).toBe(true);
  });

  it("turns clockwise on screen for a positive angle", () => {
    // Turned clockwise, the image's top edge runs down to the right: the
    // frame's top-right corner is uncovered before its top-left is.
    const region = straightenedImageRegion({ widthPx: 400, heightPx: 400 }, 10);
    const nearTopLeft = { leftPx: 60, topPx: 2, rightPx: 61, bottomPx: 3 };
    const nearTopRight = { leftPx: 339, topPx: 2, rightPx: 340, bottomPx: 3 };
    expect(regionContainsRect(region, nearTopLeft)).toBe(true);
    expect(regionContainsRect(region, nearTopRight)).toBe(false);
  });
});
