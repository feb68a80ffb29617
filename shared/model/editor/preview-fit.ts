// Where the editor's preview shows the edited photo in its canvas, shared by
// the renderer (which draws there) and the page (which lays the crop's
// handles over it). Pure.

import type { SizePx } from "./image-turns";

export interface PreviewRectPx {
  /** From the canvas's left edge. */
  xPx: number;
  /** From the canvas's top edge. */
  yPx: number;
  widthPx: number;
  heightPx: number;
}

/**
 * Where an output of `output` size is drawn in a canvas of `canvas` size:
 * fitted whole ("contain") and centred, on whole pixels. When the output's
 * size is the canvas's, that is the whole canvas, pixel for pixel.
 */
export const previewFitRect = (canvas: SizePx, output: SizePx): PreviewRectPx => {
  const scale = Math.min(canvas.widthPx / output.widthPx, canvas.heightPx / output.heightPx);
  const widthPx = Math.min(canvas.widthPx, Math.max(1, Math.round(output.widthPx * scale)));
  const heightPx = Math.min(canvas.heightPx, Math.max(1, Math.round(output.heightPx * scale)));
  return {
    xPx: Math.floor((canvas.widthPx - widthPx) / 2),
    yPx: Math.floor((canvas.heightPx - heightPx) / 2),
    widthPx,
    heightPx,
  };
};
