// The crop's frame: the size the crop is measured against, its bounds, and
// the conversion between the normalized crop the state keeps and frame pixels.
//
// [Note: The editor's crop rectangle is normalized to the turned image]
//
// The crop is kept as { leftNorm, topNorm, widthNorm, heightNorm }, fractions
// of the frame: the photo as shown after its EXIF orientation and the user's
// quarter turns and mirror, before straightening, W×H pixels of the decoded
// bitmap with the sides swapped when it is shown turned by a quarter. x runs
// right in units of W, y down in units of H, (0, 0) is the frame's top-left
// corner, so the whole photo is { 0, 0, 1, 1 } and a crop of a photo of
// 4000×3000 shown pixels with widthNorm 0.5 is 2000 pixels wide; the units
// are not square unless the frame is. Straightening turns the image inside
// the fixed frame about its centre (See: [Note: The crop frame of a
// straightened photo]), and the crop is the axis-aligned rectangle of the
// frame that is drawn: always inside the frame (all values in 0..1) and
// inside the turned image. A quarter turn or a mirror turns or mirrors the
// crop with the photo.

import type { CropBounds } from "./crop-constraints";
import type { QuarterTurns, SizePx } from "./image-turns";
import { orientedSizePx, turnedSizePx } from "./image-turns";
import type { ExifOrientation } from "./image-turns";
import type { RectPx } from "./straighten-geometry";
import { straightenedImageRegion } from "./straighten-geometry";

/** The crop, as fractions of the frame. See: [Note: The editor's crop rectangle is normalized to the turned image] */
export interface EditCropNorm {
  readonly leftNorm: number;
  readonly topNorm: number;
  readonly widthNorm: number;
  readonly heightNorm: number;
}

export const wholeCropNorm: EditCropNorm = { leftNorm: 0, topNorm: 0, widthNorm: 1, heightNorm: 1 };

/** What the frame depends on. */
export interface CropFrameSource {
  readonly sourceWidthPx: number;
  readonly sourceHeightPx: number;
  readonly exifOrientation: ExifOrientation;
  readonly quarterTurnsCw: QuarterTurns;
}

/** The frame's size in pixels: the decoded size, sides swapped by the EXIF orientation and by an odd number of quarter turns. */
export const cropFrameSizePx = (source: CropFrameSource): SizePx =>
  turnedSizePx(
    orientedSizePx(
      { widthPx: source.sourceWidthPx, heightPx: source.sourceHeightPx },
      source.exifOrientation,
    ),
    source.quarterTurnsCw,
  );

/**
 * The smallest crop side: 5% of the frame's shorter side, at least a pixel.
 * Small enough for any framing a photo wants, large enough that the crop's
 * handles never sit on one another in the editor.
 */
export const minCropSideFraction = 0.05;

export const cropBoundsOf = (frame: SizePx, straightenDeg: number): CropBounds => {
  const minSidePx = Math.max(1, minCropSideFraction * Math.min(frame.widthPx, frame.heightPx));
  return {
    frame,
    region: straightenedImageRegion(frame, straightenDeg),
    minSize: { widthPx: minSidePx, heightPx: minSidePx },
  };
};

export const cropPx = (crop: EditCropNorm, frame: SizePx): RectPx => ({
  leftPx: crop.leftNorm * frame.widthPx,
  topPx: crop.topNorm * frame.heightPx,
  rightPx: (crop.leftNorm + crop.widthNorm) * frame.widthPx,
  bottomPx: (crop.topNorm + crop.heightNorm) * frame.heightPx,
});

export const cropNorm = (rect: RectPx, frame: SizePx): EditCropNorm => ({
  leftNorm: rect.leftPx / frame.widthPx,
  topNorm: rect.topPx / frame.heightPx,
  widthNorm: (rect.rightPx - rect.leftPx) / frame.widthPx,
  heightNorm: (rect.bottomPx - rect.topPx) / frame.heightPx,
});

/** The crop after the photo turns a quarter clockwise (+1) or anticlockwise (−1) with it. */
export const quarterTurnedCrop = (crop: EditCropNorm, direction: 1 | -1): EditCropNorm =>
  direction === 1
    ? {
        leftNorm: 1 - crop.topNorm - crop.heightNorm,
        topNorm: crop.leftNorm,
        widthNorm: crop.heightNorm,
        heightNorm: crop.widthNorm,
      }
    : {
        leftNorm: crop.topNorm,
        topNorm: 1 - crop.leftNorm - crop.widthNorm,
        widthNorm: crop.heightNorm,
        heightNorm: crop.widthNorm,
      };

/** The crop after the photo is mirrored left to right with it. */
export const mirroredCrop = (crop: EditCropNorm): EditCropNorm => ({
  ...crop,
  leftNorm: 1 - crop.leftNorm - crop.widthNorm,
});
