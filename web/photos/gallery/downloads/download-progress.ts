// Per-file download progress (spec §4: "Per-file download progress is a
// percent, removed on completion"), as view state: the viewer's download
// button and the page's progress list read it.

import { atom } from "jotai";

/** File ID → percent (0–100) of the downloads in flight. */
export type DownloadProgressMap = ReadonlyMap<number, number>;

export const downloadProgressAtom = atom<DownloadProgressMap>(new Map<number, number>());

/**
 * `progress` with `fileID` at `percent` (clamped to 0–100 and rounded down,
 * so 99.6 is not shown as done); a file that reached 100 is removed, since a
 * completed download leaves the list.
 */
export function withDownloadProgress(
  progress: DownloadProgressMap,
  fileID: number,
  percent: number,
): DownloadProgressMap {
  const next = new Map(progress);
  if (percent >= 100) {
    next.delete(fileID);
    return next;
  }
  next.set(fileID, Math.max(0, Math.floor(Number.isFinite(percent) ? percent : 0)));
  return next;
}

/** `progress` without `fileIDs` (a download that ended, whatever became of each file). */
export function withoutDownloads(
  progress: DownloadProgressMap,
  fileIDs: Iterable<number>,
): DownloadProgressMap {
  const next = new Map(progress);
  for (const fileID of fileIDs) next.delete(fileID);
  return next.size === progress.size ? progress : next;
}

/** The mean percent of the downloads in flight, for a one-line summary (0 when none). */
export function overallDownloadPercent(progress: DownloadProgressMap): number {
  if (progress.size === 0) return 0;
  let total = 0;
  for (const percent of progress.values()) total += percent;
  return Math.floor(total / progress.size);
}
