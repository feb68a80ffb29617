// Which tiles a full render draws, and which part of the source each one
// reads. Pure. See: [Note: A full render goes in tiles]

import { type Affine2d, applyAffine } from "../../shared/model/editor/affine-2d";
import type { PixelRect, PixelSize } from "./pixel-geometry";

/**
 * [Note: A full render goes in tiles]
 *
 * Saving renders the spec at its full output size from the full-resolution
 * source (12 MP and up), and neither has to fit on the GPU at once. The
 * output is cut into tiles; each tile's pixel centres map, through the
 * spec's affine, into a parallelogram of the source. The bounding box of
 * that parallelogram, widened to the texels bilinear sampling reads (the
 * texel before and after each point) and by a margin of one more texel, is
 * the tile's source region: the only part of the source uploaded for the
 * tile, as a texture of its own. The tile's side is chosen so that its
 * region fits the texture limit (the GPU's `MAX_TEXTURE_SIZE`, lowered to
 * our own cap to bound memory), so one source region and one output tile
 * are all the GPU holds at a time, whatever the photo's size. Each tile is
 * drawn into a framebuffer, read back and put into a 2D canvas of the whole
 * output, which encodes the file.
 *
 * Regions are clamped to the source. At the source's true edges the
 * sampler's clamp-to-edge repeats the edge texel exactly as with one whole
 * texture; inside, the margin keeps the sampler from ever reaching a
 * region's own edge. So a tiled render equals an untiled one, up to the
 * float rounding of the texture coordinates (at most 1/255 on a channel).
 */

/** Texels read around a sampled point beyond the two bilinear sampling blends. */
export const bilinearMarginPx = 1;

/** A tile of the output and the region of the source its pixels read. */
export interface RenderTile {
  output: PixelRect;
  source: PixelRect;
}

export interface TilePlanInput {
  output: PixelSize;
  outputToSource: Affine2d;
  source: PixelSize;
  /** The longest side a source region may have (the texture limit). */
  maxSourceRegionSidePx: number;
  /** The longest side an output tile may have (its framebuffer). */
  maxOutputTileSidePx: number;
}

/**
 * The texels `outputRect`'s pixels read: for every pixel centre's source
 * point p, bilinear sampling blends texels floor(p − 0.5) and the next one
 * on each axis; the region holds those, a margin of `bilinearMarginPx`
 * around them, and is clamped to the source.
 */
export const sourceRegionFor = (
  outputRect: PixelRect,
  outputToSource: Affine2d,
  source: PixelSize,
): PixelRect => {
  const left = outputRect.xPx + 0.5;
  const top = outputRect.yPx + 0.5;
  const right = outputRect.xPx + outputRect.widthPx - 0.5;
  const bottom = outputRect.yPx + outputRect.heightPx - 0.5;
  const corners = [
    applyAffine(outputToSource, { x: left, y: top }),
    applyAffine(outputToSource, { x: right, y: top }),
    applyAffine(outputToSource, { x: left, y: bottom }),
    applyAffine(outputToSource, { x: right, y: bottom }),
  ];
  const xs = corners.map(({ x }) => x);
  const ys = corners.map(({ y }) => y);
  const firstTexel = (min: number) => Math.floor(min - 0.5) - bilinearMarginPx;
  const endTexel = (max: number) => Math.floor(max - 0.5) + 2 + bilinearMarginPx;
  const x0 = Math.max(0, firstTexel(Math.min(...xs)));
  const y0 = Math.max(0, firstTexel(Math.min(...ys)));
  const x1 = Math.min(source.widthPx, endTexel(Math.max(...xs)));
  const y1 = Math.min(source.heightPx, endTexel(Math.max(...ys)));
  // A tile mapped wholly outside the source (never asked for) still gets one texel.
  const xPx = Math.min(x0, source.widthPx - 1);
  const yPx = Math.min(y0, source.heightPx - 1);
  return {
    xPx,
    yPx,
    widthPx: Math.max(1, x1 - xPx),
    heightPx: Math.max(1, y1 - yPx),
  };
};

/**
 * The widest square tile whose source region fits `maxSourceRegionSidePx`:
 * a tile of side T spans (T − 1)·stretch source pixels, where stretch is the
 * largest axis's sum of |steps|, and its region adds at most 5 texels (the
 * bilinear pair's rounding and the margins on both sides).
 */
const tileSideFor = ({
  outputToSource: [a, b, , d, e],
  maxSourceRegionSidePx,
  maxOutputTileSidePx,
}: TilePlanInput): number => {
  const regionExtraPx = 3 + 2 * bilinearMarginPx;
  if (maxSourceRegionSidePx <= regionExtraPx) {
    throw new RangeError(`A source region of ${maxSourceRegionSidePx} px cannot hold a tile`);
  }
  const stretch = Math.max(Math.abs(a) + Math.abs(b), Math.abs(d) + Math.abs(e));
  const fitting =
    stretch === 0
      ? maxOutputTileSidePx
      : Math.floor((maxSourceRegionSidePx - regionExtraPx) / stretch) + 1;
  return Math.max(1, Math.min(maxOutputTileSidePx, fitting));
};

/** Cuts `lengthPx` into `count` parts as even as whole pixels allow. */
const evenCuts = (lengthPx: number, count: number): [startPx: number, lengthPx: number][] =>
  Array.from({ length: count }, (_, index) => {
    const start = Math.round((index * lengthPx) / count);
    const end = Math.round(((index + 1) * lengthPx) / count);
    return [start, end - start];
  });

/**
 * The tiles of a full render, row by row: they cover the output once, each
 * at most `maxOutputTileSidePx` a side, each with a source region of at
 * most `maxSourceRegionSidePx` a side. See: [Note: A full render goes in tiles]
 */
export const planTiles = (input: TilePlanInput): RenderTile[] => {
  const { output, outputToSource, source } = input;
  const sidePx = tileSideFor(input);
  const columns = evenCuts(output.widthPx, Math.ceil(output.widthPx / sidePx));
  const rows = evenCuts(output.heightPx, Math.ceil(output.heightPx / sidePx));
  return rows.flatMap(([yPx, heightPx]) =>
    columns.map(([xPx, widthPx]) => {
      const outputRect = { xPx, yPx, widthPx, heightPx };
      return { output: outputRect, source: sourceRegionFor(outputRect, outputToSource, source) };
    }),
  );
};
