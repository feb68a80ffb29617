// What the export dialog shows for a controller's setting and status (pure):
// the stage in words, the progress, the problem the last run ended with and
// which actions are offered. See `ExportDialog.tsx` for the view.

import { ExportStage } from "../../../shared/model/export/export-record";
import type { MessageId } from "../../common/i18n/messages";
import type { ExportStopReason } from "../../../workers/export/export-errors";
import type { ExportFailure } from "../../../workers/export/export-service";
import type { ExportSetting, ExportStatus } from "./export-controller";

/** The problem a run ended with, as the dialog names it. */
export type ExportProblem = Exclude<ExportStopReason, "stopped"> | ExportFailure;

/** The note a run left: a problem, a stop by the user, or files that could not be exported. */
export type ExportNote =
  | { kind: "problem"; problem: ExportProblem }
  | { kind: "stopped" }
  | { kind: "files-failed"; failed: number };

export type ExportView =
  /** No folder is chosen yet: the dialog explains and offers to choose one. */
  | { kind: "no-folder" }
  /** A folder is chosen and the export process has not reported yet. */
  | { kind: "loading"; folder: string }
  | {
      kind: "idle";
      folder: string;
      lastExportMs: number | null;
      note: ExportNote | undefined;
    }
  | {
      kind: "running";
      folder: string;
      stageLabelID: MessageId;
      /** The files of the run; absent while it has not counted them (a stage before or after the files). */
      progress: { success: number; total: number; failed: number } | undefined;
      lastExportMs: number | null;
    };

/**
 * A run's stage in words. The spec's stages before the work (init,
 * migration, starting) all read as "Preparing" to a person; finished while
 * still running is the moment the record is written for the last time.
 */
export const exportStageLabel = (stage: ExportStage): MessageId => {
  switch (stage) {
    case ExportStage.init:
    case ExportStage.migration:
    case ExportStage.starting:
      return "export.stage.preparing";
    case ExportStage.renamingCollectionFolders:
      return "export.stage.renamingAlbums";
    case ExportStage.trashingDeletedFiles:
      return "export.stage.trashingDeletedFiles";
    case ExportStage.exportingFiles:
      return "export.stage.exportingFiles";
    case ExportStage.trashingDeletedCollections:
      return "export.stage.removingDeletedAlbums";
    case ExportStage.finished:
      return "export.stage.finishing";
  }
};

/** What the user reads for each problem. */
export const exportProblemMessage: Record<ExportProblem, MessageId> = {
  "folder-missing": "export.problem.folderMissing",
  "disk-full": "export.problem.diskFull",
  "read-only": "export.problem.readOnly",
  "record-update-failed": "export.problem.recordUpdateFailed",
  "record-unreadable": "export.problem.recordUnreadable",
  "record-too-new": "export.problem.recordTooNew",
  unknown: "export.problem.unknown",
};

/**
 * [Note: The export dialog shows the last run's ending]
 *
 * A run that failed (`failure`) outranks how it stopped, and a stop for a
 * reason outranks the user's own stop; files that could not be exported are
 * worth a word only when the run otherwise went to its end (a stopped run
 * would have retried them). While a run goes on, its progress is what
 * matters: the last ending is not shown.
 */
const noteOf = (status: ExportStatus): ExportNote | undefined => {
  if (status.failure !== undefined) return { kind: "problem", problem: status.failure };
  switch (status.stoppedBecause) {
    case undefined:
      return status.progress.failed > 0
        ? { kind: "files-failed", failed: status.progress.failed }
        : undefined;
    case "stopped":
      return { kind: "stopped" };
    default:
      return { kind: "problem", problem: status.stoppedBecause };
  }
};

export const exportView = (
  setting: ExportSetting | undefined,
  status: ExportStatus | undefined,
): ExportView => {
  if (setting === undefined) return { kind: "no-folder" };
  const { folder } = setting;
  if (status === undefined) return { kind: "loading", folder };
  if (status.running) {
    return {
      kind: "running",
      folder,
      stageLabelID: exportStageLabel(status.stage),
      progress: status.progress.total > 0 ? status.progress : undefined,
      lastExportMs: status.lastAttemptTimestampMs,
    };
  }
  return {
    kind: "idle",
    folder,
    lastExportMs: status.lastAttemptTimestampMs,
    note: noteOf(status),
  };
};

/** What the dialog's buttons may do in a view. */
export interface ExportActions {
  /** "Choose folder" or "Change": not while a run writes into the folder. */
  chooseFolder: boolean;
  start: boolean;
  stop: boolean;
  resync: boolean;
  continuous: boolean;
}

export const exportActions = (view: ExportView): ExportActions => {
  const idle = view.kind === "idle";
  return {
    chooseFolder: view.kind !== "running",
    start: idle,
    stop: view.kind === "running",
    resync: idle,
    continuous: view.kind !== "no-folder",
  };
};

/** A path with a break opportunity after each separator, so that a long one wraps between folder names. */
export const pathSegments = (path: string): string[] => path.split(/(?<=[/\\])/);

/** The share of files done, 0 to 1 (failed files count as done: the run moved past them). */
export const exportFraction = ({
  success,
  failed,
  total,
}: {
  success: number;
  failed: number;
  total: number;
}): number => (total <= 0 ? 0 : Math.min(1, (success + failed) / total));
