// The native JPEG conversion: sharp (libvips) for the images it reads here.
// See: [Note: Native JPEG sources are told by their bytes, then their name]

import type sharp from "sharp";
import type { NativeConversionResult } from "./native-conversion-contract";
import { imageSourceKindOf } from "./image-source-kinds";

// [Note: A converted JPEG is upright and keeps its metadata]
//
// The JPEG stands in for the original in the viewer, so its pixels are
// turned as the EXIF orientation says (`rotate()`, which then writes
// orientation 1, so no viewer turns it twice). Its EXIF (dates, camera,
// place), XMP and ICC profile are kept: a wide-gamut photo keeps its colours,
// and a CMYK TIFF is turned into sRGB, which every browser shows. A
// multi-page TIFF gives its first page. Quality 90 with 4:4:4 chroma keeps
// fine detail and coloured edges for a photo looked at full screen.

/** JPEG quality of a converted image. See: [Note: A converted JPEG is upright and keeps its metadata] */
const jpegQuality = 90;

const kindNames = { heif: "HEIC/HEIF (HEVC)", raw: "RAW", psd: "PSD" } as const;

/** The JPEG conversion with `sharpLibrary`. See: [Note: A converted JPEG is upright and keeps its metadata] */
export const sharpJPEGConversion =
  (sharpLibrary: typeof sharp) =>
  async (image: Uint8Array, fileName: string): Promise<NativeConversionResult> => {
    const source = imageSourceKindOf(image, fileName);
    if (source.kind !== "readable") {
      const name =
        source.kind === "raw" ? `${kindNames.raw} (.${source.label})` : kindNames[source.kind];
      return {
        ok: false,
        reason: "not-available",
        message: `${name} images cannot be converted natively on this platform`,
      };
    }
    try {
      const bytes = await sharpLibrary(image)
        .rotate()
        .keepExif()
        .keepXmp()
        .keepIccProfile()
        .jpeg({ quality: jpegQuality, chromaSubsampling: "4:4:4" })
        .toBuffer();
      return { ok: true, bytes };
    } catch (error) {
      // sharp rejects with an Error naming what libvips could not read.
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: "failed", message };
    }
  };
