// The upload runs of one library: a request starts a run, a request made
// during a run joins it (its files are added to the run's progress and
// uploaded after the ones before them), listeners get throttled snapshots,
// and a cancel or a run-ending refusal ends the whole run.

import { isTakeoutSidecarName } from "../../shared/model/media/takeout-sidecars";
import {
  type RunEndingErrorKey,
  UploadPhase,
  UploadResult,
} from "../../shared/model/media/upload-outcomes";
import {
  UploadProgress,
  type UploadProgressSnapshot,
} from "../../shared/model/media/upload-progress";
import {
  type UploadProgressListener,
  type UploadRequest,
  uploadProgressIntervalMs,
} from "./upload-contract";
import { type UploadRunDeps, pickIDsOf, runUploadRequest } from "./upload-run";

export interface UploadService {
  upload(request: UploadRequest, listener: UploadProgressListener): Promise<UploadProgressSnapshot>;
  /** Cancels the run on its way (nothing when there is none). */
  cancel(): void;
  /** Whether a run is on its way. */
  readonly running: boolean;
}

export interface UploadServiceOptions {
  setTimer?: (callback: () => void, delayMs: number) => void;
  /** Unexpected failures of a run (a bug, not a file's failure). */
  logError?: (message: string, cause: unknown) => void;
}

interface Run {
  progress: UploadProgress;
  listeners: Set<UploadProgressListener>;
  queue: { request: UploadRequest; firstID: number }[];
  cancel: AbortController;
  nextID: number;
  done: Promise<UploadProgressSnapshot>;
  notifyScheduled: boolean;
}

export const createUploadService = (
  deps: UploadRunDeps,
  {
    setTimer = (callback, delayMs) => {
      setTimeout(callback, delayMs);
    },
    logError = (message, cause) => {
      console.error(message, cause);
    },
  }: UploadServiceOptions = {},
): UploadService => {
  let run: Run | undefined;

  const notifyNow = (current: Run) => {
    current.notifyScheduled = false;
    const snapshot = current.progress.snapshot();
    for (const listener of current.listeners) listener(snapshot);
  };
  const notifySoon = (current: Run) => {
    if (current.notifyScheduled) return;
    current.notifyScheduled = true;
    setTimer(() => {
      if (current.notifyScheduled) notifyNow(current);
    }, uploadProgressIntervalMs);
  };

  /** Lists a request's files at once, so the totals include a joined request's files. */
  const enqueue = (current: Run, request: UploadRequest) => {
    const firstID = current.nextID;
    current.nextID += request.files.length;
    current.queue.push({ request, firstID });
    current.progress.add(
      request.files.flatMap((picked, index) =>
        isTakeoutSidecarName(picked.file.name)
          ? []
          : [
              {
                id: firstID + index,
                name: picked.file.name,
                sizeBytes: picked.file.size,
                pickIDs: pickIDsOf(picked),
              },
            ],
      ),
    );
  };

  const execute = async (current: Run): Promise<UploadProgressSnapshot> => {
    const { progress, cancel } = current;
    let endedBy: RunEndingErrorKey | undefined;
    try {
      for (let next = current.queue.shift(); next !== undefined; next = current.queue.shift()) {
        if (cancel.signal.aborted || endedBy !== undefined) {
          // Not started: dropped by a cancel, failed with the reason that ended the run.
          next.request.files.forEach((_, index) => {
            if (endedBy === undefined) progress.forget(next.firstID + index);
            else progress.finish(next.firstID + index, UploadResult.failed, endedBy);
          });
          continue;
        }
        const end = await runUploadRequest(deps, {
          files: next.request.files,
          target: next.request.target,
          uploaderName: next.request.uploaderName,
          progress,
          firstID: next.firstID,
          signal: cancel.signal,
          onChange: () => {
            notifySoon(current);
          },
        });
        endedBy = end.endedBy;
      }
    } catch (error) {
      // A bug or an unexpected refusal (an album that could not be made):
      // the files not done are failed, never left "in progress".
      logError("An upload run failed", error);
      current.queue.splice(0);
    } finally {
      if (run === current) run = undefined;
    }
    progress.settleUnfinished(endedBy);
    progress.setPhase(UploadPhase.finish);
    notifyNow(current);
    return progress.snapshot();
  };

  return {
    upload: (request, listener) => {
      if (run !== undefined && !run.cancel.signal.aborted) {
        run.listeners.add(listener);
        enqueue(run, request);
        notifySoon(run);
        return run.done;
      }
      const progress = new UploadProgress();
      progress.setPhase(UploadPhase.start);
      const current: Run = {
        progress,
        listeners: new Set([listener]),
        queue: [],
        cancel: new AbortController(),
        nextID: 1,
        done: Promise.resolve(progress.snapshot()),
        notifyScheduled: false,
      };
      enqueue(current, request);
      run = current;
      notifyNow(current);
      current.done = execute(current);
      return current.done;
    },
    cancel: () => {
      if (run === undefined || run.cancel.signal.aborted) return;
      run.progress.setPhase(UploadPhase.cancelling);
      run.progress.cancel();
      run.cancel.abort();
      notifyNow(run);
    },
    get running() {
      return run !== undefined;
    },
  };
};
