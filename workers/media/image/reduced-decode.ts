// Which size to ask a JPEG decoder for when only a small image is wanted
// (a thumbnail). Pure.

import type { PixelSize } from "../../../shared/model/media/thumbnail-rules";

/** What a caller needs of a decoded image; the codec may then decode fewer pixels. */
export interface DecodeNeeds {
  /** The decoded image's longest side must be at least this (or the whole image, if smaller). */
  longSideAtLeastPx: number;
}

/** libjpeg scales by n/8 while decoding, n from 1 to 8. */
const jpegScaleDenominator = 8;

/**
 * [Note: A thumbnail's JPEG is decoded at a reduced size]
 *
 * A JPEG stores 8×8 blocks of frequencies; libjpeg (Chromium's decoder)
 * can decode each block to n×n pixels (n from 1 to 8) by dropping the high
 * frequencies: an n/8 image, properly low-passed, for far less work than
 * the full image. WebCodecs' `ImageDecoder` takes a desired size and picks
 * the largest n/8 that fits within it. A 4000×3000 photo's thumbnail
 * (720 px) is thus decoded at 2/8 (1000×750) and drawn down once: in a
 * Chromium worker on the bench machine 57 ms a photo, against 90 ms for the
 * full decode alone and 84 ms more for halving its 12 megapixels to 720.
 *
 * The size asked is the smallest n/8 whose longest side still reaches the
 * thumbnail's, so the last draw only shrinks (never enlarges); the side is
 * rounded up as libjpeg rounds it. When n would be 8 there is nothing to
 * gain and the full image is decoded.
 */
export const jpegReducedDecodeSize = (
  stored: PixelSize,
  { longSideAtLeastPx }: DecodeNeeds,
): PixelSize | undefined => {
  const longSidePx = Math.max(stored.widthPx, stored.heightPx);
  const numerator = Math.max(1, Math.ceil((jpegScaleDenominator * longSideAtLeastPx) / longSidePx));
  if (numerator >= jpegScaleDenominator) return undefined;
  const scaled = (sidePx: number) => Math.ceil((sidePx * numerator) / jpegScaleDenominator);
  return { widthPx: scaled(stored.widthPx), heightPx: scaled(stored.heightPx) };
};
