// Which square of its photo a face's crop shows (pure): the face's box
// enlarged around its centre, kept inside the photo. The ML worker cuts the
// crop's JPEG along it (`face-crop-jpegs.ts`).

import type { PixelSize } from "../../shared/model/media/thumbnail-rules";
import type { RelativeBox } from "./people-contract";

/**
 * The square shown is the face's box enlarged this much around its centre:
 * the box the detector gives is tight around eyes, nose and mouth, and a
 * crop of it alone cuts the forehead and chin off. 1.4 shows the whole head
 * with a little hair, as people expect of a contact picture.
 */
export const faceCropEnlargement = 1.4;

/** A square of the photo, in pixels from its top-left corner. */
export interface FaceCropSquarePx {
  xPx: number;
  yPx: number;
  sidePx: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * [Note: A face crop stays inside its photo]
 *
 * The square is kept inside the photo: near an edge it moves inwards rather
 * than showing a background, and it is never larger than the photo's
 * shorter side (a face filling a portrait photo shows the photo's full
 * width). The box is relative to the photo, so it is relative to any of its
 * thumbnails too: `imageSize` is the decoded image's, and the square is in
 * its pixels (whole ones, at least one on a side).
 */
export const faceCropSquarePx = (box: RelativeBox, imageSize: PixelSize): FaceCropSquarePx => {
  const widthPx = Math.max(imageSize.widthPx, 1);
  const heightPx = Math.max(imageSize.heightPx, 1);
  const faceWidthPx = Math.max(box.width, 0) * widthPx;
  const faceHeightPx = Math.max(box.height, 0) * heightPx;
  const centreXPx = box.x * widthPx + faceWidthPx / 2;
  const centreYPx = box.y * heightPx + faceHeightPx / 2;
  const shorterSidePx = Math.min(widthPx, heightPx);
  const wantedPx = Math.max(faceWidthPx, faceHeightPx) * faceCropEnlargement;
  // A box of no size (a bad detection) shows the photo's middle square.
  const sidePx = Math.max(
    1,
    Math.round(wantedPx > 0 ? Math.min(wantedPx, shorterSidePx) : shorterSidePx),
  );
  return {
    xPx: Math.round(clamp(centreXPx - sidePx / 2, 0, widthPx - sidePx)),
    yPx: Math.round(clamp(centreYPx - sidePx / 2, 0, heightPx - sidePx)),
    sidePx,
  };
};

/**
 * The longest side of a face's crop, in pixels. The largest circle shows
 * 160 CSS px (a person's header): 256 is sharp there at 1.6 device pixels
 * per CSS pixel and on the 120 px cards at 2×, and a JPEG of it at 0.85 is
 * about 10 KB. A crop is never enlarged: a square of the 720 px thumbnail
 * smaller than this keeps its own pixels.
 */
export const faceCropMaxSidePx = 256;

/** The crop's side for a square of `squareSidePx` of the thumbnail. */
export const faceCropSidePx = (squareSidePx: number): number =>
  Math.min(squareSidePx, faceCropMaxSidePx);
