// An image file to decoded pixels, whatever its type: natively where the
// browser decodes it, through libheif for HEIC, through the embedded preview
// for RAW and PSD files. Shared by the thumbnail and the viewer's display
// conversion (spec §5 "Needing conversion").

import exifr from "exifr";
import {
  psdImageType,
  rawImageTypes,
  tiffImageType,
} from "../../../shared/model/media/display-conversion";
import { embeddedJPEGs } from "./embedded-jpeg";
import { FileConversionFailedError } from "./file-conversion-error";
import { type MediaKind, decodeHEIC, isHEIF } from "./heic";
import type { CodecImage, ImageCodec } from "./image-codec";
import { isExifOrientation } from "./orientation";
import type { DecodeNeeds } from "./reduced-decode";

/** How an image of a given type is decoded. See: [Note: Decoding each image type] */
export type DecodeRoute =
  "native" | "heif" | "embeddedPreview" | "nativeElseEmbeddedPreview" | "psdThumbnail";

/**
 * [Note: Decoding each image type]
 *
 * Spec §5 lists the extensions that need conversion: heic, rw2, tiff, arw,
 * cr3, cr2, raf, nef, psd, dng, tif. What a browser worker can do for each,
 * without new packages:
 *
 * - HEIC and HEIF: libheif (wasm) decodes them fully.
 *   See: [Note: HEIC is decoded with libheif in the worker]
 * - RAW (CR2, CR3, NEF, ARW, DNG, RW2, RAF, ORF): demosaicing sensor data is
 *   out of reach, but every camera embeds a JPEG preview (from 160 px to the
 *   full size, depending on the make), and browsers decode that. The
 *   preview's pixels are stored as the sensor saw them, so the RAW file's
 *   own EXIF orientation is applied, unless the preview carries its own.
 * - TIFF: Safari decodes it, Chromium (and so Electron) does not. It is
 *   tried natively first, then as a container of an embedded JPEG (a
 *   TIFF-based RAW that `file-type` reports as plain TIFF); a plain TIFF in
 *   Chromium then fails.
 * - PSD: no browser decodes it, and its composite image is planar, often
 *   16-bit or CMYK. Photoshop stores a JPEG thumbnail (up to 160 px) in the
 *   image resources, which is used as it is (a PSD's pixels are upright).
 * - Everything else image/* (JPEG, PNG, GIF, WebP, BMP, AVIF, ICO…) is
 *   decoded natively, its own EXIF orientation applied.
 *
 * Any failure becomes `FileConversionFailedError`, and the upload then uses
 * the static thumbnail.
 */
export const decodeRouteFor = ({ mimeType }: MediaKind): DecodeRoute => {
  if (isHEIF({ mimeType })) return "heif";
  if (rawImageTypes.has(mimeType)) return "embeddedPreview";
  if (mimeType === tiffImageType) return "nativeElseEmbeddedPreview";
  if (mimeType === psdImageType) return "psdThumbnail";
  return "native";
};

/** The EXIF orientation of `bytes`, when exifr finds one (it reads TIFF-based RAW files, not all). */
const orientationOf = async (bytes: Uint8Array) => {
  try {
    const orientation: unknown = await exifr.orientation(bytes);
    return isExifOrientation(orientation) ? orientation : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The largest embedded JPEG the codec decodes, turned by the container's
 * orientation when `orientContainer` and the JPEG carries none of its own.
 */
const decodeEmbeddedJPEG = async <Image extends CodecImage>(
  file: Blob,
  kind: MediaKind,
  codec: ImageCodec<Image>,
  orientContainer: boolean,
  needs: DecodeNeeds | undefined,
): Promise<Image> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const containerOrientation = orientContainer ? await orientationOf(bytes) : undefined;
  for (const found of embeddedJPEGs(bytes)) {
    const jpeg = bytes.subarray(found.start, found.end);
    let image: Image;
    try {
      image = await codec.decode(new Blob([jpeg], { type: "image/jpeg" }), needs);
    } catch {
      continue;
    }
    if (
      containerOrientation === undefined ||
      containerOrientation === 1 ||
      (await orientationOf(jpeg)) !== undefined
    ) {
      return image;
    }
    try {
      return await codec.reorient(image, containerOrientation);
    } finally {
      image.close();
    }
  }
  throw new FileConversionFailedError(kind.mimeType);
};

const decodeByRoute = async <Image extends CodecImage>(
  file: Blob,
  kind: MediaKind,
  codec: ImageCodec<Image>,
  needs: DecodeNeeds | undefined,
): Promise<Image> => {
  switch (decodeRouteFor(kind)) {
    case "native":
      return codec.decode(file, needs);
    case "heif":
      return codec.fromRGBA(await decodeHEIC(file, kind));
    case "embeddedPreview":
      return decodeEmbeddedJPEG(file, kind, codec, true, needs);
    case "psdThumbnail":
      return decodeEmbeddedJPEG(file, kind, codec, false, needs);
    case "nativeElseEmbeddedPreview":
      try {
        return await codec.decode(file, needs);
      } catch {
        return decodeEmbeddedJPEG(file, kind, codec, true, needs);
      }
  }
};

/**
 * The pixels of an image file of type `kind`, upright: all of them, or
 * fewer that still meet `needs` when the codec can decode at a reduced size.
 * Rejects with `FileConversionFailedError` when they cannot be had.
 * See: [Note: Decoding each image type]
 */
export const decodeImage = async <Image extends CodecImage>(
  file: Blob,
  kind: MediaKind,
  codec: ImageCodec<Image>,
  needs?: DecodeNeeds,
): Promise<Image> => {
  try {
    return await decodeByRoute(file, kind, codec, needs);
  } catch (error) {
    if (error instanceof FileConversionFailedError) throw error;
    throw new FileConversionFailedError(kind.mimeType, { cause: error });
  }
};
