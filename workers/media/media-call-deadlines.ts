// How long each call to the media worker may take before the worker is
// ended (see: [Note: The media worker is ended when a call passes its
// deadline]). Deadlines are a safety net against a worker that will never
// answer, not a performance target: each is several times what the work
// takes on a slow device, and grows with the file where the work does. Pure.

import { FileType } from "../../shared/model/library/file-metadata";
import { extensionOf, imageExtensions } from "../../shared/model/media/file-kinds";

const bytesPerMiB = 1024 * 1024;

/**
 * An image's type and EXIF: a read of its first 4100 bytes and a few reads
 * of some KB that exifr parses, tens of ms; after 20 s it is stuck.
 */
export const imageFactsDeadlineMs = 20_000;

/** A type alone: one read of 4100 bytes, sniffed. */
export const typeOnlyFactsDeadlineMs = 10_000;

/**
 * The first video of a worker loads ffmpeg.wasm: 32 MB of WebAssembly
 * fetched (from the browser's cache after the first time) and compiled, a
 * few seconds usually, up to a minute over a slow connection.
 */
export const ffmpegLoadAllowanceMs = 60_000;

/** A video's probe: ffprobe's own timeout (30 s, video-processor.ts) and the ffmpeg load. */
export const videoFactsBaseMs = 30_000 + ffmpegLoadAllowanceMs;

/**
 * A video thumbnail: the processor's own timeouts add up to 170 s (two frame
 * attempts of 60 s, the probe on its unhappy path of 30 s, two re-encodes
 * of 10 s), plus the ffmpeg load.
 */
export const videoThumbnailBaseMs = 170_000 + ffmpegLoadAllowanceMs;

/**
 * Per MiB of a video: ffmpeg reads the Blob a slice at a time, and a
 * fragmented MP4's index or a seek deep into a long file reads through a
 * share of it. Disk reads take about 10 ms a MiB; 100 ms is ten times that.
 */
export const videoPerMiBMs = 100;

/**
 * An image's decode, scale and encode: libheif decodes a 12-megapixel HEIC
 * in about 2 s on one core, a 48-megapixel one in about 8 s, and a slow
 * device takes up to three times as long; a native decode and a JPEG encode
 * take less.
 */
export const imageCallBaseMs = 30_000;

/**
 * Per MiB of an image: reading it, scanning a RAW or PSD for its embedded
 * JPEG and decoding a large TIFF or PNG grow with its bytes (a 100 MiB file
 * gets 50 s more).
 */
export const imagePerMiBMs = 500;

const mebibytes = (sizeBytes: number): number => Math.max(0, sizeBytes) / bytesPerMiB;

const scaled = (baseMs: number, perMiBMs: number, sizeBytes: number): number =>
  Math.ceil(baseMs + perMiBMs * mebibytes(sizeBytes));

/** A picked file, as far as its deadline depends on it. */
export interface DeadlinePart {
  name: string;
  sizeBytes: number;
}

/**
 * The facts of one file. Its type is not known yet, so its name decides: an
 * image extension gets an image's deadline, anything else a video's (a
 * video named as an image is then cut short, and goes on with its type
 * alone).
 */
export const factsDeadlineMs = ({ name, sizeBytes }: DeadlinePart): number =>
  imageExtensions.has(extensionOf(name))
    ? imageFactsDeadlineMs
    : scaled(videoFactsBaseMs, videoPerMiBMs, sizeBytes);

/**
 * Each file of a facts batch past its longest one: a photo's EXIF is tens of
 * ms, a video's probe (ffmpeg loaded by then) about a second; these are
 * twenty and ten times that.
 */
export const imageFactsInBatchMs = 2_000;
export const videoFactsInBatchMs = 10_000;

/**
 * The facts of a batch of files, asked in one call: the longest file's own
 * deadline (it may be the worker's first video, loading ffmpeg), plus each
 * other file's share.
 */
export const factsBatchDeadlineMs = (parts: readonly DeadlinePart[]): number => {
  const deadlines = parts.map(factsDeadlineMs);
  const longestMs = Math.max(0, ...deadlines);
  const longestIndex = deadlines.indexOf(longestMs);
  return parts.reduce(
    (totalMs, part, index) =>
      index === longestIndex
        ? totalMs
        : totalMs +
          (imageExtensions.has(extensionOf(part.name)) ? imageFactsInBatchMs : videoFactsInBatchMs),
    longestMs,
  );
};

/** The thumbnail of a file whose facts say it is an image or a video. */
export const thumbnailDeadlineMs = (fileType: FileType, sizeBytes: number): number =>
  fileType === FileType.video
    ? scaled(videoThumbnailBaseMs, videoPerMiBMs, sizeBytes)
    : scaled(imageCallBaseMs, imagePerMiBMs, sizeBytes);

/** The viewer's JPEG of an image the browser cannot show. */
export const displayImageDeadlineMs = (sizeBytes: number): number =>
  scaled(imageCallBaseMs, imagePerMiBMs, sizeBytes);
