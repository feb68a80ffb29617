// 2D affine maps in the render spec's layout, [a, b, c, d, e, f]:
// x' = a·x + b·y + c, y' = d·x + e·y + f. Pure.

import type { EditRenderSpec } from "../../shared/model/editor/render-spec";

export type Affine = EditRenderSpec["outputToSource"];

export const identityAffine: Affine = [1, 0, 0, 0, 1, 0];

/** Where `affine` takes the point (x, y). */
export const applyAffine = (
  [a, b, c, d, e, f]: Affine,
  x: number,
  y: number,
): readonly [x: number, y: number] => [a * x + b * y + c, d * x + e * y + f];

/** `outer` after `inner`: the map p ↦ outer(inner(p)). */
export const composeAffine = (outer: Affine, inner: Affine): Affine => {
  const [a1, b1, c1, d1, e1, f1] = outer;
  const [a2, b2, c2, d2, e2, f2] = inner;
  return [
    a1 * a2 + b1 * d2,
    a1 * b2 + b1 * e2,
    a1 * c2 + b1 * f2 + c1,
    d1 * a2 + e1 * d2,
    d1 * b2 + e1 * e2,
    d1 * c2 + e1 * f2 + f1,
  ];
};

/** Scales x by `scaleX` and y by `scaleY`, then moves by (dx, dy). */
export const scaleAndMove = (scaleX: number, scaleY: number, dx = 0, dy = 0): Affine => [
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
  outputToSource: Affine,
  scaleX: number,
  scaleY: number = scaleX,
): Affine => composeAffine(scaleAndMove(scaleX, scaleY), outputToSource);

/**
 * How many source pixels one output pixel spans at most: the longer of the
 * images of the output's unit steps. Above 1 the output is smaller than the
 * source (a downscale), and sampling one texel per pixel would alias.
 */
export const sourcePixelsPerOutputPixel = ([a, b, , d, e]: Affine): number =>
  Math.max(Math.hypot(a, d), Math.hypot(b, e));
