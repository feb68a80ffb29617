// Why a thumbnail, an original or a download could not be had. They cross to
// the UI by name (Comlink revives errors by `name` and `message`), so each
// sets its `name` explicitly.

import { CairnError } from "../../../shared/model/errors";

/** The file is not (or no longer) in the local library: nothing to download it with. */
export class FileNotInLibraryError extends CairnError {
  override name = "FileNotInLibraryError";
  constructor(readonly fileID: number) {
    super("fileNotFound");
  }
}

/**
 * A live photo's zip could not be opened, or lacks its image or its video
 * (spec §5: a live photo zip must hold both).
 */
export class BrokenLivePhotoError extends Error {
  override name = "BrokenLivePhotoError";
  constructor(
    readonly fileID: number,
    /** What is missing; both when the zip itself could not be read. */
    readonly missing: readonly ("image" | "video")[],
    options?: ErrorOptions,
  ) {
    super(
      `The live photo zip of file ${String(fileID)} lacks its ${missing.join(" and ")}`,
      options,
    );
  }
}

/**
 * Some files of a download failed (the others were handed over). Its key is
 * the catalogue's 'request failed' (spec §8: a download with missing data);
 * the message adds how many failed, since only `name` and `message` survive
 * the trip to the UI through Comlink.
 */
export class DownloadsFailedError extends CairnError {
  override name = "DownloadsFailedError";
  constructor(
    readonly failedFileIDs: readonly number[],
    readonly totalCount: number,
    options?: ErrorOptions,
  ) {
    super("requestFailed", options);
    this.message = `${this.message} (${String(failedFileIDs.length)} of ${String(totalCount)} files)`;
  }

  get failedCount(): number {
    return this.failedFileIDs.length;
  }
}
