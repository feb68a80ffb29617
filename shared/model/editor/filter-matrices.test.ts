import { describe, expect, it } from "vitest";
import { editFilterMatrices, lumaWeights } from "./filter-matrices";
import { editFilterNames } from "./render-spec";

describe("editFilterMatrices", () => {
  it("has a matrix for every filter", () => {
    expect(Object.keys(editFilterMatrices).sort()).toEqual([...editFilterNames].sort());
  });

  it("keeps greys grey under every filter but the tinted ones", () => {
    for (const name of ["none", "vivid", "mono", "noir", "fade"] as const) {
      const rows = editFilterMatrices[name];
      const grey = rows.map(([r, g, b, offset]) => (r + g + b) * 0.3 + offset);
      expect(grey[0]).toBeCloseTo(grey[1] ?? Number.NaN, 12);
      expect(grey[1]).toBeCloseTo(grey[2] ?? Number.NaN, 12);
    }
  });

  it("makes mono's every row the luminance", () => {
    for (const row of editFilterMatrices.mono) expect(row).toEqual([...lumaWeights, 0]);
  });

  it("makes vivid a saturation of 1.35: a colour moves 1.35 times as far from its luminance", () => {
    const rgb = [0.8, 0.3, 0.1] as const;
    const luma = lumaWeights[0] * rgb[0] + lumaWeights[1] * rgb[1] + lumaWeights[2] * rgb[2];
    editFilterMatrices.vivid.forEach(([r, g, b, offset], channel) => {
      const out = r * rgb[0] + g * rgb[1] + b * rgb[2] + offset;
      expect(out).toBeCloseTo(luma + ((rgb[channel] ?? 0) - luma) * 1.35, 12);
    });
  });
});
