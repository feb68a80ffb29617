// An image the browser cannot show (HEIC, RAW, TIFF in Chromium, PSD) as a
// JPEG the viewer can, at its full decoded size.

import { FileType } from "../../../shared/model/library/file-metadata";
import { type DetectedFileType, detectFileType } from "../probe/detect-type";
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
 * at the size it decodes to (for a RAW file, its embedded preview's). The
 * caller bounds it with a deadline scaled to the file's size (a large photo
 * on a slow device may honestly take long): see [Note: The media worker is
 * ended when a call passes its deadline]. Rejects with
 * `FileConversionFailedError`. See: [Note: Decoding each image type]
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

/**
 * `displayJPEG` of an original named `fileName`, its type sniffed here from
 * its bytes (the viewer's sniffer knows fewer types; the name helps only
 * where the spec's detection lets it). Rejects with
 * `FileConversionFailedError`, also for a file that is not an image.
 * See: [Note: Which originals the viewer shows through a JPEG]
 */
export const displayJPEGOfFile = async <Image extends CodecImage>(
  file: Blob,
  fileName: string,
  deps: DisplayJPEGDeps<Image>,
): Promise<Blob> => {
  const unknownType = file.type === "" ? "application/octet-stream" : file.type;
  let detected: DetectedFileType;
  try {
    detected = await detectFileType(file, fileName);
  } catch (error) {
    throw new FileConversionFailedError(unknownType, { cause: error });
  }
  if (detected.kind !== "media") throw new FileConversionFailedError(unknownType);
  if (detected.fileType !== FileType.image) throw new FileConversionFailedError(detected.mimeType);
  return displayJPEG(file, detected, deps);
};
