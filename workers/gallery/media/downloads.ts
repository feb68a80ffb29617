// Downloading a selection (spec §4 DOWNLOAD): each original as its own file,
// or all of them in one zip streamed through client-zip. Progress per file
// in percent; a file that fails does not stop the others, and the call
// rejects at the end saying how many failed. A JPEG whose file has an edited
// time carries it in its EXIF, as the desktop export writes it.

import { TokenMissingError } from "../../../shared/model/errors";
import type { DecryptedFile } from "../../library/decrypted-records";
import { withEditedTimeInJpegBlob } from "../../media/jpeg/blob-edited-time";
import type { DownloadProgressListener, DownloadedFile } from "../gallery-contract";
import { completions } from "./concurrency";
import { UniqueNames, livePhotoPartName, safeFileName, zipFileName } from "./download-names";
import { DownloadsFailedError, FileNotInLibraryError } from "./media-errors";
import type { OpenedOriginal } from "./open-original";

/**
 * Originals downloading at once. Two overlap one file's network wait with
 * the other's decryption (the crypto pool has a worker per core, two on the
 * smallest machines); more would hold more whole files in memory for no
 * faster end, and take connections the gallery's thumbnails need.
 */
export const maxDownloadsInFlight = 2;

export type DownloadMode = "files" | "zip";

export interface DownloadsDeps {
  fileByID: (fileID: number) => DecryptedFile | undefined;
  /** The original of a file, opened (live photos split), reporting its percents. */
  openForDownload: (
    file: DecryptedFile,
    onPercent: (percent: number) => void,
  ) => Promise<OpenedOriginal>;
  nowMs: () => number;
}

export interface DownloadRequest {
  fileIDs: readonly number[];
  mode: DownloadMode;
  onProgress: DownloadProgressListener;
  onFile: (file: DownloadedFile) => void;
  /** The zip's name (an album's); `Cairn-<date>.zip` when absent. */
  zipName?: string | undefined;
}

/** The name a file is shown under (edited name, else its title). */
const shownName = (file: DecryptedFile): string =>
  file.pubMagicMetadata?.data.editedName ?? file.metadata.title;

/** µs: the shown time (edited, else creation). */
const shownTimeUs = (file: DecryptedFile): number =>
  file.pubMagicMetadata?.data.editedTime ?? file.metadata.creationTime;

/** A file of a download before it is named uniquely. */
interface DownloadEntry {
  name: string;
  blob: Blob;
  lastModified: Date;
}

/**
 * A photo (or a file of no known kind) as saved: with the file's edited time
 * in its EXIF when it has one (spec §5); the step looks at the bytes, so
 * only a JPEG changes, and a video never goes through it.
 * See: [Note: A Blob's JPEG gets its date without its image data being read]
 */
const withEditedTime = async (file: DecryptedFile, blob: Blob): Promise<Blob> => {
  const editedTimeUs = file.pubMagicMetadata?.data.editedTime;
  if (editedTimeUs === undefined) return blob;
  return (await withEditedTimeInJpegBlob(blob, editedTimeUs)).blob;
};

/** The saved files of one original: one, or a live photo's image and video named after its title. */
export const downloadEntries = async (
  file: DecryptedFile,
  opened: OpenedOriginal,
): Promise<DownloadEntry[]> => {
  const name = shownName(file);
  const lastModified = new Date(shownTimeUs(file) / 1000);
  const { media } = opened;
  switch (media.kind) {
    case "video":
      return [{ name, blob: media.blob, lastModified }];
    case "image":
    case "other":
      return [{ name, blob: await withEditedTime(file, media.blob), lastModified }];
    case "live-photo": {
      const extensions = opened.livePhotoExtensions ?? { image: "", video: "" };
      const image = await withEditedTime(file, media.image);
      return [
        { name: livePhotoPartName(name, extensions.image), blob: image, lastModified },
        { name: livePhotoPartName(name, extensions.video), blob: media.video, lastModified },
      ];
    }
  }
};

/** Calls a listener that may be a proxy to another thread; its failure is not the download's. */
export const notifyProgress = (
  listener: DownloadProgressListener,
  fileID: number,
  percent: number,
): void => {
  try {
    // Through Comlink the listener is a proxy that answers a promise.
    const call: (fileID: number, percent: number) => unknown = listener;
    const answer = call(fileID, percent);
    if (answer instanceof Promise) answer.catch(() => undefined);
  } catch {
    // The page went away or its listener failed: the download goes on.
  }
};

/**
 * Hands a finished file to the page. Through Comlink `onFile` is a proxy
 * whose answer comes once the page has it: waiting for it hands files over
 * one at a time instead of piling them up in messages. A page that cannot
 * take it is not the download's failure.
 */
const handOver = async (
  onFile: (file: DownloadedFile) => void,
  file: DownloadedFile,
): Promise<void> => {
  try {
    const call: (file: DownloadedFile) => unknown = onFile;
    await call(file);
  } catch {
    // The page went away; the remaining files are still handed over.
  }
};

/** Downloads `fileIDs` as files or one zip. See the module comment for failures. */
export const downloadSelection = async (
  deps: DownloadsDeps,
  { fileIDs, mode, onProgress, onFile, zipName }: DownloadRequest,
): Promise<void> => {
  const uniqueIDs = [...new Set(fileIDs)];
  const failedFileIDs: number[] = [];
  let failure: unknown;
  /** Without a session no file can be had: the download stops at once ('token missing'). */
  let stopError: TokenMissingError | undefined;

  async function* downloaded(): AsyncGenerator<DownloadEntry> {
    const outcomes = completions(uniqueIDs, maxDownloadsInFlight, async (fileID) => {
      const file = deps.fileByID(fileID);
      if (file === undefined) throw new FileNotInLibraryError(fileID);
      const opened = await deps.openForDownload(file, (percent) => {
        notifyProgress(onProgress, fileID, percent);
      });
      return downloadEntries(file, opened);
    });
    for await (const outcome of outcomes) {
      if (outcome.ok) {
        yield* outcome.value;
      } else if (outcome.error instanceof TokenMissingError) {
        stopError = outcome.error;
        return;
      } else {
        failedFileIDs.push(outcome.item);
        failure ??= outcome.error;
      }
    }
  }

  if (mode === "files") {
    for await (const entry of downloaded()) {
      await handOver(onFile, { name: safeFileName(entry.name), blob: entry.blob });
    }
  } else {
    const names = new UniqueNames();
    let entryCount = 0;
    const entries = async function* () {
      for await (const entry of downloaded()) {
        entryCount += 1;
        yield {
          name: names.claim(entry.name),
          input: entry.blob,
          lastModified: entry.lastModified,
        };
      }
    };
    // See: [Note: The sync worker loads what a reload does not need on first use]
    const { downloadZip } = await import("client-zip");
    const zip = await downloadZip(entries()).blob();
    if (stopError === undefined && entryCount > 0) {
      await handOver(onFile, {
        name: zipFileName(deps.nowMs(), zipName),
        blob: zip.slice(0, zip.size, "application/zip"),
      });
    }
  }

  if (stopError !== undefined) throw stopError;
  if (failedFileIDs.length > 0) {
    throw new DownloadsFailedError(failedFileIDs, uniqueIDs.length, { cause: failure });
  }
};
