// Which images the viewer cannot show as they are and asks the media worker
// to turn into a JPEG first (spec §5 "Needing conversion",
// §9). Pure: the sync worker applies it to an opened original, the
// viewer to an image it could not decode, the media worker's decoder shares
// its type lists.

import { extensionOf, extensionsNeedingConversion } from "./file-kinds";

/** HEIF images (HEVC-coded HEIC and the generic brands), as `file-type` and the viewer's sniffer name them. */
export const heifImageTypes: ReadonlySet<string> = new Set([
  "image/heic",
  "image/heif",
  "image/heic-sequence",
  "image/heif-sequence",
]);

/** Camera RAW images, as `file-type` names them (spec §5 lists rw2, arw, cr3, cr2, raf, nef, dng; ORF too). */
export const rawImageTypes: ReadonlySet<string> = new Set([
  "image/x-adobe-dng",
  "image/x-canon-cr2",
  "image/x-canon-cr3",
  "image/x-nikon-nef",
  "image/x-sony-arw",
  "image/x-panasonic-rw2",
  "image/x-fujifilm-raf",
  "image/x-olympus-orf",
]);

export const tiffImageType = "image/tiff";
export const psdImageType = "image/vnd.adobe.photoshop";

// [Note: Which originals the viewer shows through a JPEG]
//
// Browsers show JPEG, PNG, GIF, WebP, BMP and AVIF (and more) as they are.
// HEIC/HEIF (Chromium has no decoder), TIFF (Safari decodes it, Chromium and
// so Electron do not; a TIFF-based RAW file sniffs as TIFF too), the RAW
// formats and PSD go through the media worker, which hands back a JPEG
// (workers/media/image/display-jpeg.ts); the download still gives the
// original bytes. The type decides when it is known: bytes win over a name
// (a phone may name a JPEG `.HEIC`). An original whose type is not known
// (the viewer's sniffer does not recognise CR3, RAF, RW2 or PSD, and a name
// it has no type for leaves it untyped) goes by its extension: the spec's
// list of extensions needing conversion, plus `heif` and `orf`, which the
// media worker decodes as well. Everything else is shown as it is, and a
// browser that cannot decode it says so with a download.
//
// The sync worker converts every original this rule names, so an image the
// viewer receives that the rule still names is one whose conversion failed:
// the viewer then says the photo could not be converted.

/** Image types the viewer shows through a JPEG. See: [Note: Which originals the viewer shows through a JPEG] */
export const imageTypesNeedingDisplayConversion: ReadonlySet<string> = new Set([
  ...heifImageTypes,
  ...rawImageTypes,
  tiffImageType,
  psdImageType,
]);

/** Extensions of untyped originals the viewer shows through a JPEG: spec §5's list, with heif and orf. */
export const extensionsNeedingDisplayConversion: ReadonlySet<string> = new Set([
  ...extensionsNeedingConversion,
  "heif",
  "orf",
]);

export interface DisplayedImage {
  /** The MIME type the original is typed with (sniffed, else from its name); anything not image/* counts as unknown. */
  mimeType: string | undefined;
  /** Its name (the file's title, or a live photo's image entry), for the extension. */
  fileName: string;
}

/**
 * Whether the viewer shows this image through a JPEG made by the media
 * worker. See: [Note: Which originals the viewer shows through a JPEG]
 */
export const needsDisplayConversion = ({ mimeType, fileName }: DisplayedImage): boolean => {
  const type = mimeType?.toLowerCase().split(";")[0]?.trim() ?? "";
  if (type.startsWith("image/")) return imageTypesNeedingDisplayConversion.has(type);
  return extensionsNeedingDisplayConversion.has(extensionOf(fileName));
};
