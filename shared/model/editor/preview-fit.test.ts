import { describe, expect, it } from "vitest";
import { previewFitRect } from "./preview-fit";

describe("previewFitRect", () => {
  it.each([
    ["the same size: the whole canvas", [800, 600], [800, 600], [0, 0, 800, 600]],
    ["a wider output: bands above and below", [800, 600], [4000, 2000], [0, 100, 800, 400]],
    ["a taller output: bands left and right", [800, 600], [3000, 4000], [175, 0, 450, 600]],
    ["a smaller output is enlarged", [800, 600], [40, 30], [0, 0, 800, 600]],
    ["an odd band goes below", [801, 601], [800, 400], [0, 100, 801, 401]],
  ])("%s", (_, [cw = 0, ch = 0], [ow = 0, oh = 0], expected) => {
    const rect = previewFitRect({ widthPx: cw, heightPx: ch }, { widthPx: ow, heightPx: oh });
    expect([rect.xPx, rect.yPx, rect.widthPx, rect.heightPx]).toEqual(expected);
  });
});
