// Which images the desktop app's native JPEG conversion cannot read (pure):
// the rule from an image's first bytes and its name to the kind that sharp's
// prebuilt libvips has no decoder for here. See: [Note: Native JPEG sources are told by their bytes, then their name]

import { extensionOf, rawImageExtensions } from "../../shared/model/media/file-kinds";

/**
 * What the native JPEG conversion makes of an image: `heif` (HEVC-coded
 * HEIC/HEIF), `raw` (a camera RAW) and `psd` are beyond it; `readable` goes
 * to sharp, which decides from the bytes and fails on damaged ones.
 */
export type ImageSourceKind =
  | { kind: "heif"; label: string }
  | { kind: "raw"; label: string }
  | { kind: "psd"; label: string }
  | { kind: "readable"; label: string };

// [Note: Native JPEG sources are told by their bytes, then their name]
//
// sharp's prebuilt libvips reads JPEG, PNG, WebP, GIF, TIFF and AVIF, but
// its libheif has no HEVC decoder (a HEIC fails with "Support for this
// compression format has not been built in: HEVC"), it has no RAW decoder
// (a TIFF-based RAW such as .nef, .arw or .dng opens as a TIFF and gives its
// small preview or undeveloped sensor data, not the photo) and no PSD loader.
// These kinds answer `not-available`, so the web path (which has decoders
// for them) converts them, and the answer is remembered per kind.
//
// The bytes decide first, as everywhere in Cairn (a phone may name a JPEG
// `.HEIC`):
// - an ISO-BMFF `ftyp` box with an AVIF brand (`avif`, `avis`) is readable;
//   one with a HEIF brand (`heic`, `heix`, `hevc`, `hevx`, `heim`, `heis`,
//   or the generic `mif1`/`msf1` without an AVIF brand) is HEVC HEIF; one
//   with the Canon brand `crx ` is a CR3;
// - `8BPS` opens a PSD;
// - RAWs with a signature of their own: CR2 (a TIFF header with `CR` at
//   byte 8), RW2 (`IIU\0`), ORF (`IIRO`, `IIRS`, `MMOR`), RAF
//   (`FUJIFILMCCD-RAW`).
// Other RAWs are TIFFs inside, so a TIFF header (or bytes nothing here
// recognises) with a RAW extension is a RAW; a name of `.heic`/`.heif` or
// `.psd` on unrecognised bytes names its kind too. Everything else goes to
// sharp: a readable kind that turns out damaged answers `failed`.

const avifBrands: ReadonlySet<string> = new Set(["avif", "avis"]);
const heifBrands: ReadonlySet<string> = new Set([
  "heic",
  "heix",
  "hevc",
  "hevx",
  "heim",
  "heis",
  "mif1",
  "msf1",
]);
const canonRawBrand = "crx ";
const ftypBytesReadMax = 256;

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** The brands of an ISO-BMFF `ftyp` box at the start (major first), or [] when there is none. */
const ftypBrands = (bytes: Uint8Array): string[] => {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return [];
  const boxSizeBytes = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  // A real ftyp lists a handful of brands; the cap keeps a lying size cheap.
  const end = Math.min(bytes.length, boxSizeBytes, ftypBytesReadMax);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
};

const opensWithTiffHeader = (bytes: Uint8Array): boolean => {
  const head = ascii(bytes, 0, 4);
  return head === "II*\0" || head === "MM\0*";
};

/** The RAW formats that carry a signature of their own. */
const rawBySignature = (bytes: Uint8Array): string | undefined => {
  const head = ascii(bytes, 0, 4);
  if (opensWithTiffHeader(bytes) && ascii(bytes, 8, 2) === "CR") return "cr2";
  if (head === "IIU\0") return "rw2";
  if (head === "IIRO" || head === "IIRS" || head === "MMOR") return "orf";
  if (ascii(bytes, 0, 15) === "FUJIFILMCCD-RAW") return "raf";
  return undefined;
};

/** Whether the bytes open with the signature of a format sharp reads here (TIFF aside). */
const opensWithSharpSignature = (bytes: Uint8Array): boolean => {
  const head = ascii(bytes, 0, 4);
  return (
    (bytes[0] === 0xff && bytes[1] === 0xd8) ||
    head === "\x89PNG" ||
    head === "GIF8" ||
    (head === "RIFF" && ascii(bytes, 8, 4) === "WEBP")
  );
};

/**
 * The kind of an image for the native JPEG conversion; `label` names it in
 * messages and in the remembered answers (the RAW's extension, `heif`, `psd`,
 * or for a readable image its extension).
 * See: [Note: Native JPEG sources are told by their bytes, then their name]
 */
export const imageSourceKindOf = (bytes: Uint8Array, fileName: string): ImageSourceKind => {
  const extension = extensionOf(fileName);
  const brands = ftypBrands(bytes);
  if (brands.some((brand) => avifBrands.has(brand))) return { kind: "readable", label: "avif" };
  if (brands.includes(canonRawBrand)) return { kind: "raw", label: "cr3" };
  if (brands.some((brand) => heifBrands.has(brand))) return { kind: "heif", label: "heif" };
  if (ascii(bytes, 0, 4) === "8BPS") return { kind: "psd", label: "psd" };
  const signedRaw = rawBySignature(bytes);
  if (signedRaw !== undefined) return { kind: "raw", label: signedRaw };
  const tiff = opensWithTiffHeader(bytes);
  const recognised = tiff || brands.length > 0 || opensWithSharpSignature(bytes);
  if ((tiff || !recognised) && rawImageExtensions.has(extension)) {
    return { kind: "raw", label: extension };
  }
  if (!recognised && (extension === "heic" || extension === "heif")) {
    return { kind: "heif", label: "heif" };
  }
  if (!recognised && extension === "psd") return { kind: "psd", label: "psd" };
  return { kind: "readable", label: extension };
};
