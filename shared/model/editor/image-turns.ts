// The lossless part of the editor's geometry: the EXIF orientation that says
// how the decoded bitmap is shown, then the user's quarter turns and mirror.
// Each is an exact map of pixel rectangles onto pixel rectangles.

import type { Affine2d } from "./affine-2d";
import { chainAffine } from "./affine-2d";

/** EXIF Orientation (tag 0x0112), 1–8, with the meanings of the EXIF and TIFF specifications. */
export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Clockwise quarter turns the user applied. */
export type QuarterTurns = 0 | 1 | 2 | 3;

export interface SizePx {
  readonly widthPx: number;
  readonly heightPx: number;
}

/** A value read from a file's EXIF as an orientation; anything outside 1–8 (absent, 0, 9) is shown as stored, 1. */
export const exifOrientationOf = (value: number | undefined): ExifOrientation =>
  value !== undefined && Number.isInteger(value) && value >= 1 && value <= 8
    ? (value as ExifOrientation)
    : 1;

/** Orientations 5–8 swap the sides: the image is shown turned by a quarter. */
export const swapsSides = (orientation: ExifOrientation): boolean => orientation >= 5;

export const transposedSize = ({ widthPx, heightPx }: SizePx): SizePx => ({
  widthPx: heightPx,
  heightPx: widthPx,
});

/** The size the photo is shown at before any edit: the decoded size, sides swapped by orientations 5–8. */
export const orientedSizePx = (decoded: SizePx, orientation: ExifOrientation): SizePx =>
  swapsSides(orientation) ? transposedSize(decoded) : decoded;

/** The size after the user's quarter turns (the mirror keeps it). */
export const turnedSizePx = (oriented: SizePx, quarterTurnsCw: QuarterTurns): SizePx =>
  quarterTurnsCw % 2 === 1 ? transposedSize(oriented) : oriented;

/**
 * Decoded bitmap → oriented image (as a viewer following EXIF shows it), in
 * pixels, for a decoded bitmap of `widthPx`×`heightPx` (W×H):
 *
 *   1 as stored          (x, y) → (x, y)
 *   2 mirrored           (x, y) → (W − x, y)
 *   3 turned 180°        (x, y) → (W − x, H − y)
 *   4 flipped            (x, y) → (x, H − y)
 *   5 transposed         (x, y) → (y, x)
 *   6 turned 90° cw      (x, y) → (H − y, x)
 *   7 transversed        (x, y) → (H − y, W − x)
 *   8 turned 90° ccw     (x, y) → (y, W − x)
 *
 * (For 6, the stored top row becomes the shown right column, so the stored
 * top-left corner is shown at the top right.)
 */
export const orientedFromDecoded = (
  { widthPx: w, heightPx: h }: SizePx,
  orientation: ExifOrientation,
): Affine2d => {
  switch (orientation) {
    case 1:
      return [1, 0, 0, 0, 1, 0];
    case 2:
      return [-1, 0, w, 0, 1, 0];
    case 3:
      return [-1, 0, w, 0, -1, h];
    case 4:
      return [1, 0, 0, 0, -1, h];
    case 5:
      return [0, 1, 0, 1, 0, 0];
    case 6:
      return [0, -1, h, 1, 0, 0];
    case 7:
      return [0, -1, h, -1, 0, w];
    case 8:
      return [0, 1, 0, -1, 0, w];
  }
};

/** One clockwise quarter turn of a `widthPx`×`heightPx` image: (x, y) → (H − y, x), into H×W. */
const quarterTurnCw = ({ heightPx }: SizePx): Affine2d => [0, -1, heightPx, 1, 0, 0];

/** Oriented image → turned image: `quarterTurnsCw` clockwise quarter turns. */
export const turnedFromOriented = (oriented: SizePx, quarterTurnsCw: QuarterTurns): Affine2d => {
  const turns: Affine2d[] = [];
  let size = oriented;
  for (let turn = 0; turn < quarterTurnsCw; turn++) {
    turns.push(quarterTurnCw(size));
    size = transposedSize(size);
  }
  return chainAffine(...turns);
};

/** A left–right mirror of an image `widthPx` wide, or nothing. */
export const mirroredFromTurned = ({ widthPx }: SizePx, mirrored: boolean): Affine2d =>
  mirrored ? [-1, 0, widthPx, 0, 1, 0] : [1, 0, 0, 0, 1, 0];
