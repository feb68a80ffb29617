// Names in the export folder (spec §5, §9): what a collection's folder and
// an exported file are called on disk. Pure: whether a name is taken is asked
// through a predicate, so the engine can answer from the disk, the export
// record, the names it has given out in this run, or all of them.

import { exportRecordFileName, type LivePhotoExportNames } from "./export-record";

/** The folder in the export folder that deleted files and collections are moved to (spec §9). */
export const exportTrashFolderName = "Trash";

/**
 * The folder made inside the one the user chose (spec §9: "folder created
 * with a fixed product name under the chosen directory").
 */
export const exportFolderName = "Cairn Photos";

/** The folder inside each collection folder that holds the files' sidecars (spec §9). */
export const exportMetadataFolderName = "metadata";

/** Names a collection folder may not take: the export's own folders (spec §5). */
export const reservedExportFolderNames: readonly string[] = [
  exportTrashFolderName,
  exportMetadataFolderName,
];

/** What the engine appends to a file's name while writing it, renaming it when complete. */
export const exportPartialFileSuffix = ".cairn-partial";

/**
 * The longest name one folder entry may have, in UTF-8 bytes: ext4 and
 * APFS allow 255 bytes; NTFS allows 255 UTF-16 units, which a name of 255
 * UTF-8 bytes never exceeds.
 */
export const exportNameMaxBytes = 255;

/**
 * Bytes each export name leaves free for the names derived from it: its
 * sidecar `<name>.json` (5), written through a temporary file whose suffix
 * is at most 16 bytes (`.cairn-replacing`; `exportPartialFileSuffix` is 14),
 * so 21 bytes, rounded up to 32 so that a slightly longer temporary suffix
 * does not change every long name already exported.
 */
export const exportNameReservedBytes = 32;

/**
 * The name of something whose name has nothing left once sanitised (an
 * empty title): the replacement character alone, which is also what
 * sanitising makes of `.`, `..` and `CON`.
 */
export const exportNameFallback = "_";

/** The longest extension kept apart from a name's stem, in UTF-16 units. */
const maxExtensionLength = 16;

/** Bytes an export name may have: the limit less the reserve. */
const exportNameBudgetBytes = exportNameMaxBytes - exportNameReservedBytes;

// [Note: Export names are sanitised like sanitize-filename]
//
// The reference runs every export name through the npm `sanitize-filename`
// with replacement `_`, so we apply the same rules in the same order (a
// folder already exported keeps the name it has, and a renamed collection's
// new name compares equal): `/ ? < > \ : * | "` and the C0 and C1 control
// characters each become `_`; a name of only dots becomes `_`; a Windows
// device name (CON, PRN, AUX, NUL, COM0-9, LPT0-9, any case, with or without
// an extension) becomes `_`; a run of trailing dots and spaces becomes `_`.
// Two differences: a lone UTF-16 surrogate also becomes `_` (it has no UTF-8
// form, so the name on disk would differ from the one in the record), and
// the length is not cut here but by `uniqueFolderName`/`uniqueFileName`,
// which keep the extension and the uniqueness while cutting.

