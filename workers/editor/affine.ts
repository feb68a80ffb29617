// The renderer's own affine maps, over the model's (shared/model/editor/affine-2d.ts:
// x' = a·x + b·y + c, y' = d·x + e·y + f): a scale-and-move, a map for a
// scaled copy of the source, and how many source pixels an output pixel spans.
// Pure.

import { type Affine2d, thenAffine } from "../../shared/model/editor/affine-2d";

/** Scales x by `scaleX` and y by `scaleY`, then moves by (dx, dy). */
export const scaleAndMove = (scaleX: number, scaleY: number, dx = 0, dy = 0): Affine2d => [
  scaleX,
  0,
  dx,
  0,
  scaleY,
  dy,
];

/**
 * The same output-to-source map for a copy of the source scaled by `scaleX`
 * (and `scaleY`, by default the same): a source point (sx, sy) is
 * (scaleX·sx, scaleY·sy) in the copy. Source coordinates are continuous (the
 * image spans 0..width, a pixel's centre is at i + 0.5), so a scale is
 * exactly a product, with no half-pixel shift.
 */
export const affineForScaledSource = (
  outputToSource: Affine2d,
  scaleX: number,
  scaleY: number = scaleX,
): Affine2d => thenAffine(outputToSource, scaleAndMove(scaleX, scaleY));

/**
 * How many source pixels one output pixel spans at most: the longer of the
 * images of the output's unit steps. Above 1 the output is smaller than the
 * source (a downscale), and sampling one texel per pixel would alias.
 */
export const sourcePixelsPerOutputPixel = ([a, b, , d, e]: Affine2d): number =>
  Math.max(Math.hypot(a, d), Math.hypot(b, e));
