// Where a face's photo goes inside its round crop (pure): the thumbnail is
// scaled and moved so that a square around the face fills the circle.

import type { RelativeBox } from "../../../workers/people/people-contract";

/**
 * The square shown is the face's box enlarged this much around its centre:
 * the box the detector gives is tight around eyes, nose and mouth, and a
 * crop of it alone cuts the forehead and chin off. 1.4 shows the whole head
 * with a little hair, as people expect of a contact picture.
 */
export const faceCropEnlargement = 1.4;

/** The thumbnail's size and place in the crop, in percent of the crop's side. */
export interface FaceCropPlacement {
  widthPercent: number;
  heightPercent: number;
  leftPercent: number;
  topPercent: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * [Note: A face crop stays inside its photo]
 *
 * The square is kept inside the photo: near an edge it moves inwards rather
 * than showing the crop's background, and it is never larger than the
 * photo's shorter side (a face filling a portrait photo shows the photo's
 * full width). `imageAspect` is the thumbnail's width over height, the
 * photo's own; the box is relative to the photo, so it is relative to the
 * thumbnail too.
 */
export const faceCropPlacement = (box: RelativeBox, imageAspect: number): FaceCropPlacement => {
  const aspect = Number.isFinite(imageAspect) && imageAspect > 0 ? imageAspect : 1;
  // In units of the photo's height: the photo is `aspect` wide and 1 high.
  const faceWidth = Math.max(box.width, 0) * aspect;
  const faceHeight = Math.max(box.height, 0);
  const centreX = (box.x + Math.max(box.width, 0) / 2) * aspect;
  const centreY = box.y + faceHeight / 2;
  const shorterSide = Math.min(aspect, 1);
  const wanted = Math.max(faceWidth, faceHeight) * faceCropEnlargement;
  // A box of no size (a bad detection) shows the photo's middle square.
  const side = wanted > 0 ? Math.min(wanted, shorterSide) : shorterSide;
  const left = clamp(centreX - side / 2, 0, aspect - side);
  const top = clamp(centreY - side / 2, 0, 1 - side);
  return {
    widthPercent: (aspect / side) * 100,
    heightPercent: (1 / side) * 100,
    leftPercent: -(left / side) * 100,
    topPercent: -(top / side) * 100,
  };
};
