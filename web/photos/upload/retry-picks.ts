// "Retry failed" at the end of a run: which of the run's picked files go up
// again, and to which target. Pure; table-tested.

import type {
  PickedFile,
  UploadRequest,
  UploadTarget,
} from "../../../workers/upload/upload-contract";
import {
  isRetryableResult,
  uploadResultsInSummaryOrder,
} from "../../../shared/model/media/upload-outcomes";
import type { UploadProgressSnapshot } from "../../../shared/model/media/upload-progress";

/** A file of the run with the target it was sent to. */
export interface RunPick {
  pick: PickedFile;
  target: UploadTarget;
}

const withoutExtension = (name: string): string => {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? name : name.slice(0, dot);
};

const comparableStem = (name: string): string =>
  withoutExtension(name).normalize("NFC").toLowerCase();

/** Marks that may follow a shared name in a live photo's other half (`_HEVC`, `_3`, `.MP`, `.mp4`). */
const markStart = /^[._-]/;

/** Whether two stems are one name, or one is the other followed by a mark. */
const stemsMatch = (a: string, b: string): boolean => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long === short || (long.startsWith(short) && markStart.test(long.slice(short.length)));
};

const targetKey = (target: UploadTarget): string => {
  switch (target.kind) {
    case "album":
      return `album:${String(target.collectionID)}`;
    case "new-album":
      return `new-album:${target.name}`;
    case "album-per-folder":
      return "album-per-folder";
  }
};

/**
 * [Note: Retrying a run's failed files by name]
 *
 * A snapshot names each finished file (its id is the worker's own), so the
 * files to send again are found by name among the run's picks:
 * - Every pick named like a failed or blocked file goes again. Two picks of
 *   one name (`IMG_0001.JPG` from two folders) both go when one failed: the
 *   other is recognised by its content and is only reported as already
 *   uploaded, while leaving the failed one out would lose it.
 * - A live photo is reported under its image's name; its video appears in no
 *   result. A pick that appears in no result, in the same folder and target
 *   as a file sent again and named alike (the same name without extension,
 *   or that name followed by `_`, `.` or `-` and a mark, as `IMG_1_HEVC.MOV`
 *   or `PXL_1.MP`) goes with it, so the pair is uploaded as a live photo
 *   again and not as a lone image.
 * Each request keeps its picks' target; a run that joined requests for
 * several targets retries each to its own.
 */
export const retryRequests = (
  snapshot: UploadProgressSnapshot,
  runPicks: readonly RunPick[],
): UploadRequest[] => {
  const retryNames = new Set<string>();
  const reportedNames = new Set<string>();
  for (const result of uploadResultsInSummaryOrder) {
    for (const { name } of snapshot.results[result]) {
      reportedNames.add(name);
      if (isRetryableResult(result)) retryNames.add(name);
    }
  }
  if (retryNames.size === 0) return [];

  const retried = runPicks.filter(({ pick }) => retryNames.has(pick.file.name));
  const spotOf = ({ pick, target }: RunPick) => `${targetKey(target)}\u0000${pick.folderPath}`;
  const retriedStems = new Map<string, string[]>();
  for (const runPick of retried) {
    const spot = spotOf(runPick);
    const stems = retriedStems.get(spot) ?? [];
    stems.push(comparableStem(runPick.pick.file.name));
    retriedStems.set(spot, stems);
  }
  const companions = runPicks.filter((candidate) => {
    if (reportedNames.has(candidate.pick.file.name)) return false;
    const stem = comparableStem(candidate.pick.file.name);
    return (retriedStems.get(spotOf(candidate)) ?? []).some((sent) => stemsMatch(stem, sent));
  });
  const chosen = new Set([...retried, ...companions]);

  const requests = new Map<string, { target: UploadTarget; files: PickedFile[] }>();
  for (const runPick of runPicks) {
    if (!chosen.has(runPick)) continue;
    const key = targetKey(runPick.target);
    const request = requests.get(key);
    if (request === undefined) requests.set(key, { target: runPick.target, files: [runPick.pick] });
    else request.files.push(runPick.pick);
  }
  return [...requests.values()];
};
