import { describe, expect, it } from "vitest";
import {
  type ExifOrientation,
  isExifOrientation,
  orientationTransform,
  orientedSize,
} from "./orientation";

const stored = { widthPx: 4, heightPx: 2 };

/** Which corner of the turned image a point of the stored image lands in. */
const cornerOf = (orientation: ExifOrientation, [x, y]: readonly [number, number]) => {
  const [a, b, c, d, e, f] = orientationTransform(orientation, stored);
  const turned = orientedSize(stored, orientation);
  const xOut = a * x + c * y + e;
  const yOut = b * x + d * y + f;
  expect(xOut).toBeGreaterThan(0);
  expect(xOut).toBeLessThan(turned.widthPx);
  expect(yOut).toBeGreaterThan(0);
  expect(yOut).toBeLessThan(turned.heightPx);
  return `${yOut < turned.heightPx / 2 ? "top" : "bottom"}-${xOut < turned.widthPx / 2 ? "left" : "right"}`;
};

// EXIF (TIFF 6.0, tag 274) says where the stored first row and first column
// go for display; from that, where the stored top-left and top-right pixels land.
describe("orientationTransform", () => {
  it.each<[ExifOrientation, string, string]>([
    [1, "top-left", "top-right"],
    [2, "top-right", "top-left"],
    [3, "bottom-right", "bottom-left"],
    [4, "bottom-left", "bottom-right"],
    [5, "top-left", "bottom-left"],
    [6, "top-right", "bottom-right"],
    [7, "bottom-right", "top-right"],
    [8, "bottom-left", "top-left"],
  ])(
    "orientation %i puts the stored top-left in the %s, the top-right in the %s",
    (orientation, topLeft, topRight) => {
      expect(cornerOf(orientation, [0.5, 0.5])).toBe(topLeft);
      expect(cornerOf(orientation, [stored.widthPx - 0.5, 0.5])).toBe(topRight);
    },
  );
});

describe("orientedSize", () => {
  it.each<[ExifOrientation, [number, number]]>([
    [1, [4, 2]],
    [2, [4, 2]],
    [3, [4, 2]],
    [4, [4, 2]],
    [5, [2, 4]],
    [6, [2, 4]],
    [7, [2, 4]],
    [8, [2, 4]],
  ])("orientation %i gives %j", (orientation, [widthPx, heightPx]) => {
    expect(orientedSize(stored, orientation)).toEqual({ widthPx, heightPx });
  });
});

describe("isExifOrientation", () => {
  it.each([
    [1, true],
    [8, true],
    [0, false],
    [9, false],
    [6.5, false],
    ["6", false],
    [undefined, false],
  ])("%j → %s", (value, expected) => {
    expect(isExifOrientation(value)).toBe(expected);
  });
});