const loneSurrogates = /\p{Cs}/gu;
const illegalCharacters = /[/?<>\\:*|"]/g;
// eslint-disable-next-line no-control-regex -- control characters are what is replaced
const controlCharacters = /[\u0000-\u001f\u0080-\u009f]/g;
const onlyDots = /^\.+$/;
const windowsDeviceName = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const trailingDotsAndSpaces = /[. ]+$/;

/**
 * A name that is legal as a file or folder name on Linux, macOS and
 * Windows, length aside. See: [Note: Export names are sanitised like sanitize-filename]
 */
export const sanitizeExportName = (name: string): string => {
  const sanitised = name
    .replace(loneSurrogates, "_")
    .replace(illegalCharacters, "_")
    .replace(controlCharacters, "_")
    .replace(onlyDots, "_")
    .replace(windowsDeviceName, "_")
    .replace(trailingDotsAndSpaces, "_");
  return sanitised === "" ? exportNameFallback : sanitised;
};

/**
 * The form in which names are compared: lower case, because the disks of
 * macOS and Windows ignore case, and NFC, because macOS ignores the
 * difference between a composed `é` and `e` plus an accent.
 */
export const exportNameKey = (name: string): string => name.normalize("NFC").toLowerCase();

/** A predicate over `exportNameKey`s: whether one of `names` has that key. */
export const takenExportNames = (names: Iterable<string>): ((key: string) => boolean) => {
  const keys = new Set<string>();
  for (const name of names) keys.add(exportNameKey(name));
  return (key) => keys.has(key);
};

/** The bytes of `text` in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export const utf8ByteLength = (text: string): number => {
  let bytes = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
};

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The longest start of `text` within `maxBytes` UTF-8 bytes. It ends between
 * two graphemes (an emoji with its skin tone, a letter with its accent) when
 * one fits, else between two code points; never inside a code point.
 */
const truncateUtf8 = (text: string, maxBytes: number): string => {
  let result = "";
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    const segmentBytes = utf8ByteLength(segment);
    if (bytes + segmentBytes <= maxBytes) {
      result += segment;
      bytes += segmentBytes;
      continue;
    }
    if (result === "") {
      // A single grapheme longer than the room (a letter under hundreds of accents).
      for (const character of segment) {
        const characterBytes = utf8ByteLength(character);
        if (bytes + characterBytes > maxBytes) break;
        result += character;
        bytes += characterBytes;
      }
    }
    break;
  }
  return result;
};

/**
 * A name's stem and extension (with its dot; "" when none). An extension is
 * what follows the last dot when that dot is not the first character (a
 * name like `.profile` has none) and it is 1 to 16 characters without
 * spaces: past that it is part of the name (`Notes. Read these first`).
 */
export const splitExportName = (name: string): { stem: string; extension: string } => {
  const dot = name.lastIndexOf(".");
  const extension = name.slice(dot + 1);
  if (
    dot <= 0 ||
    extension === "" ||
    extension.length > maxExtensionLength ||
    /\s/.test(extension)
  ) {
    return { stem: name, extension: "" };
  }
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
};

// [Note: Long export names are cut to leave room for a suffix]
//
// Each candidate name, `stem(n).ext`, is cut so that it, plus the
// `exportNameReservedBytes` the engine's derived names need, fits in 255
// UTF-8 bytes: the stem is cut, the clash suffix and the extension are
// kept. The stem is cut for each candidate, so `name(12)` may have a
// shorter stem than `name`; two long names that share their first 200
// bytes thus get the same cut stem and differ by their suffix. A cut that
// leaves trailing dots or spaces is sanitised again, and
// `isCollectionRenamed` cuts the current name the same way before comparing.

/** The `n`th candidate for `sanitised`: itself for 0, else with `(n)` before its extension (files) or at its end (folders). */
const candidateName = (sanitised: string, n: number, hasExtension: boolean): string => {
  const { stem, extension } = hasExtension
    ? splitExportName(sanitised)
    : { stem: sanitised, extension: "" };
  const suffix = n === 0 ? "" : `(${n})`;
  const stemBudgetBytes = exportNameBudgetBytes - utf8ByteLength(suffix + extension);
  const fittingStem =
    utf8ByteLength(stem) <= stemBudgetBytes
      ? stem
      : truncateUtf8(stem, stemBudgetBytes).replace(trailingDotsAndSpaces, "_");
  return `${fittingStem === "" ? exportNameFallback : fittingStem}${suffix}${extension}`;
};

/** The first candidate for `wanted` whose key is neither reserved nor taken. */
const uniqueName = (
  wanted: string,
  isTaken: (key: string) => boolean,
  hasExtension: boolean,
  reservedKeys: ReadonlySet<string>,
): string => {
  const sanitised = sanitizeExportName(wanted);
  for (let n = 0; ; n += 1) {
    const candidate = candidateName(sanitised, n, hasExtension);
    const key = exportNameKey(candidate);
    if (!reservedKeys.has(key) && !isTaken(key)) return candidate;
  }
};

