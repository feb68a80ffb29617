// Which files an upload takes, and as what (spec §5 "File type", the
// extension lists): the rule from a file's sniffed type and its name to an
// image, a video or an unsupported file. Pure: the media worker sniffs the
// first bytes (workers/media/probe/detect-type.ts) and hands them here.

import { CairnError } from "../errors";
import { FileType } from "../library/file-metadata";

/** Image extensions (spec §5). */
export const imageExtensions: ReadonlySet<string> = new Set([
  "heic",
  "heif",
  "jpeg",
  "jpg",
  "png",
  "gif",
  "bmp",
  "tiff",
  "webp",
]);

/** Video extensions (spec §5). */
export const videoExtensions: ReadonlySet<string> = new Set([
  "mov",
  "mp4",
  "m4v",
  "avi",
  "wmv",
  "flv",
  "mkv",
  "webm",
  "3gp",
  "3g2",
  "ogv",
  "mpg",
]);

/** Extensions whose images a browser cannot show as they are (spec §5, §9). */
export const extensionsNeedingConversion: ReadonlySet<string> = new Set([
  "heic",
  "rw2",
  "tiff",
  "arw",
  "cr3",
  "cr2",
  "raf",
  "nef",
  "psd",
  "dng",
  "tif",
]);

/** Camera RAW formats: what the search's "RAW" finds, by the file's extension. */
export const rawImageExtensions: ReadonlySet<string> = new Set([
  "3fr",
  "arw",
  "cr2",
  "cr3",
  "crw",
  "dcr",
  "dng",
  "erf",
  "iiq",
  "k25",
  "kdc",
  "mef",
  "mos",
  "mrw",
  "nef",
  "nrw",
  "orf",
  "pef",
  "raf",
  "raw",
  "rw2",
  "rwl",
  "sr2",
  "srf",
  "srw",
  "x3f",
]);

// [Note: Known unsupported extensions are refused by name]
//
// People drop whole folders: a phone backup or a camera card holds, beside
// the photos, documents, archives, programs, system files and the sidecars
// that cameras and editors write. These are refused by their name before
// their bytes are looked at (spec §5), because some of them are images or
// videos that are not photos in their own right: a camera's .THM is a small
// JPEG preview of the video beside it, a GoPro .LRV or a DJI .LRF is a
// low-resolution MP4 proxy of the real clip, an Apple .AAE holds edits of a
// photo, and a download that never finished (.part, .crdownload) is a
// truncated copy. Uploading them would put duplicates and broken copies in
// the library. `.json` is not here: Google Takeout's metadata sidecars are
// read by the Takeout step, before type detection.

/** Extensions refused whatever their bytes. See: [Note: Known unsupported extensions are refused by name] */
export const knownUnsupportedExtensions: ReadonlySet<string> = new Set([
  // Documents and text.
  "txt",
  "md",
  "rtf",
  "pdf",
  "doc",
  "docx",
  "odt",
  "xls",
  "xlsx",
  "ods",
  "csv",
  "ppt",
  "pptx",
  "odp",
  "pages",
  "numbers",
  "key",
  "epub",
  "html",
  "htm",
  "xml",
  "log",
  "ini",
  // Archives and disk images.
  "zip",
  "rar",
  "7z",
  "tar",
  "gz",
  "tgz",
  "bz2",
  "xz",
  "zst",
  "iso",
  "dmg",
  // Programs and scripts.
  "exe",
  "msi",
  "dll",
  "apk",
  "ipa",
  "deb",
  "rpm",
  "jar",
  "bat",
  "cmd",
  "sh",
  "ps1",
  // System files, shortcuts and unfinished downloads.
  "db",
  "lnk",
  "url",
  "tmp",
  "part",
  "crdownload",
  // Sidecars of photos and videos.
  "xmp",
  "aae",
  "thm",
  "lrv",
  "lrf",
  "pp3",
  "dop",
  "srt",
  "ctg",
  // Audio: the library holds photos and videos only.
  "mp3",
  "wav",
  "m4a",
  "aac",
  "flac",
  "wma",
  "amr",
  "opus",
]);

/** The lower-case extension of a file name or path, without the dot ("" when it has none). */
export const extensionOf = (fileName: string): string => {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  // A leading dot starts a hidden file's name (".DS_Store"), not an extension.
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
};

/** Whether a detected extension needs converting before a browser can show it (spec §5). */
export const needsConversion = (extension: string): boolean =>
  extensionsNeedingConversion.has(extension.toLowerCase());

/** What the sniffer (file-type) said of the first bytes: its MIME type and extension. */
export interface SniffedType {
  mimeType: string;
  extension: string;
}

export type MediaFileType = typeof FileType.image | typeof FileType.video;

/**
 * A file the upload takes. `mimeType` and `extension` are those of its bytes
 * (a phone may name a HEIC photo `.JPG`; the bytes decide), not of its name.
 */
export interface MediaFileKind {
  fileType: MediaFileType;
  mimeType: string;
  extension: string;
}

/** Why a file is refused, for logs and tests; the person sees 'unsupported file format'. */
export type UnsupportedFileReason =
  /** Its extension is in `knownUnsupportedExtensions`. */
  | { reason: "known-unsupported-extension"; extension: string }
  /** The sniffer recognised its bytes as something other than an image or a video. */
  | { reason: "not-media"; mimeType: string }
  /** The sniffer did not recognise its bytes, and its name gives no trusted fallback. */
  | { reason: "unrecognised"; extension: string };

export type FileKind =
  ({ kind: "media" } & MediaFileKind) | { kind: "unsupported"; detail: UnsupportedFileReason };

