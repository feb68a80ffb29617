import { describe, expect, it } from "vitest";
import type { EditAdjustments } from "../../shared/model/editor/render-spec";
import { colourUniforms, fragmentShaderSource } from "./colour-shader";
import { neutralEditAdjustments } from "../../shared/model/editor/filter-presets";

const uniformsOf = (adjustments: Partial<EditAdjustments>, filterStrength = 100) =>
  colourUniforms({
    adjustments: { ...neutralEditAdjustments, ...adjustments },
    filter: "none",
    filterStrength,
  });

describe("colourUniforms", () => {
  it("leaves every value unchanged with no adjustment", () => {
    expect(uniformsOf({})).toMatchObject({
      exposureGain: 1,
      brightnessOffset: 0,
      contrastGain: 1,
      shadowsLift: 0,
      highlightsLift: 0,
      warmthShift: 0,
      saturationGain: 1,
      filterColumns: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      filterOffset: [0, 0, 0],
      filterStrength: 1,
    });
  });

  it.each([
    ["exposure +100: two stops up", { exposure: 100 }, "exposureGain", 4],
    ["exposure −50: one stop down", { exposure: -50 }, "exposureGain", 0.5],
    ["brightness +100", { brightness: 100 }, "brightnessOffset", 0.25],
    ["contrast −100: flat", { contrast: -100 }, "contrastGain", 0],
    ["shadows +40", { shadows: 40 }, "shadowsLift", 0.1],
    ["highlights −100", { highlights: -100 }, "highlightsLift", -0.25],
    ["warmth +50", { warmth: 50 }, "warmthShift", 0.05],
    ["saturation −100: grey", { saturation: -100 }, "saturationGain", 0],
    ["a value past 100 is taken as 100", { brightness: 250 }, "brightnessOffset", 0.25],
    ["a value that is not a number is taken as 0", { contrast: Number.NaN }, "contrastGain", 1],
  ] as const)("%s", (_, adjustments, key, expected) => {
    expect(uniformsOf(adjustments)[key]).toBeCloseTo(expected, 12);
  });

  it("passes a filter's matrix column by column, its offsets apart, and its strength as 0..1", () => {
    const noir = colourUniforms({
      adjustments: neutralEditAdjustments,
      filter: "noir",
      filterStrength: 25,
    });
    const [r, g, b] = [0.2126 * 1.4, 0.7152 * 1.4, 0.0722 * 1.4];
    const columns = noir.filterColumns;
    [r, r, r, g, g, g, b, b, b].forEach((expected, index) => {
      expect(columns[index]).toBeCloseTo(expected, 12);
    });
    noir.filterOffset.forEach((offset) => {
      expect(offset).toBeCloseTo(-0.2, 12);
    });
    expect(noir.filterStrength).toBe(0.25);
  });
});

describe("fragmentShaderSource", () => {
  it("starts WebGL2's shader with its version line", () => {
    expect(fragmentShaderSource("300 es").startsWith("#version 300 es\n")).toBe(true);
    expect(fragmentShaderSource("100")).not.toContain("#version");
  });
});
