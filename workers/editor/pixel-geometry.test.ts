import { describe, expect, it } from "vitest";
import { scaledToFit } from "./pixel-geometry";

describe("scaledToFit", () => {
  it.each([
    ["a 12 MP photo to 2048", { widthPx: 4000, heightPx: 3000 }, 2048, [2048, 1536]],
    ["a portrait photo", { widthPx: 3000, heightPx: 4000 }, 2048, [1536, 2048]],
    ["a panorama", { widthPx: 12000, heightPx: 2000 }, 2048, [2048, 341]],
    ["a sliver keeps a pixel", { widthPx: 10000, heightPx: 1 }, 100, [100, 1]],
    ["an odd limit", { widthPx: 4032, heightPx: 3024 }, 1000, [1000, 750]],
  ])("%s", (_, size, limit, [widthPx, heightPx]) => {
    const scaled = scaledToFit(size, limit);
    expect([scaled.widthPx, scaled.heightPx]).toEqual([widthPx, heightPx]);
    expect(scaled.scaleX).toBe((widthPx ?? 0) / size.widthPx);
    expect(scaled.scaleY).toBe((heightPx ?? 0) / size.heightPx);
  });

  it("leaves a size that fits unchanged, at scale 1", () => {
    expect(scaledToFit({ widthPx: 2048, heightPx: 900 }, 2048)).toEqual({
      widthPx: 2048,
      heightPx: 900,
      scaleX: 1,
      scaleY: 1,
    });
  });
});
