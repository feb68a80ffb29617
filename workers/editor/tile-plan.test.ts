import { describe, expect, it } from "vitest";
import { type Affine2d, applyAffine } from "../../shared/model/editor/affine-2d";
import { type TilePlanInput, planTiles } from "./tile-plan";

/** Output pixel → source: turned by `degrees` about the output's centre, placed at the source's centre. */
const turnedCrop = (
  degrees: number,
  output: { widthPx: number; heightPx: number },
  source: { widthPx: number; heightPx: number },
  scale = 1,
): Affine2d => {
  const cos = Math.cos((degrees * Math.PI) / 180) * scale;
  const sin = Math.sin((degrees * Math.PI) / 180) * scale;
  const ox = output.widthPx / 2;
  const oy = output.heightPx / 2;
  return [
    cos,
    -sin,
    source.widthPx / 2 - cos * ox + sin * oy,
    sin,
    cos,
    source.heightPx / 2 - sin * ox - cos * oy,
  ];
};

const cases: [string, TilePlanInput][] = [
  [
    "a photo at full size, untouched",
    {
      output: { widthPx: 400, heightPx: 300 },
      outputToSource: [1, 0, 0, 0, 1, 0],
      source: { widthPx: 400, heightPx: 300 },
      maxSourceRegionSidePx: 128,
      maxOutputTileSidePx: 100,
    },
  ],
  [
    "a straightened crop (10°)",
    {
      output: { widthPx: 300, heightPx: 200 },
      outputToSource: turnedCrop(
        10,
        { widthPx: 300, heightPx: 200 },
        { widthPx: 400, heightPx: 300 },
      ),
      source: { widthPx: 400, heightPx: 300 },
      maxSourceRegionSidePx: 64,
      maxOutputTileSidePx: 2048,
    },
  ],
  [
    "a quarter turn with a flip",
    {
      output: { widthPx: 150, heightPx: 200 },
      outputToSource: [0, -1, 200, -1, 0, 150],
      source: { widthPx: 200, heightPx: 150 },
      maxSourceRegionSidePx: 50,
      maxOutputTileSidePx: 2048,
    },
  ],
  [
    "a 45° turn, tiles capped by the output tile size",
    {
      output: { widthPx: 180, heightPx: 120 },
      outputToSource: turnedCrop(
        45,
        { widthPx: 180, heightPx: 120 },
        { widthPx: 400, heightPx: 400 },
      ),
      source: { widthPx: 400, heightPx: 400 },
      maxSourceRegionSidePx: 4096,
      maxOutputTileSidePx: 32,
    },
  ],
  [
    "an enlargement (each source pixel drawn 2.5 times)",
    {
      output: { widthPx: 250, heightPx: 250 },
      outputToSource: turnedCrop(
        -7,
        { widthPx: 250, heightPx: 250 },
        { widthPx: 120, heightPx: 120 },
        0.4,
      ),
      source: { widthPx: 120, heightPx: 120 },
      maxSourceRegionSidePx: 24,
      maxOutputTileSidePx: 2048,
    },
  ],
  [
    "a smaller render (two source pixels a pixel)",
    {
      output: { widthPx: 97, heightPx: 61 },
      outputToSource: turnedCrop(
        3,
        { widthPx: 97, heightPx: 61 },
        { widthPx: 210, heightPx: 140 },
        2,
      ),
      source: { widthPx: 210, heightPx: 140 },
      maxSourceRegionSidePx: 40,
      maxOutputTileSidePx: 2048,
    },
  ],
  [
    "an output of one pixel",
    {
      output: { widthPx: 1, heightPx: 1 },
      outputToSource: [1, 0, 10, 0, 1, 10],
      source: { widthPx: 20, heightPx: 20 },
      maxSourceRegionSidePx: 8,
      maxOutputTileSidePx: 8,
    },
  ],
];

