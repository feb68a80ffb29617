// The summary `npm run export` prints after each run: how many files were
// exported and failed, where, in how long, and which files failed and why.

import type { ExportProgress } from "../../workers/export/export-run";

/**
 * The failed files listed at most: when the server or the disk fails every
 * file, the list says so in a screenful rather than a cron mail of
 * thousands of lines (the count still says how many).
 */
export const failedFilesListedAtMost = 50;

export interface FailedFile {
  fileID: number;
  /** The error's message (never its stack). */
  message: string;
}

export interface RunSummary {
  progress: ExportProgress;
  elapsedMs: number;
  /** The export folder (`<DIR>/Cairn Photos`), absolute. */
  exportFolder: string;
  failedFiles: readonly FailedFile[];
  /** False when the run ended before its end (stopped, or failed). */
  finished: boolean;
}

/** `0.4 s`, `12 s`, `2 min 5 s`, `1 h 3 min`. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const wholeSeconds = Math.round(seconds);
  const minutes = Math.floor(wholeSeconds / 60);
  if (minutes < 60) return `${minutes} min ${wholeSeconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

const filesText = (count: number): string => (count === 1 ? "1 file" : `${count} files`);

/** The summary's lines. */
export const runSummaryLines = (summary: RunSummary): string[] => {
  const { progress, elapsedMs, exportFolder, failedFiles, finished } = summary;
  const took = formatDuration(elapsedMs);
  const lines: string[] = [];
  if (!finished) {
    lines.push(
      `Export ended early after ${took}: ${progress.success} of ${filesText(progress.total)} exported, ${progress.failed} failed.`,
    );
  } else if (progress.total === 0) {
    lines.push(`Export finished in ${took}: nothing new to export, the folder is up to date.`);
  } else {
    lines.push(
      `Export finished in ${took}: ${filesText(progress.success)} exported, ${progress.failed} failed${
        progress.failed > 0 ? " (the next export tries them again)" : ""
      }.`,
    );
  }
  lines.push(`Folder: ${exportFolder}`);
  if (failedFiles.length > 0) {
    lines.push("Failed files:");
    for (const { fileID, message } of failedFiles.slice(0, failedFilesListedAtMost)) {
      lines.push(`  file ${fileID}: ${message}`);
    }
    if (failedFiles.length > failedFilesListedAtMost) {
      lines.push(`  … and ${failedFiles.length - failedFilesListedAtMost} more`);
    }
  }
  return lines;
};
