// HEIC and HEIF photos decoded to RGBA pixels in the media worker, with
// libheif compiled to WebAssembly (through heic-decode), for their thumbnail
// and for showing them in the viewer.

import { heifImageTypes } from "../../../shared/model/media/display-conversion";
import { FileConversionFailedError } from "./file-conversion-error";

/** Decoded pixels: RGBA, 4 bytes a pixel, row after row, `widthPx × heightPx` pixels. */
export interface RGBAImage {
  widthPx: number;
  heightPx: number;
  rgba: Uint8ClampedArray<ArrayBuffer>;
}

/** What the media worker knows of a file's type (its sniffed MIME type). */
export interface MediaKind {
  mimeType: string;
}

/**
 * Whether `decodeHEIC` is the way to decode a file of this type: HEVC-coded
 * HEIC and the generic HEIF brands (`heifImageTypes`). AVIF is HEIF too, but
 * browsers decode it natively and this build of libheif carries no AV1
 * decoder.
 */
export const isHEIF = (kind: MediaKind): boolean => heifImageTypes.has(kind.mimeType);

/**
 * [Note: HEIC is decoded with libheif in the worker]
 *
 * Chromium decodes no HEIC, and heic2any needs `window` and `document`,
 * which a dedicated worker has not. heic-decode wraps libheif's WebAssembly
 * build, which runs in a worker and in Node alike. Its bundle carries the
 * wasm inlined (base64), so there is no `.wasm` URL to serve or pass in: the
 * bundler puts it in the worker's own chunk. It is imported on the first
 * HEIC only, so that a worker that never meets one never compiles 1.4 MB of
 * wasm.
 *
 * - Orientation: libheif applies the HEIF transformations (`irot`, `imir`,
 *   `clap`) itself, and the width and height it reports are those of the
 *   turned image. An EXIF Orientation tag inside a HEIF is not applied: the
 *   HEIF spec makes the transformations authoritative, and iPhones write
 *   both, so applying the tag too would turn the photo twice.
 * - Which image: heic-decode decodes the first top-level image. Tiles,
 *   thumbnails, depth and gain maps are not top-level, so for a phone or
 *   camera HEIC that is the primary image; heic-decode offers no way to ask
 *   for the primary item of a multi-image collection whose primary is not
 *   first.
 * - Colour: libheif hands over the pixels in the file's colour space and no
 *   ICC profile is applied, so an iPhone's Display P3 photo shows a little
 *   less saturated than in Apple's apps (browsers do the same with an
 *   untagged canvas); the thumbnail and the viewer agree with each other.
 * - Cost: the decode runs synchronously inside the wasm (about 2 s for 12
 *   megapixels on one core), so nothing else runs in this worker meanwhile
 *   and no timer can interrupt it. The wasm memory grows to the largest
 *   image decoded and stays at that size for the worker's life.
 */
export const decodeHEIC = async (file: Blob, kind: MediaKind): Promise<RGBAImage> => {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { default: decode } = await import("heic-decode");
    const { width, height, data } = await decode({ buffer: bytes });
    return { widthPx: width, heightPx: height, rgba: data };
  } catch (error) {
    throw new FileConversionFailedError(kind.mimeType, { cause: error });
  }
};
