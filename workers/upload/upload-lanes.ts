// The uploading phase of a run: units (a file, or a live photo's two halves)
// taken from one queue by a few lanes at once, each unit's outcome recorded
// in the run's progress, a cancel and a run-ending refusal stopping cleanly.

import type { ErrorMessageKey } from "../../shared/model/error-messages";
import {
  type RunEndingErrorKey,
  UploadPhase,
  type UploadResult,
  failureOutcomeOf,
} from "../../shared/model/media/upload-outcomes";
import type { UploadProgress } from "../../shared/model/media/upload-progress";

/**
 * Units uploading at once. Each lane alternates between work that waits on
 * the network (upload URLs, PUTs, registering) and work that waits on the
 * crypto pool or the media worker (hashing, thumbnails, encryption); four
 * keep both the two cores and the connection busy, as the reference found
 * too, while a fifth would only queue inside the pool.
 */
export const uploadLaneCount = 4;

/** What processing a unit gave: its result and, when it did not go in, why. */
export interface UnitOutcome {
  result: UploadResult;
  errorKey?: ErrorMessageKey | undefined;
  /**
   * The server's ID of the file the unit now is: the new file, or the
   * user's copy it was found to be (already uploaded, added from another album).
   */
  fileID?: number | undefined;
}

export interface UnitContext {
  /** Aborted when the run is cancelled or ended by a refusal. */
  signal: AbortSignal;
  /** The unit's running total of bytes sent (for its percentage). */
  onSent: (sentBytes: number) => void;
}

export interface RunLanesOptions<U extends { id: number }> {
  units: readonly U[];
  progress: UploadProgress;
  process: (unit: U, context: UnitContext) => Promise<UnitOutcome>;
  /** The person's cancel. */
  signal: AbortSignal;
  laneCount?: number;
  /** Called after every change of the progress (the caller throttles what it sends on). */
  onChange?: () => void;
}

export interface LanesEnd {
  cancelled: boolean;
  endedBy?: RunEndingErrorKey | undefined;
}

/**
 * [Note: A cancelled upload leaves nothing half-registered]
 *
 * A unit is registered by its last call (`POST /files`, or the add of a
 * deduplicated file); everything before it (upload URLs, objects PUT to the
 * store) is invisible to the library and the server expires it. So a cancel
 * aborts every unit in flight: one aborted before its last call is dropped
 * from the run (neither uploaded nor failed), one whose last call had already
 * answered keeps its result. Units still queued are dropped. The same abort
 * stops the lanes when a refusal ends the run, but then the units not done
 * are reported as failed with that refusal's reason.
 * See: [Note: Some upload failures end the run]
 */
export const runLanes = async <U extends { id: number }>({
  units,
  progress,
  process,
  signal,
  laneCount = uploadLaneCount,
  onChange,
}: RunLanesOptions<U>): Promise<LanesEnd> => {
  const stop = new AbortController();
  const stopSignal = AbortSignal.any([signal, stop.signal]);
  let endedBy: RunEndingErrorKey | undefined;
  const changed = () => onChange?.();
  const onCancel = () => {
    progress.setPhase(UploadPhase.cancelling);
    progress.cancel();
    changed();
  };
  if (signal.aborted) onCancel();
  else signal.addEventListener("abort", onCancel, { once: true });

  let next = 0;
  const takeNext = (): U | undefined => (stopSignal.aborted ? undefined : units[next++]);

  const runUnit = async (unit: U) => {
    progress.sent(unit.id, 0);
    changed();
    let outcome: UnitOutcome;
    try {
      outcome = await process(unit, {
        signal: stopSignal,
        onSent: (sentBytes) => {
          progress.sent(unit.id, sentBytes);
          changed();
        },
      });
    } catch (error) {
      const failure = failureOutcomeOf(error);
      if (failure.endsRun !== undefined && endedBy === undefined) {
        endedBy = failure.endsRun;
        progress.endBy(failure.endsRun);
        stop.abort(error);
      }
      if (failure.cancelled === true || stopSignal.aborted) {
        if (endedBy !== undefined && failure.endsRun === undefined) {
          progress.finish(unit.id, "failed", endedBy);
        } else if (failure.endsRun !== undefined) {
          progress.finish(unit.id, failure.result, failure.errorKey);
        } else {
          progress.forget(unit.id);
        }
      } else {
        progress.finish(unit.id, failure.result, failure.errorKey);
      }
      changed();
      return;
    }
    progress.finish(unit.id, outcome.result, outcome.errorKey, outcome.fileID);
    changed();
  };

  const lane = async () => {
    for (let unit = takeNext(); unit !== undefined; unit = takeNext()) await runUnit(unit);
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, laneCount) }, lane));
  } finally {
    signal.removeEventListener("abort", onCancel);
  }

  // Units never started.
  for (const unit of units) {
    if (progress.isFinished(unit.id)) continue;
    if (endedBy !== undefined) progress.finish(unit.id, "failed", endedBy);
    else progress.forget(unit.id);
  }
  changed();
  return { cancelled: signal.aborted, endedBy };
};
