import type { RGBAImage } from "../ml/clip/clip-embedder";

// A photo's brightness on a small square grid, each cell the average of the
// pixels it covers: what a perceptual hash looks at.
//
// [Note: A perceptual hash downscales by averaging areas]
//
// Each cell is the mean of the source area it covers, fractional pixels at
// its edges counted by the share they overlap (a box filter), never a
// sample of one pixel per cell. Two sizes of one photo then reduce to
// nearly the same grid: a 720 px thumbnail and a 480 px copy each average
// all their pixels into the cells, where nearest-neighbour sampling would
// pick different pixels from each (and, from 720 px to 32, one pixel in
// five hundred: noise, not the photo). The rows are reduced first, then the
// columns of the reduced rows, so each pixel is read once.

/**
 * How the pixels along one axis fall into grid cells: entry i says that
 * source pixel `source[i]` counts into cell `cell[i]` by `weight[i]` (the
 * length of their overlap). Typed arrays: the row pass reads them once a row.
 */
interface AxisCoverage {
  source: Int32Array;
  cell: Int32Array;
  weight: Float64Array;
}

/**
 * Along one axis of `sourcePx` pixels reduced (or enlarged) to `cells`
 * cells: each cell spans `sourcePx / cells` source pixels, and each pixel
 * it touches counts by the length of their overlap.
 */
const axisCoverage = (sourcePx: number, cells: number): AxisCoverage => {
  const span = sourcePx / cells;
  const entries: [number, number, number][] = [];
  for (let cell = 0; cell < cells; cell++) {
    const start = cell * span;
    const end = start + span;
    for (let source = Math.floor(start); source < end && source < sourcePx; source++) {
      const weight = Math.min(end, source + 1) - Math.max(start, source);
      if (weight > 0) entries.push([source, cell, weight]);
    }
  }
  return {
    source: Int32Array.from(entries, ([source]) => source),
    cell: Int32Array.from(entries, ([, cell]) => cell),
    weight: Float64Array.from(entries, ([, , weight]) => weight),
  };
};

/**
 * A pixel's luma (Rec. 601 weights, 0..255), over white where it is
 * transparent: the app shows a transparent pixel white (see `bitmapRGBA`),
 * so a transparent PNG hashes as it is seen.
 */
const luma = (data: Uint8ClampedArray, offset: number): number => {
  const y =
    0.299 * (data[offset] ?? 0) + 0.587 * (data[offset + 1] ?? 0) + 0.114 * (data[offset + 2] ?? 0);
  const alpha = (data[offset + 3] ?? 255) / 255;
  return y * alpha + 255 * (1 - alpha);
};

/**
 * `image`'s luma averaged onto a `sizePx` × `sizePx` grid, row by row
 * (`grid[row * sizePx + column]`, 0..255), whatever the image's shape.
 * See: [Note: A perceptual hash downscales by averaging areas]
 */
export const luminanceGrid = (image: RGBAImage, sizePx: number): Float64Array => {
  const { width, height, data } = image;
  if (width < 1 || height < 1) throw new RangeError("An image has at least one pixel");
  if (data.length < width * height * 4) throw new RangeError("The pixels are fewer than the size");
  const across = axisCoverage(width, sizePx);
  const down = axisCoverage(height, sizePx);

  // Each source row's luma, then reduced to `sizePx` column sums.
  const lumas = new Float64Array(width);
  const rows = new Float64Array(height * sizePx);
  for (let y = 0; y < height; y++) {
    const rowOffset = y * width * 4;
    for (let x = 0; x < width; x++) lumas[x] = luma(data, rowOffset + x * 4);
    const reduced = y * sizePx;
    for (let i = 0; i < across.source.length; i++) {
      const at = reduced + (across.cell[i] ?? 0);
      rows[at] = (rows[at] ?? 0) + (across.weight[i] ?? 0) * (lumas[across.source[i] ?? 0] ?? 0);
    }
  }

  const grid = new Float64Array(sizePx * sizePx);
  for (let i = 0; i < down.source.length; i++) {
    const from = (down.source[i] ?? 0) * sizePx;
    const to = (down.cell[i] ?? 0) * sizePx;
    const weight = down.weight[i] ?? 0;
    for (let column = 0; column < sizePx; column++) {
      grid[to + column] = (grid[to + column] ?? 0) + weight * (rows[from + column] ?? 0);
    }
  }
  const cellArea = (width / sizePx) * (height / sizePx);
  for (let at = 0; at < grid.length; at++) grid[at] = (grid[at] ?? 0) / cellArea;
  return grid;
};
