import { describe, expect, it } from "vitest";
import type { EditAdjustments, EditRenderSpec } from "./render-spec";
import { type Rgb, adjustPixel } from "./adjust-pixel";
import { neutralEditAdjustments } from "./filter-presets";

// The reference against the note's own statements, so the browser test's
// yardstick is the note's text. See: [Note: The editor's adjustments]

const spec = (
  adjustments: Partial<EditAdjustments>,
  filter: EditRenderSpec["filter"] = "none",
  filterStrength = 100,
) => ({ adjustments: { ...neutralEditAdjustments, ...adjustments }, filter, filterStrength });

const close = (actual: Rgb, expected: Rgb) => {
  actual.forEach((value, channel) => {
    expect(value).toBeCloseTo(expected[channel] ?? Number.NaN, 9);
  });
};

describe("adjustPixel", () => {
  it.each([
    ["nothing changes a colour", [0.2, 0.5, 0.9], spec({}), [0.2, 0.5, 0.9]],
    ["exposure +50 doubles", [0.1, 0.2, 0.3], spec({ exposure: 50 }), [0.2, 0.4, 0.6]],
    ["exposure −100 quarters", [0.4, 0.8, 1], spec({ exposure: -100 }), [0.1, 0.2, 0.25]],
    [
      "brightness +100 adds a quarter",
      [0.1, 0.2, 0.3],
      spec({ brightness: 100 }),
      [0.35, 0.45, 0.55],
    ],
    ["contrast −100 is flat grey", [0.1, 0.7, 0.95], spec({ contrast: -100 }), [0.5, 0.5, 0.5]],
    [
      "contrast +100 doubles around grey",
      [0.4, 0.5, 0.6],
      spec({ contrast: 100 }),
      [0.3, 0.5, 0.7],
    ],
    ["shadows +100 lift black by a quarter", [0, 0, 0], spec({ shadows: 100 }), [0.25, 0.25, 0.25]],
    ["shadows leave mid-grey", [0.5, 0.5, 0.5], spec({ shadows: 100 }), [0.5, 0.5, 0.5]],
    [
      "highlights −100 lower white by a quarter",
      [1, 1, 1],
      spec({ highlights: -100 }),
      [0.75, 0.75, 0.75],
    ],
    ["warmth +100", [0.5, 0.5, 0.5], spec({ warmth: 100 }), [0.6, 0.5, 0.4]],
    [
      "saturation −100 is the luminance",
      [1, 0, 0],
      spec({ saturation: -100 }),
      [0.2126, 0.2126, 0.2126],
    ],
    ["mono is the luminance", [0, 1, 0], spec({}, "mono"), [0.7152, 0.7152, 0.7152]],
    ["noir leaves mid-grey", [0.5, 0.5, 0.5], spec({}, "noir"), [0.5, 0.5, 0.5]],
    ["fade lifts black", [0, 0, 0], spec({}, "fade"), [0.08, 0.08, 0.08]],
    ["warm at half strength", [0.5, 0.5, 0.5], spec({}, "warm", 50), [0.52, 0.5, 0.475]],
    ["sepia of white, clamped", [1, 1, 1], spec({}, "sepia"), [1, 1, 0.937]],
    ["vivid leaves grey", [0.3, 0.3, 0.3], spec({}, "vivid"), [0.3, 0.3, 0.3]],
    ["the result is clamped", [0.9, 0.1, 0.5], spec({ exposure: 100 }), [1, 0.4, 1]],
  ] as const)("%s", (_, input, given, expected) => {
    close(adjustPixel(input, given), expected);
  });

  it("clamps only at the end: exposure past white comes back with contrast", () => {
    // 0.4·4 = 1.6, then (1.6 − 0.5)·0.5 + 0.5 = 1.05 → 1; 0.1·4 = 0.4 → 0.45.
    close(adjustPixel([0.4, 0.1, 0.1], spec({ exposure: 100, contrast: -50 })), [1, 0.45, 0.45]);
  });
});
