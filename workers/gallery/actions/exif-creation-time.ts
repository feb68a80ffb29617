// The EXIF creation time of a file's original, for "fix time" (spec §4, §5):
// the start of the original is downloaded and decrypted, its tags parsed
// with exifr, and the date picked by the spec's rule.
// See: [Note: EXIF dates are read from raw strings, as local time]

import { FileType } from "../../../shared/model/library/file-metadata";
import { exifCreationDate, exifDateToLocalTimeUs } from "../../../shared/model/media/exif-dates";
import type { DecryptedFile } from "../../library/decrypted-records";
import { type DownloadDeps, downloadFileContents } from "../../library/download";
import { loadJSZip } from "../../media/live-photo/live-photo-zip";

/** The image extensions of spec §5 (a live photo's zip holds one image and one video). */
const imageExtensions = /\.(heic|heif|jpe?g|png|gif|bmp|tiff?|webp)$/i;

/** Spec §5: GIF and BMP are not parsed for EXIF. */
const isGIFOrBMP = (bytes: Uint8Array): boolean =>
  (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) || // "GIF"
  (bytes[0] === 0x42 && bytes[1] === 0x4d); // "BM"

/** The creation time in an image's tags, µs; undefined when it has none (or cannot be parsed). */
export const exifCreationTimeUsOf = async (bytes: Uint8Array): Promise<number | undefined> => {
  if (isGIFOrBMP(bytes)) return undefined;
  let tags: Record<string, unknown> | undefined;
  // See: [Note: The sync worker loads what a reload does not need on first use]
  const { default: exifr } = await import("exifr");
  try {
    // Raw strings: the spec's rule reads them, not exifr's own date parsing.
    tags = (await exifr.parse(bytes, { xmp: true, iptc: true, reviveValues: false })) as
      Record<string, unknown> | undefined;
  } catch {
    // Not an image exifr knows, or damaged tags: no EXIF date.
    return undefined;
  }
  if (tags === undefined) return undefined;
  const date = exifCreationDate(tags);
  return date === null ? undefined : exifDateToLocalTimeUs(date);
};

/** The first decrypted chunk of a file (4 MiB, where EXIF lives), then the download stops. */
const firstChunk = async (deps: DownloadDeps, file: DecryptedFile): Promise<Uint8Array> => {
  const abort = new AbortController();
  try {
    for await (const chunk of downloadFileContents(deps, file, { signal: abort.signal })) {
      return chunk;
    }
    return new Uint8Array();
  } finally {
    abort.abort();
  }
};

const wholeFile = async (deps: DownloadDeps, file: DecryptedFile): Promise<Uint8Array> => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of downloadFileContents(deps, file)) {
    chunks.push(chunk);
    size += chunk.length;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
};

/**
 * The function `LibraryActionsDeps.exifCreationTimeUs` wants: images are
 * read from their first chunk, a live photo's image from its zip (which
 * needs the whole, small, zip); videos and other files have no EXIF date.
 */
export const createExifCreationTime =
  (deps: DownloadDeps) =>
  async (file: DecryptedFile): Promise<number | undefined> => {
    switch (file.metadata.fileType) {
      case FileType.image:
        return exifCreationTimeUsOf(await firstChunk(deps, file));
      case FileType.livePhoto: {
        // See: [Note: JSZip is loaded on first use]
        const JSZip = await loadJSZip();
        const zip = await JSZip.loadAsync(await wholeFile(deps, file));
        const image = Object.values(zip.files).find(
          (entry) => !entry.dir && imageExtensions.test(entry.name),
        );
        if (image === undefined) return undefined;
        return exifCreationTimeUsOf(await image.async("uint8array"));
      }
      default:
        return undefined;
    }
  };
