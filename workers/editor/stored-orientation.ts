// Makes an image decode as stored: its EXIF orientation set to 1 in a copy
// of its first bytes. Pure: bytes in, bytes out.
//
// [Note: The editor decodes a photo as stored]
//
// The render spec maps output pixels to the source bitmap as stored, before
// its EXIF orientation: the model folds the orientation into the affine.
// `createImageBitmap(blob, { imageOrientation: "none" })` once gave that,
// but browsers now apply the orientation whatever the option says (Chromium
// 156 turns a JPEG of orientation 6 with "none" as with "from-image"). So
// the editor rewrites the orientation tag to 1 ("as stored") in a copy of
// the file's head before decoding: the EXIF of a JPEG (APP1), a PNG
// (`eXIf`, its CRC recomputed) or a WebP (`EXIF` chunk). Nothing else
// changes. Formats whose turn is not EXIF (HEIF's `irot`, AVIF) are not
// touched: their decoders apply it as part of the image.

/** How much of a file's start is read for its EXIF: the EXIF segments sit before the pixels. */
export const orientationHeadBytes = 256 * 1024;

const orientationTag = 0x0112;

/**
 * Sets a TIFF structure's IFD0 orientation to 1, in place; the orientation
 * it replaced (2..8), or undefined when it changed nothing.
 */
const patchTiffOrientation = (
  bytes: Uint8Array,
  tiffAt: number,
  endAt: number,
): number | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (tiffAt + 8 > endAt) return undefined;
  const order = view.getUint16(tiffAt);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  const ifdAt = tiffAt + view.getUint32(tiffAt + 4, little);
  if (ifdAt + 2 > endAt) return undefined;
  const count = view.getUint16(ifdAt, little);
  for (let index = 0; index < count; index++) {
    const entryAt = ifdAt + 2 + 12 * index;
    if (entryAt + 12 > endAt) return undefined;
    if (view.getUint16(entryAt, little) !== orientationTag) continue;
    // SHORT (type 3), one value, in the entry's first two value bytes.
    if (view.getUint16(entryAt + 2, little) !== 3) return undefined;
    const orientation = view.getUint16(entryAt + 8, little);
    if (orientation < 2 || orientation > 8) return undefined;
    view.setUint16(entryAt + 8, 1, little);
    return orientation;
  }
  return undefined;
};

/** Whether `bytes` hold the ASCII `text` at `at`. */
const ascii = (bytes: Uint8Array, at: number, text: string) => {
  for (let index = 0; index < text.length; index++) {
    if (bytes[at + index] !== text.charCodeAt(index)) return false;
  }
  return true;
};

const uint16BE = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);

/** A JPEG's APP1 "Exif\0\0" segments, before its first scan. */
const patchJpeg = (bytes: Uint8Array): number | undefined => {
  let at = 2;
  let replaced: number | undefined;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const code = bytes[at + 1] ?? 0;
    if (code === 0xff) {
      at++;
      continue;
    }
    if (code === 0xda || code === 0xd9) break;
    const lengthBytes = uint16BE(bytes, at + 2);
    if (code === 0xe1 && ascii(bytes, at + 4, "Exif\0\0")) {
      replaced ??= patchTiffOrientation(
        bytes,
        at + 10,
        Math.min(bytes.length, at + 2 + lengthBytes),
      );
    }
    at += 2 + lengthBytes;
  }
  return replaced;
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A PNG's `eXIf` chunk; its CRC (over type and data) is recomputed. */
const patchPng = (bytes: Uint8Array): number | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const lengthBytes = view.getUint32(at);
    const dataAt = at + 8;
    const crcAt = dataAt + lengthBytes;
    if (ascii(bytes, at + 4, "IDAT") || crcAt + 4 > bytes.length) return undefined;
    if (ascii(bytes, at + 4, "eXIf")) {
      const replaced = patchTiffOrientation(bytes, dataAt, crcAt);
      if (replaced !== undefined) view.setUint32(crcAt, crc32(bytes.subarray(at + 4, crcAt)));
      return replaced;
    }
    at = crcAt + 4;
  }
  return undefined;
};

/** A WebP's `EXIF` chunk (its data a TIFF structure, after "Exif\0\0" for some writers). */
const patchWebp = (bytes: Uint8Array): number | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  while (at + 8 <= bytes.length) {
    const sizeBytes = view.getUint32(at + 4, true);
    const dataAt = at + 8;
    if (ascii(bytes, at, "EXIF")) {
      const endAt = Math.min(bytes.length, dataAt + sizeBytes);
      const tiffAt = ascii(bytes, dataAt, "Exif\0\0") ? dataAt + 6 : dataAt;
      return patchTiffOrientation(bytes, tiffAt, endAt);
    }
    at = dataAt + sizeBytes + (sizeBytes % 2);
  }
  return undefined;
};

export interface StoredOrientation {
  /** A copy of the head with its orientation set to 1; undefined when it had none to change. */
  asStoredHead: Uint8Array | undefined;
  /** The EXIF orientation the file had (1..8; 1 when it had none). */
  exifOrientation: number;
}

/**
 * The EXIF orientation of `head` (a file's first bytes), and a copy of it
 * with that orientation set to 1 when it was another (no EXIF, or another
 * format: left alone). See: [Note: The editor decodes a photo as stored]
 */
export const storedOrientation = (head: Uint8Array): StoredOrientation => {
  const copy = head.slice();
  const isJpeg = copy[0] === 0xff && copy[1] === 0xd8;
  const isPng = ascii(copy, 0, "\x89PNG\r\n\x1a\n");
  const isWebp = ascii(copy, 0, "RIFF") && ascii(copy, 8, "WEBP");
  const replaced = isJpeg
    ? patchJpeg(copy)
    : isPng
      ? patchPng(copy)
      : isWebp
        ? patchWebp(copy)
        : undefined;
  return replaced === undefined
    ? { asStoredHead: undefined, exifOrientation: 1 }
    : { asStoredHead: copy, exifOrientation: replaced };
};

/**
 * A copy of `head` with its EXIF orientation set to 1, or undefined when it
 * has none to change (already 1, no EXIF, another format).
 */
export const withOrientationAsStored = (head: Uint8Array): Uint8Array | undefined =>
  storedOrientation(head).asStoredHead;
