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

const targetKey = (target: UploadTarget): string => {
  switch (target.kind) {
    case "album":
      return `album:${String(target.collectionID)}`;
    case "new-album":
      return `new-album:${target.name}`;
    case "album-per-folder":
      return "album-per-folder";
    case "library":
      return "library";
  }
};

/**
 * [Note: Retrying exactly the files that failed]
 *
 * The page numbers every file it sends (`PickedFile.pickID`), and each
 * result of the run names the picks behind it (`FinishedUpload.pickIDs`: one
 * file, or a live photo's image and video). "Retry failed" sends again the
 * picks of the failed and blocked results, nothing by name: two files called
 * `IMG_0001.JPG` from two folders are told apart, and a live photo goes again
 * as its pair.
 *
 * Picks that appear in no result (Google Takeout metadata files, read before
 * the files and never listed) go with a retried file of the same folder and
 * target, so the file gets its date and place from them again.
 *
 * Each request keeps its picks' target; a run that joined requests for
 * several targets retries each to its own.
 */
export const retryRequests = (
  snapshot: UploadProgressSnapshot,
  runPicks: readonly RunPick[],
): UploadRequest[] => {
  const retryIDs = new Set<number>();
  const reportedIDs = new Set<number>();
  for (const result of uploadResultsInSummaryOrder) {
    for (const { pickIDs } of snapshot.results[result]) {
      for (const pickID of pickIDs) {
        reportedIDs.add(pickID);
        if (isRetryableResult(result)) retryIDs.add(pickID);
      }
    }
  }
  if (retryIDs.size === 0) return [];

  const spotOf = ({ pick, target }: RunPick) => `${targetKey(target)}\u0000${pick.folderPath}`;
  const isRetried = ({ pick }: RunPick) => pick.pickID !== undefined && retryIDs.has(pick.pickID);
  const retriedSpots = new Set(runPicks.filter(isRetried).map(spotOf));
  const isUnreported = ({ pick }: RunPick) =>
    pick.pickID === undefined || !reportedIDs.has(pick.pickID);

  const requests = new Map<string, { target: UploadTarget; files: PickedFile[] }>();
  for (const runPick of runPicks) {
    const goes = isRetried(runPick) || (isUnreported(runPick) && retriedSpots.has(spotOf(runPick)));
    if (!goes) continue;
    const key = targetKey(runPick.target);
    const request = requests.get(key);
    if (request === undefined) requests.set(key, { target: runPick.target, files: [runPick.pick] });
    else request.files.push(runPick.pick);
  }
  return [...requests.values()];
};
