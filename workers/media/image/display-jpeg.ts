// An image the browser cannot show (HEIC, RAW, TIFF in Chromium, PSD) as a
// JPEG the viewer can, at its full decoded size (issue #6, point 3).

import { FileConversionFailedError } from "./file-conversion-error";
import type { MediaKind } from "./heic";
import type { CodecImage, ImageCodec } from "./image-codec";
import { decodeImage } from "./image-decode";

/**
 * The viewer's JPEG quality: at 0.92 compression artefacts are invisible at
 * full size, where 1.0 would make the file two to three times larger for
 * nothing the eye sees (a 12-megapixel photo stays a few MB).
 */
export const displayJPEGQuality = 0.92;

export interface DisplayJPEGDeps<Image extends CodecImage> {
  codec: ImageCodec<Image>;
}

/**
 * `file` (of sniffed type `kind`) as a JPEG Blob for the viewer, upright and
 * at the size it decodes to (for a RAW file, its embedded preview's). No
 * deadline: the viewer shows progress and drops the result if the person
 * moves on, and a large photo on a slow device may honestly take long.
 * Rejects with `FileConversionFailedError`. See: [Note: Decoding each image type]
 */
export const displayJPEG = async <Image extends CodecImage>(
  file: Blob,
  kind: MediaKind,
  { codec }: DisplayJPEGDeps<Image>,
): Promise<Blob> => {
  const image = await decodeImage(file, kind, codec);
  try {
    const jpeg = await codec.encodeJPEG(image, displayJPEGQuality);
    return new Blob([jpeg], { type: "image/jpeg" });
  } catch (error) {
    throw new FileConversionFailedError(kind.mimeType, { cause: error });
  } finally {
    image.close();
  }
};
