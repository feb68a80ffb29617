// From an edit to what the renderer draws: the output size and the one
// affine map from output pixels to decoded source pixels.

import type { Affine2d } from "./affine-2d";
import { chainAffine, invertAffine, rotateAboutAffine } from "./affine-2d";
import { cropFrameSizePx, cropPx } from "./crop-frame";
import type { EditState } from "./edit-state";
import {
  mirroredFromTurned,
  orientedFromDecoded,
  orientedSizePx,
  turnedFromOriented,
} from "./image-turns";
import type { EditRenderSpec } from "./render-spec";

export interface RenderSpecOptions {
  /**
   * The longest side the output may have, e.g. the preview canvas's size in
   * device pixels; the output is scaled down to it (never up) and covers the
   * same part of the photo. Absent: full resolution.
   */
  readonly maxOutputSidePx?: number;
}

/**
 * Decoded bitmap → frame (the pixels the crop is drawn in): the EXIF
 * orientation, the quarter turns, the mirror, then the straighten turn about
 * the frame's centre. See: [Note: The editor's crop rectangle is normalized to the turned image]
 */
export const frameFromSource = (state: EditState): Affine2d => {
  const decoded = { widthPx: state.sourceWidthPx, heightPx: state.sourceHeightPx };
  const oriented = orientedSizePx(decoded, state.exifOrientation);
  const frame = cropFrameSizePx(state);
  return chainAffine(
    orientedFromDecoded(decoded, state.exifOrientation),
    turnedFromOriented(oriented, state.quarterTurnsCw),
    mirroredFromTurned(frame, state.flippedHorizontally),
    rotateAboutAffine(state.straightenDeg, { x: frame.widthPx / 2, y: frame.heightPx / 2 }),
  );
};

/**
 * Whole pixels for a crop of `widthPx`×`heightPx` scaled by `scale`: the
 * longer side rounded, the shorter one made from it at the crop's ratio.
 * Rounding each side alone can miss a 16:9 ratio by more than a pixel; this
 * way the shorter side is within half a pixel of the ratio's. At least 1 px
 * each.
 */
const wholeOutputSize = (
  widthPx: number,
  heightPx: number,
  scale: number,
): { outputWidthPx: number; outputHeightPx: number } => {
  const landscape = widthPx >= heightPx;
  const [shorterPx, longerPx] = landscape ? [heightPx, widthPx] : [widthPx, heightPx];
  const longerOutputPx = Math.max(1, Math.round(longerPx * scale));
  const shorterOutputPx = Math.max(1, Math.round((longerOutputPx * shorterPx) / longerPx));
  return landscape
    ? { outputWidthPx: longerOutputPx, outputHeightPx: shorterOutputPx }
    : { outputWidthPx: shorterOutputPx, outputHeightPx: longerOutputPx };
};

/**
 * What to draw for `state`. At full resolution the output is the crop's size
 * in shown pixels, rounded (See: `wholeOutputSize`); with `maxOutputSidePx`
 * both sides shrink by the same factor so the longer fits. The output's
 * corners map to the crop's corners (See: `EditRenderSpec`), whatever the size.
 */
export const renderSpecOf = (
  state: EditState,
  { maxOutputSidePx }: RenderSpecOptions = {},
): EditRenderSpec => {
  const frame = cropFrameSizePx(state);
  const crop = cropPx(state.crop, frame);
  const cropWidthPx = crop.rightPx - crop.leftPx;
  const cropHeightPx = crop.bottomPx - crop.topPx;
  const longerSidePx = Math.max(cropWidthPx, cropHeightPx);
  const maxSidePx =
    maxOutputSidePx !== undefined && maxOutputSidePx > 0
      ? Math.max(1, Math.floor(maxOutputSidePx))
      : Infinity;
  const scale = Math.min(1, maxSidePx / longerSidePx);
  const { outputWidthPx, outputHeightPx } = wholeOutputSize(cropWidthPx, cropHeightPx, scale);
  const frameFromOutput: Affine2d = [
    cropWidthPx / outputWidthPx,
    0,
    crop.leftPx,
    0,
    cropHeightPx / outputHeightPx,
    crop.topPx,
  ];
  const [a, b, c, d, e, f] = chainAffine(frameFromOutput, invertAffine(frameFromSource(state)));
  return {
    outputWidthPx,
    outputHeightPx,
    outputToSource: [a, b, c, d, e, f],
    adjustments: { ...state.adjustments },
    filter: state.filter,
    filterStrength: state.filterStrength,
  };
};
