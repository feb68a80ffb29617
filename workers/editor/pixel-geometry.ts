// Sizes and rectangles of pixels as the renderer plans them, and the preview
// source's scale. Pure.

import type { PixelSize } from "../../shared/model/media/thumbnail-rules";

export type { PixelSize };

/** A rectangle of whole pixels, from its top-left corner. */
export interface PixelRect {
  xPx: number;
  yPx: number;
  widthPx: number;
  heightPx: number;
}

/** A copy of an image scaled down: its size, and the scale of each axis (copy ÷ original). */
export interface ScaledSize extends PixelSize {
  scaleX: number;
  scaleY: number;
}

/**
 * `size` scaled down so that its longest side is at most `longestSidePx`
 * (unchanged when it already fits). Each side is rounded to whole pixels, so
 * the two axes' scales differ slightly; both are answered.
 */
export const scaledToFit = (size: PixelSize, longestSidePx: number): ScaledSize => {
  const longest = Math.max(size.widthPx, size.heightPx);
  if (longest <= longestSidePx) return { ...size, scaleX: 1, scaleY: 1 };
  const scale = longestSidePx / longest;
  const widthPx = Math.min(longestSidePx, Math.max(1, Math.round(size.widthPx * scale)));
  const heightPx = Math.min(longestSidePx, Math.max(1, Math.round(size.heightPx * scale)));
  return {
    widthPx,
    heightPx,
    scaleX: widthPx / size.widthPx,
    scaleY: heightPx / size.heightPx,
  };
};

/** Whether `size` is a drawable size: whole pixels, at least one each way. */
export const isPixelSize = ({ widthPx, heightPx }: PixelSize): boolean =>
  Number.isInteger(widthPx) && Number.isInteger(heightPx) && widthPx >= 1 && heightPx >= 1;