describe("planTiles", () => {
  it.each(cases)("covers the output exactly once: %s", (_, input) => {
    const { widthPx, heightPx } = input.output;
    const covered = new Uint8Array(widthPx * heightPx);
    let outside = 0;
    for (const { output } of planTiles(input)) {
      for (let y = output.yPx; y < output.yPx + output.heightPx; y++) {
        for (let x = output.xPx; x < output.xPx + output.widthPx; x++) {
          if (x < 0 || x >= widthPx || y < 0 || y >= heightPx) outside++;
          else covered[y * widthPx + x] = (covered[y * widthPx + x] ?? 0) + 1;
        }
      }
    }
    expect(outside).toBe(0);
    expect(covered.every((count) => count === 1)).toBe(true);
  });

  it.each(cases)("keeps tiles and source regions within their limits: %s", (_, input) => {
    for (const { output, source } of planTiles(input)) {
      expect(Math.max(output.widthPx, output.heightPx)).toBeLessThanOrEqual(
        input.maxOutputTileSidePx,
      );
      expect(Math.max(source.widthPx, source.heightPx)).toBeLessThanOrEqual(
        input.maxSourceRegionSidePx,
      );
      expect(source.xPx).toBeGreaterThanOrEqual(0);
      expect(source.yPx).toBeGreaterThanOrEqual(0);
      expect(source.xPx + source.widthPx).toBeLessThanOrEqual(input.source.widthPx);
      expect(source.yPx + source.heightPx).toBeLessThanOrEqual(input.source.heightPx);
    }
  });

  it.each(cases)(
    "gives each tile the texels its pixels sample, and one more around them: %s",
    (_, input) => {
      const { widthPx: sourceWidth, heightPx: sourceHeight } = input.source;
      let missing = 0;
      for (const { output, source } of planTiles(input)) {
        const holds = (texelX: number, texelY: number) => {
          const x = Math.min(Math.max(texelX, 0), sourceWidth - 1);
          const y = Math.min(Math.max(texelY, 0), sourceHeight - 1);
          return (
            x >= source.xPx &&
            x < source.xPx + source.widthPx &&
            y >= source.yPx &&
            y < source.yPx + source.heightPx
          );
        };
        for (let y = output.yPx; y < output.yPx + output.heightPx; y++) {
          for (let x = output.xPx; x < output.xPx + output.widthPx; x++) {
            const { x: sx, y: sy } = applyAffine(input.outputToSource, { x: x + 0.5, y: y + 0.5 });
            // Bilinear reads floor(p − 0.5) and the next texel; the margin adds one each side.
            const firstX = Math.floor(sx - 0.5) - 1;
            const firstY = Math.floor(sy - 0.5) - 1;
            for (const [dx, dy] of [
              [0, 0],
              [3, 0],
              [0, 3],
              [3, 3],
            ] as const) {
              if (!holds(firstX + dx, firstY + dy)) missing++;
            }
          }
        }
      }
      expect(missing).toBe(0);
    },
  );

  it("splits a 12 MP save into four tiles of 2000 × 1500 under the default limits", () => {
    const tiles = planTiles({
      output: { widthPx: 4000, heightPx: 3000 },
      outputToSource: [1, 0, 0, 0, 1, 0],
      source: { widthPx: 4000, heightPx: 3000 },
      maxSourceRegionSidePx: 4096,
      maxOutputTileSidePx: 2048,
    });
    expect(tiles.map(({ output }) => output)).toEqual([
      { xPx: 0, yPx: 0, widthPx: 2000, heightPx: 1500 },
      { xPx: 2000, yPx: 0, widthPx: 2000, heightPx: 1500 },
      { xPx: 0, yPx: 1500, widthPx: 2000, heightPx: 1500 },
      { xPx: 2000, yPx: 1500, widthPx: 2000, heightPx: 1500 },
    ]);
    expect(tiles[0]?.source).toEqual({ xPx: 0, yPx: 0, widthPx: 2002, heightPx: 1502 });
  });

  it("refuses a source region too small to hold any tile", () => {
    expect(() =>
      planTiles({
        output: { widthPx: 10, heightPx: 10 },
        outputToSource: [1, 0, 0, 0, 1, 0],
        source: { widthPx: 10, heightPx: 10 },
        maxSourceRegionSidePx: 5,
        maxOutputTileSidePx: 10,
      }),
    ).toThrow(RangeError);
  });
});
