// Which MIME type a decrypted original gets, so that the viewer's <img> and
// <video> and a saved file are typed right. Images are recognised by their
// first bytes (a file's name may lie: a phone names a HEIC photo `.JPG`);
// videos by their extension (container signatures overlap between MP4,
// QuickTime and 3GP, while the extension a camera wrote is reliable), each
// with the other as the fallback. Pure.

/** Image MIME types by extension (spec §5 image extensions, plus `tif`). */
const imageTypeByExtension: ReadonlyMap<string, string> = new Map([
  ["heic", "image/heic"],
  ["heif", "image/heif"],
  ["jpeg", "image/jpeg"],
  ["jpg", "image/jpeg"],
  ["png", "image/png"],
  ["gif", "image/gif"],
  ["bmp", "image/bmp"],
  ["tiff", "image/tiff"],
  ["tif", "image/tiff"],
  ["webp", "image/webp"],
]);

/** Video MIME types by extension (spec §5 video extensions). */
const videoTypeByExtension: ReadonlyMap<string, string> = new Map([
  ["mov", "video/quicktime"],
  ["mp4", "video/mp4"],
  // An M4V is an MP4; browsers play it under the MP4 type.
  ["m4v", "video/mp4"],
  ["avi", "video/x-msvideo"],
  ["wmv", "video/x-ms-wmv"],
  ["flv", "video/x-flv"],
  ["mkv", "video/x-matroska"],
  ["webm", "video/webm"],
  ["3gp", "video/3gpp"],
  ["3g2", "video/3gpp2"],
  ["ogv", "video/ogg"],
  ["mpg", "video/mpeg"],
  ["mpeg", "video/mpeg"],
]);

/** The preferred extension of each type, for naming a part that has none (live photo halves). */
const extensionByType: ReadonlyMap<string, string> = new Map([
  ["image/heic", "heic"],
  ["image/heif", "heif"],
  ["image/avif", "avif"],
  ["image/jpeg", "jpg"],
  ["image/png", "png"],
  ["image/gif", "gif"],
  ["image/bmp", "bmp"],
  ["image/tiff", "tiff"],
  ["image/webp", "webp"],
  ["video/quicktime", "mov"],
  ["video/mp4", "mp4"],
  ["video/x-msvideo", "avi"],
  ["video/x-ms-wmv", "wmv"],
  ["video/x-flv", "flv"],
  ["video/x-matroska", "mkv"],
  ["video/webm", "webm"],
  ["video/3gpp", "3gp"],
  ["video/3gpp2", "3g2"],
  ["video/ogg", "ogv"],
  ["video/mpeg", "mpg"],
]);

/** The lower-case extension of a file name, without the dot ("" when none). */
export const extensionOf = (fileName: string): string => {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
};

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/** ISO-BMFF brands of HEIF images (HEVC-coded, and the generic image brands). */
const heicBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const heifBrands = new Set(["mif1", "msf1", "heif"]);

/** The `ftyp` major brand of an ISO-BMFF file (MP4, MOV, HEIF), when it is one. */
const isoBrand = (bytes: Uint8Array): string | undefined =>
  bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp" ? ascii(bytes, 8, 4) : undefined;

/** The image type announced by the first bytes of a file, if it is an image the viewer knows. */
export const sniffImageType = (head: Uint8Array): string | undefined => {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (head.length >= 6 && (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")) {
    return "image/gif";
  }
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") {
    return "image/webp";
  }
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    return "image/tiff";
  }
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 14) return "image/bmp";
  const brand = isoBrand(head);
  if (brand !== undefined) {
    if (heicBrands.has(brand)) return "image/heic";
    if (heifBrands.has(brand)) return "image/heif";
    if (brand === "avif" || brand === "avis") return "image/avif";
  }
  return undefined;
};

/** The video type announced by the first bytes, for a video whose name has no known extension. */
export const sniffVideoType = (head: Uint8Array): string | undefined => {
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  const brand = isoBrand(head);
  if (brand === undefined || heicBrands.has(brand) || heifBrands.has(brand)) return undefined;
  if (brand === "qt  ") return "video/quicktime";
  if (brand.startsWith("3g2")) return "video/3gpp2";
  if (brand.startsWith("3gp")) return "video/3gpp";
  return "video/mp4";
};

/** The MIME type of an image: from its first bytes, else its name's extension, else none. */
export const imageType = (head: Uint8Array, fileName: string): string | undefined =>
  sniffImageType(head) ?? imageTypeByExtension.get(extensionOf(fileName));

/** The MIME type of a video: from its name's extension, else its first bytes, else none. */
export const videoType = (head: Uint8Array, fileName: string): string | undefined =>
  videoTypeByExtension.get(extensionOf(fileName)) ?? sniffVideoType(head);

/** Whether a name (a live photo zip's entry) is an image's, by extension. */
export const hasImageExtension = (fileName: string): boolean =>
  imageTypeByExtension.has(extensionOf(fileName));

/** Whether a name (a live photo zip's entry) is a video's, by extension. */
export const hasVideoExtension = (fileName: string): boolean =>
  videoTypeByExtension.has(extensionOf(fileName));

/** The usual extension of a MIME type (without the dot), if known. */
export const extensionForType = (type: string): string | undefined => extensionByType.get(type);

/**
 * GIF and BMP carry no EXIF worth reading (spec §5: they are not parsed).
 * See: [Note: Camera details are read in the worker]
 */
export const mayHoldCameraDetails = (type: string | undefined): boolean =>
  type !== "image/gif" && type !== "image/bmp";
