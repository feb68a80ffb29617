// The thumbnail of an image file: decoded (converted
// first when the type needs it), scaled to at most 720 px, and encoded as a
// JPEG of about 100 KB, lowering the quality while that pays.

import {
  type ThumbnailEncoding,
  nextThumbnailQuality,
  thumbnailMaxSidePx,
  thumbnailSizeFor,
} from "../../../shared/model/media/thumbnail-rules";
import { FileConversionFailedError } from "./file-conversion-error";
import type { MediaKind } from "./heic";
import type { CodecImage, ImageCodec } from "./image-codec";
import { decodeImage } from "./image-decode";

export interface ImageThumbnail {
  jpeg: Uint8Array;
  widthPx: number;
  heightPx: number;
  /** The JPEG quality of the encoding kept. See: [Note: Thumbnail quality stepping] */
  quality: number;
}

export interface ImageThumbnailDeps<Image extends CodecImage> {
  codec: ImageCodec<Image>;
}

/**
 * [Note: A thumbnail attempt has 30 s]
 *
 * A browser's decoder or canvas can stall on a hostile or huge file (the
 * reference gives each canvas attempt 30 s); the upload must go on with the
 * static thumbnail rather than wait forever. 30 s is far above an honest
 * case (libheif's wasm decodes a 12-megapixel HEIC in about 2 s on one
 * core of a test machine, a 48-megapixel one in four times that) and short
 * next to the upload of such a file. The deadline cannot
 * stop work already running (a wasm decode is synchronous); the late result
 * is dropped and its pixels freed.
 */
export const thumbnailTimeoutMs = 30_000;

const withDeadline = async <T>(
  work: Promise<T>,
  timeoutMs: number,
  onTimeout: () => Error,
): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(onTimeout());
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
};

const encodeStepping = async <Image extends CodecImage>(
  codec: ImageCodec<Image>,
  image: Image,
): Promise<ImageThumbnail> => {
  const encodings: ThumbnailEncoding[] = [];
  const jpegs: Uint8Array[] = [];
  for (;;) {
    const step = nextThumbnailQuality(encodings);
    if (step.done) {
      const jpeg = jpegs[step.keepIndex];
      const kept = encodings[step.keepIndex];
      if (jpeg === undefined || kept === undefined) throw new RangeError("no encoding to keep");
      return { jpeg, widthPx: image.widthPx, heightPx: image.heightPx, quality: kept.quality };
    }
    const jpeg = await codec.encodeJPEG(image, step.quality);
    jpegs.push(jpeg);
    encodings.push({ quality: step.quality, sizeBytes: jpeg.byteLength });
  }
};

const makeThumbnail = async <Image extends CodecImage>(
  file: Blob,
  kind: MediaKind,
  codec: ImageCodec<Image>,
): Promise<ImageThumbnail> => {
  // See: [Note: A thumbnail's JPEG is decoded at a reduced size]
  const decoded = await decodeImage(file, kind, codec, { longSideAtLeastPx: thumbnailMaxSidePx });
  let scaled: Image | undefined;
  try {
    // Shaped as the whole image, not as a reduced decode's rounded sides.
    const size = thumbnailSizeFor(decoded.reducedFrom ?? decoded);
    scaled =
      size.widthPx === decoded.widthPx && size.heightPx === decoded.heightPx
        ? decoded
        : await codec.resize(decoded, size);
    return await encodeStepping(codec, scaled);
  } catch (error) {
    throw new FileConversionFailedError(kind.mimeType, { cause: error });
  } finally {
    if (scaled !== undefined && scaled !== decoded) scaled.close();
    decoded.close();
  }
};

/**
 * The JPEG thumbnail of an image file whose sniffed type is `kind`: at most
 * 720 px on its longest side, never upscaled, upright, about 100 KB. Rejects
 * with `FileConversionFailedError` when the file cannot be decoded or the
 * attempt takes longer than `thumbnailTimeoutMs`; the upload then uses
 * `staticThumbnailJPEG()`.
 * See: [Note: Decoding each image type], [Note: Thumbnail quality stepping]
 */
export const imageThumbnailJPEG = <Image extends CodecImage>(
  file: Blob,
  kind: MediaKind,
  { codec }: ImageThumbnailDeps<Image>,
): Promise<ImageThumbnail> =>
  withDeadline(
    makeThumbnail(file, kind, codec),
    thumbnailTimeoutMs,
    // See: [Note: A thumbnail attempt has 30 s]
    () =>
      new FileConversionFailedError(kind.mimeType, {
        cause: new DOMException(`no thumbnail within ${thumbnailTimeoutMs} ms`, "TimeoutError"),
      }),
  );
