// The JPEGs of a photo's faces, cut from its thumbnail: the square the
// people pages show of each face (`faceCropSquarePx`), scaled down to
// `faceCropMaxSidePx` at most. The codec is the media worker's (in a
// browser worker, OffscreenCanvas; in Node tests, ffmpeg).
// See: [Note: Face crops are cached sealed]

import type { CodecImage, ImageCodec } from "../../media/image/image-codec";
import { faceCropSidePx, faceCropSquarePx } from "../../people/face-crop-square";
import type { RelativeBox } from "../../people/people-contract";

/**
 * The crops' JPEG quality: a face is looked at closely (the person's
 * header shows it at 160 px), and at 256 px a crop is a few KB even at
 * 0.85, above the thumbnails' 0.7.
 */
export const faceCropJPEGQuality = 0.85;

/**
 * One JPEG per box, in order, of the photo in `jpegBytes` (any format the
 * codec decodes); undefined when the photo does not decode. Any other
 * failure (the codec cannot draw) rejects.
 */
export const faceCropJPEGs = async <Image extends CodecImage>(
  codec: ImageCodec<Image>,
  jpegBytes: Uint8Array,
  boxes: readonly RelativeBox[],
): Promise<Uint8Array[] | undefined> => {
  let image: Image;
  try {
    image = await codec.decode(new Blob([jpegBytes as Uint8Array<ArrayBuffer>]));
  } catch {
    return undefined;
  }
  try {
    const size = { widthPx: image.widthPx, heightPx: image.heightPx };
    const jpegs: Uint8Array[] = [];
    for (const box of boxes) {
      const { xPx, yPx, sidePx } = faceCropSquarePx(box, size);
      const square = await codec.crop(image, { xPx, yPx, widthPx: sidePx, heightPx: sidePx });
      const cropSidePx = faceCropSidePx(sidePx);
      try {
        const scaled =
          cropSidePx === sidePx
            ? square
            : await codec.resize(square, { widthPx: cropSidePx, heightPx: cropSidePx });
        try {
          jpegs.push(await codec.encodeJPEG(scaled, faceCropJPEGQuality));
        } finally {
          if (scaled !== square) scaled.close();
        }
      } finally {
        square.close();
      }
    }
    return jpegs;
  } finally {
    image.close();
  }
};
