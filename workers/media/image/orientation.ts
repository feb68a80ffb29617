// EXIF orientation (TIFF tag 274) as drawing needs it: which size the turned
// image has, and the 2D transform that draws the stored pixels turned. Used
// where the decoder cannot apply the orientation itself (a RAW file's
// embedded preview, whose orientation is the RAW file's). Pure.

import type { PixelSize } from "../../../shared/model/media/thumbnail-rules";

/** The eight EXIF orientations; 1 is "as stored". */
export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export const isExifOrientation = (value: unknown): value is ExifOrientation =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 8;

/** Orientations 5 to 8 turn the image a quarter: width and height swap. */
export const orientedSize = (stored: PixelSize, orientation: ExifOrientation): PixelSize =>
  orientation >= 5 ? { widthPx: stored.heightPx, heightPx: stored.widthPx } : stored;

/**
 * The affine transform `[a, b, c, d, e, f]` (as `setTransform` takes it:
 * x' = a·x + c·y + e, y' = b·x + d·y + f) that draws an image stored at
 * `stored` size, at the origin, turned as `orientation` asks for display.
 */
export const orientationTransform = (
  orientation: ExifOrientation,
  { widthPx: w, heightPx: h }: PixelSize,
): readonly [number, number, number, number, number, number] => {
  switch (orientation) {
    case 1:
      return [1, 0, 0, 1, 0, 0];
    case 2: // mirrored left to right
      return [-1, 0, 0, 1, w, 0];
    case 3: // turned half a turn
      return [-1, 0, 0, -1, w, h];
    case 4: // mirrored top to bottom
      return [1, 0, 0, -1, 0, h];
    case 5: // mirrored along the main diagonal
      return [0, 1, 1, 0, 0, 0];
    case 6: // turned a quarter clockwise
      return [0, 1, -1, 0, h, 0];
    case 7: // mirrored along the other diagonal
      return [0, -1, -1, 0, h, w];
    case 8: // turned a quarter anticlockwise
      return [0, -1, 1, 0, 0, w];
  }
};
