// Maps and points the tests of affine maps share (the model's and the renderer's).

import type { Affine2d } from "../affine-2d";

/** A turn by `degrees` (clockwise on screen), scaled by `scale`, then moved by (dx, dy). */
export const turnAffine = (degrees: number, scale = 1, dx = 0, dy = 0): Affine2d => {
  const cos = Math.cos((degrees * Math.PI) / 180) * scale;
  const sin = Math.sin((degrees * Math.PI) / 180) * scale;
  return [cos, -sin, dx, sin, cos, dy];
};

/** Points at a corner, a pixel centre, inside, and far outside a photo. */
export const samplePoints: readonly (readonly [x: number, y: number])[] = [
  [0, 0],
  [0.5, 0.5],
  [123.5, 45.5],
  [-7, 3000],
];