// The record's file sits beside the collection folders, so a collection
// called `export_status.json` must not take its name either.
const reservedFolderKeys: ReadonlySet<string> = new Set(
  [...reservedExportFolderNames, exportRecordFileName].map(exportNameKey),
);

// Each collection folder holds a `metadata` folder, so a file there may not
// be called that.
const reservedFileKeys: ReadonlySet<string> = new Set([exportNameKey(exportMetadataFolderName)]);

/**
 * The name for a collection's folder in the export folder: `wanted`
 * sanitised and fitted to the disk's limit, or the first of `wanted(1)`,
 * `wanted(2)`… that is free. `Trash`, `metadata` and the record's name are
 * never given, in any case. `isTaken` gets each candidate's `exportNameKey`
 * and says whether something already has it; it must say no eventually.
 * See: [Note: Long export names are cut to leave room for a suffix]
 */
export const uniqueFolderName = (wanted: string, isTaken: (key: string) => boolean): string =>
  uniqueName(wanted, isTaken, false, reservedFolderKeys);

/**
 * The name for a file in a collection's folder: like `uniqueFolderName`,
 * with the suffix before the extension (`IMG_1(1).jpg`) and `metadata` as
 * the one reserved name.
 */
export const uniqueFileName = (wanted: string, isTaken: (key: string) => boolean): string =>
  uniqueName(wanted, isTaken, true, reservedFileKeys);

/**
 * Whether a collection was renamed since its folder was named (spec §5):
 * its current name, sanitised and fitted, is neither the folder's name nor
 * the folder's name less a clash suffix `(n)`. So `Trip(1)` is not renamed
 * when the collection is `Trip` (another folder had the name), nor is
 * `a_b` when it is `a/b`. Case counts: `trip` → `Trip` is a rename. Folders
 * the reference named (sanitised, not cut to leave a reserve) also compare
 * equal.
 */
export const isCollectionRenamed = (storedFolderName: string, currentName: string): boolean => {
  const sanitised = sanitizeExportName(currentName);
  if (storedFolderName === sanitised) return false;
  if (storedFolderName === candidateName(sanitised, 0, false)) return false;
  const suffix = /\((\d+)\)$/.exec(storedFolderName);
  if (suffix === null) return true;
  const n = Number(suffix[1]);
  if (n > 0 && storedFolderName === candidateName(sanitised, n, false)) return false;
  return storedFolderName.slice(0, suffix.index) !== sanitised;
};

/**
 * The wanted names of a live photo's two parts: the file's name with its
 * extension replaced by each part's (`IMG_1.HEIC` with `heic` and `mov` →
 * `IMG_1.heic` and `IMG_1.mov`). Not yet sanitised nor unique.
 */
export const livePhotoPartNames = (
  fileName: string,
  imageExtension: string,
  videoExtension: string,
): LivePhotoExportNames => {
  const { stem } = splitExportName(fileName);
  const withExtension = (extension: string): string => {
    const bare = extension.replace(/^\.+/, "");
    const base = stem === "" ? exportNameFallback : stem;
    return bare === "" ? base : `${base}.${bare}`;
  };
  return { image: withExtension(imageExtension), video: withExtension(videoExtension) };
};

/**
 * The names a live photo's two parts are exported under: each part's name
 * (`livePhotoPartNames`) made unique with `uniqueFileName`, the video's also
 * distinct from the image's.
 */
export const uniqueLivePhotoNames = (
  fileName: string,
  imageExtension: string,
  videoExtension: string,
  isTaken: (key: string) => boolean,
): LivePhotoExportNames => {
  const wanted = livePhotoPartNames(fileName, imageExtension, videoExtension);
  const image = uniqueFileName(wanted.image, isTaken);
  const imageKey = exportNameKey(image);
  const video = uniqueFileName(wanted.video, (key) => key === imageKey || isTaken(key));
  return { image, video };
};