/** The file's type is not one an upload takes (spec §5, §8 'unsupported file format'). */
export class UnsupportedFileFormatError extends CairnError {
  override name = "UnsupportedFileFormatError";
  readonly detail: UnsupportedFileReason;

  constructor(detail: UnsupportedFileReason) {
    super("unsupportedFileFormat");
    this.detail = detail;
  }
}

// [Note: A container the sniffer cannot tell from its first bytes]
//
// file-type decides between audio and video from the first stream a
// container declares within the bytes it is given (4100, spec §5). Two
// containers of the spec's video list defeat that:
// - ASF (.wmv): when the audio stream is declared before the video one
//   (ffmpeg does so for a file with sound mapped first) it answers
//   audio/x-ms-asf; when the header objects before the stream list (long
//   titles, descriptions, cover art) pass 4100 bytes it answers
//   application/vnd.ms-asf.
// - Ogg (.ogv): it answers audio/ogg when the first stream is Vorbis or
//   Opus, and application/ogg for any first stream it does not know.
// For these, and only when the name carries the container's video
// extension, the file is taken as a video: the name is the only witness
// left, and a .wmv or .ogv that has no picture still plays its sound.

const videoOfAmbiguousContainer = (
  sniffed: SniffedType,
  nameExtension: string,
): MediaFileKind | undefined => {
  const mime = sniffed.mimeType.toLowerCase();
  if (nameExtension === "wmv" && (mime === "audio/x-ms-asf" || mime === "application/vnd.ms-asf")) {
    return { fileType: FileType.video, mimeType: "video/x-ms-asf", extension: "asf" };
  }
  if (nameExtension === "ogv" && (mime.startsWith("audio/ogg") || mime === "application/ogg")) {
    return { fileType: FileType.video, mimeType: "video/ogg", extension: "ogv" };
  }
  return undefined;
};

// [Note: Images the sniffer does not recognise in 4100 bytes]
//
// file-type recognises a TIFF, and the raw formats built on TIFF, by
// following the header's offset to the first IFD (the table of tags). TIFF
// lets a writer put that table anywhere, and many put it after the image
// data (ffmpeg's TIFF encoder does, so do some scanners and raw converters);
// when it lies past the 4100 bytes read, the sniffer answers nothing. For
// these extensions, and only when the bytes do open with a TIFF header
// ("II*\0" or "MM\0*"), the file is taken as the image its name says. Every
// other format of the spec's lists is recognised from its opening bytes
// (JPEG, PNG, GIF, BMP, WebP, HEIF brands, CR2, CR3, RAF, RW2, ORF, PSD,
// and the video containers), so a file the sniffer does not recognise under
// any other name is refused: a text file renamed `.jpg` is not a photo.

/** MIME types of the TIFF-based images the sniffer may miss. See: [Note: Images the sniffer does not recognise in 4100 bytes] */
const tiffBasedImageTypes: ReadonlyMap<string, string> = new Map([
  ["tif", "image/tiff"],
  ["tiff", "image/tiff"],
  ["dng", "image/x-adobe-dng"],
  ["arw", "image/x-sony-arw"],
  ["nef", "image/x-nikon-nef"],
]);

const opensWithTiffHeader = (head: Uint8Array): boolean =>
  head.length >= 4 &&
  ((head[0] === 0x49 && head[1] === 0x49 && head[2] === 0x2a && head[3] === 0x00) ||
    (head[0] === 0x4d && head[1] === 0x4d && head[2] === 0x00 && head[3] === 0x2a));

export interface FileKindInput {
  /** The sniffer's answer for the first bytes, or undefined when it recognised nothing. */
  sniffed: SniffedType | undefined;
  fileName: string;
  /** The first bytes of the file (at least 4), for the TIFF fallback. */
  head: Uint8Array;
}

/**
 * The kind of a file (spec §5): a known unsupported extension is refused;
 * otherwise image/* gives an image and video/* a video, the bytes winning
 * over the name; anything else is unsupported, but for two narrow cases.
 * See: [Note: Known unsupported extensions are refused by name],
 * [Note: A container the sniffer cannot tell from its first bytes],
 * [Note: Images the sniffer does not recognise in 4100 bytes]
 */
export const fileKindOf = ({ sniffed, fileName, head }: FileKindInput): FileKind => {
  const nameExtension = extensionOf(fileName);
  if (knownUnsupportedExtensions.has(nameExtension)) {
    return {
      kind: "unsupported",
      detail: { reason: "known-unsupported-extension", extension: nameExtension },
    };
  }
  if (sniffed !== undefined) {
    const mime = sniffed.mimeType.toLowerCase();
    const extension = sniffed.extension.toLowerCase();
    if (mime.startsWith("image/")) {
      return { kind: "media", fileType: FileType.image, mimeType: mime, extension };
    }
    if (mime.startsWith("video/")) {
      return { kind: "media", fileType: FileType.video, mimeType: mime, extension };
    }
    const video = videoOfAmbiguousContainer(sniffed, nameExtension);
    if (video !== undefined) return { kind: "media", ...video };
    return { kind: "unsupported", detail: { reason: "not-media", mimeType: mime } };
  }
  const tiffType = tiffBasedImageTypes.get(nameExtension);
  if (tiffType !== undefined && opensWithTiffHeader(head)) {
    return {
      kind: "media",
      fileType: FileType.image,
      mimeType: tiffType,
      extension: nameExtension,
    };
  }
  return { kind: "unsupported", detail: { reason: "unrecognised", extension: nameExtension } };
};
