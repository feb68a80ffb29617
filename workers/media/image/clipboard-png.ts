// The viewer's image as a PNG for the clipboard: the image it shows (a
// JPEG, or any type the browser decodes), upright, at its full size.
// See: [Note: The viewer copies the image it shows, as a PNG]

import type { CodecImage, ImageCodec } from "./image-codec";

/**
 * `image` as a PNG Blob, its EXIF orientation applied as the viewer shows
 * it. Rejects with what the codec rejects with (an image it cannot decode).
 */
export const clipboardPNG = async <Image extends CodecImage>(
  image: Blob,
  codec: Pick<ImageCodec<Image>, "decode" | "encodePNG">,
): Promise<Blob> => {
  const decoded = await codec.decode(image);
  try {
    return await codec.encodePNG(decoded);
  } finally {
    decoded.close();
  }
};
