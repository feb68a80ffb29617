// The failures that end an export run, and how a file system error is told
// apart from a failure of one file. See: [Note: What stops an export run]

import { CairnError } from "../../shared/model/errors";

// [Note: What stops an export run]
//
// Spec §8: a failure on one file (a download that breaks, a file the
// server no longer has, a live photo that cannot be opened) counts as
// failed and the run goes on. What would fail every file after it stops
// the run instead, and says why: the export folder is gone (removed, or its
// disk unplugged), the record cannot be updated, the disk is full, the
// folder became read-only, or the user stopped it. A stopped run leaves
// nothing half-written: a file is only ever complete under its name (see:
// [Note: A file appears under its name only when complete]).

/** Why a run stopped before its end. */
export type ExportStopReason =
  "stopped" | "folder-missing" | "disk-full" | "read-only" | "record-update-failed";

/** A run ended early; `reason` says why (the UI shows it in the user's language). */
export class ExportRunStoppedError extends CairnError {
  override name = "ExportRunStoppedError";

  constructor(
    readonly reason: ExportStopReason,
    options?: ErrorOptions,
  ) {
    super(
      reason === "stopped"
        ? "exportStopped"
        : reason === "folder-missing"
          ? "exportFolderDoesNotExist"
          : "updateExportedRecordFailed",
      options,
    );
  }
}

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;

/** The stop a file system error means for the whole run, or undefined when only its file failed. */
export const stopReasonOfFSError = (error: unknown): ExportStopReason | undefined => {
  switch (codeOf(error)) {
    case "ENOSPC":
    case "EDQUOT":
      return "disk-full";
    case "EROFS":
    case "EACCES":
    case "EPERM":
      return "read-only";
    default:
      return undefined;
  }
};

/** Whether `error` ends the run because the user stopped it (not a stop of its own, such as a full disk). */
export const isStoppedByUser = (signal: AbortSignal, error: unknown): boolean =>
  signal.aborted && !(error instanceof ExportRunStoppedError && error.reason !== "stopped");

/** The stop an error means for the run, or undefined when only its file failed. */
export const runStopOf = (error: unknown): ExportRunStoppedError | undefined => {
  if (error instanceof ExportRunStoppedError) return error;
  const reason = stopReasonOfFSError(error);
  return reason === undefined ? undefined : new ExportRunStoppedError(reason, { cause: error });
};

/** Ends a stage when the user stopped the run. */
export const throwIfStopped = (signal: AbortSignal): void => {
  if (signal.aborted) throw new ExportRunStoppedError("stopped");
};
