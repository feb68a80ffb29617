// The upload run as the page follows it: the requests sent, the last
// snapshot the worker pushed, and the picks kept for "Retry failed". Pure
// transitions (table-tested) and a small store the hook subscribes to.

import type { UploadProgressSnapshot } from "../../../shared/model/media/upload-progress";
import type { RunPick } from "./retry-picks";
import { ChangeListeners } from "../../common/state/change-listeners";

export interface UploadRunState {
  /**
   * Grows with each new run. A request's callbacks carry the run they were
   * sent in, so a late snapshot of a finished run never shows in the next.
   */
  runID: number;
  /** The worker's last snapshot; undefined until the first one comes. */
  snapshot: UploadProgressSnapshot | undefined;
  /** Every file sent in this run, with its target (for "Retry failed"). */
  picks: readonly RunPick[];
  /** Requests of this run not answered yet: the run is on its way while any is. */
  pendingCount: number;
  /** A request failed outright (the worker threw instead of answering a snapshot). */
  interrupted: boolean;
  /** The person closed the finished run's panel. */
  closed: boolean;
}

export type UploadRunEvent =
  | { kind: "requested"; picks: readonly RunPick[] }
  | { kind: "progress"; runID: number; snapshot: UploadProgressSnapshot }
  | { kind: "answered"; runID: number; snapshot: UploadProgressSnapshot }
  | { kind: "failed"; runID: number }
  | { kind: "closed" };

export const idleUploadRun: UploadRunState = {
  runID: 0,
  snapshot: undefined,
  picks: [],
  pendingCount: 0,
  interrupted: false,
  closed: true,
};

export const isRunOnItsWay = (state: UploadRunState): boolean => state.pendingCount > 0;

/**
 * The run a request joins: the one on its way (the worker adds the files to
 * it, contract of `UploadClient.upload`), else a new one.
 */
export const runIDForRequest = (state: UploadRunState): number =>
  isRunOnItsWay(state) ? state.runID : state.runID + 1;

export const nextUploadRun = (state: UploadRunState, event: UploadRunEvent): UploadRunState => {
  switch (event.kind) {
    case "requested":
      if (isRunOnItsWay(state)) {
        return {
          ...state,
          picks: [...state.picks, ...event.picks],
          pendingCount: state.pendingCount + 1,
        };
      }
      return {
        runID: state.runID + 1,
        snapshot: undefined,
        picks: [...event.picks],
        pendingCount: 1,
        interrupted: false,
        closed: false,
      };
    case "progress":
      if (event.runID !== state.runID || !isRunOnItsWay(state)) return state;
      return { ...state, snapshot: event.snapshot };
    case "answered":
      if (event.runID !== state.runID || !isRunOnItsWay(state)) return state;
      return { ...state, snapshot: event.snapshot, pendingCount: state.pendingCount - 1 };
    case "failed":
      if (event.runID !== state.runID || !isRunOnItsWay(state)) return state;
      return { ...state, pendingCount: state.pendingCount - 1, interrupted: true };
    case "closed":
      // A run on its way cannot be closed, only cancelled.
      return isRunOnItsWay(state) ? state : { ...state, picks: [], closed: true };
  }
};

/** The run's state for `useSyncExternalStore`, changed synchronously (two drops in one tick join one run). */
export class UploadRunStore {
  #state: UploadRunState = idleUploadRun;
  readonly #listeners = new ChangeListeners();

  readonly getState = (): UploadRunState => this.#state;

  readonly subscribe = this.#listeners.subscribe;

  dispatch(event: UploadRunEvent): void {
    const next = nextUploadRun(this.#state, event);
    if (next === this.#state) return;
    this.#state = next;
    this.#listeners.notify();
  }
}
