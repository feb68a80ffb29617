// When the on-device indexing runs (spec §4 "Machine-learning sync job", §9):
// the job is not scheduled, scheduled or running; a run that did work is
// followed by the next one 5 s later, and a run that failed or found
// nothing to do doubles the wait, up to 960 s; nothing runs offline; one
// run at a time, and a request during a run runs it once more. The rules
// are a pure step function; `createMLJob` drives them with injected timers.
//
// [Note: The indexing job backs off when it has nothing to do]
//
// Indexing works in batches: each run takes the next files without an
// index, and the job runs again soon while there are any, so a library is
// indexed in a stream of short runs that each leave the worker free for the
// gallery in between. A run that failed (offline midway, the server
// refused) or found nothing to index doubles the wait before the next
// (5, 10, 20 … 960 s, the spec's constants) rather than polling every 5 s
// for ever; a new file (an upload, a sync that brought files) asks for a
// run at once and resets the wait. The reference's job does the same.

import type { SchedulerTimers } from "../../sync/schedule";

/** The wait after a run that did work (spec §9: base 5 s). */
export const mlJobBaseIntervalMs = 5_000;
/** The longest wait (spec §9: doubling to 960 s). */
export const mlJobMaxIntervalMs = 960_000;

export type MLJobPhase = "not-scheduled" | "scheduled" | "running";

export interface MLJobState {
  phase: MLJobPhase;
  online: boolean;
  /** The wait before the next scheduled run. */
  intervalMs: number;
  /** A request came during the run: run once more when it ends. */
  rerun: boolean;
}

/**
 * What a run reports: whether it did work, whether it failed, or that it
 * gave way to an upload (the upload's end asks for the next run).
 * See: [Note: Indexing gives way to uploads]
 */
export type MLRunOutcome = "did-work" | "nothing-to-do" | "failed" | "paused";

export type MLJobEvent =
  /** Something new may need indexing (an upload, a sync, the user turned indexing on). */
  | { kind: "request" }
  | { kind: "timer" }
  | { kind: "run-finished"; outcome: MLRunOutcome }
  | { kind: "online" }
  | { kind: "offline" }
  /** Logout or indexing turned off: nothing more runs. */
  | { kind: "stop" };

export interface MLJobStep {
  state: MLJobState;
  /** Start a run now. */
  startRun?: true;
  /** Arm the timer for this long (replacing any armed one). */
  armTimerMs?: number;
  /** Disarm the timer. */
  disarmTimer?: true;
}

export const initialMLJobState = (online: boolean): MLJobState => ({
  phase: "not-scheduled",
  online,
  intervalMs: mlJobBaseIntervalMs,
  rerun: false,
});

const nextInterval = (intervalMs: number, outcome: MLRunOutcome): number =>
  outcome === "did-work" ? mlJobBaseIntervalMs : Math.min(mlJobMaxIntervalMs, intervalMs * 2);

/** The job's next state for an event. See: [Note: The indexing job backs off when it has nothing to do] */
export const nextMLJobStep = (state: MLJobState, event: MLJobEvent): MLJobStep => {
  switch (event.kind) {
    case "request":
      if (state.phase === "running") return { state: { ...state, rerun: true } };
      if (!state.online) return { state: { ...state, phase: "not-scheduled" }, disarmTimer: true };
      return {
        state: { ...state, phase: "running", intervalMs: mlJobBaseIntervalMs },
        startRun: true,
        disarmTimer: true,
      };
    case "timer":
      if (state.phase !== "scheduled") return { state };
      if (!state.online) return { state: { ...state, phase: "not-scheduled" } };
      return { state: { ...state, phase: "running" }, startRun: true };
    case "run-finished": {
      if (state.phase !== "running") return { state };
      if (event.outcome === "paused") {
        return {
          state: {
            ...state,
            phase: "not-scheduled",
            rerun: false,
            intervalMs: mlJobBaseIntervalMs,
          },
        };
      }
      const intervalMs = nextInterval(state.intervalMs, event.outcome);
      if (!state.online) {
        return { state: { ...state, phase: "not-scheduled", rerun: false, intervalMs } };
      }
      if (state.rerun) {
        return {
          state: { ...state, phase: "running", rerun: false, intervalMs: mlJobBaseIntervalMs },
          startRun: true,
        };
      }
      return { state: { ...state, phase: "scheduled", intervalMs }, armTimerMs: intervalMs };
    }
    case "online":
      if (state.online) return { state };
      if (state.phase === "not-scheduled") {
        return {
          state: { ...state, online: true, phase: "running", intervalMs: mlJobBaseIntervalMs },
          startRun: true,
        };
      }
      return { state: { ...state, online: true } };
    case "offline":
      if (state.phase === "scheduled") {
        return { state: { ...state, online: false, phase: "not-scheduled" }, disarmTimer: true };
      }
      return { state: { ...state, online: false } };
    case "stop":
      return {
        state: { ...state, phase: "not-scheduled", rerun: false, intervalMs: mlJobBaseIntervalMs },
        disarmTimer: true,
      };
  }
};

export interface MLJob {
  request(): void;
  setOnline(online: boolean): void;
  /** Stops the job: no run starts after this (a run in progress is the caller's to abort). */
  stop(): void;
  phase(): MLJobPhase;
}

/** Drives the job's rules: `run` is called for each run and reports its outcome. */
export const createMLJob = ({
  run,
  timers,
  online,
  onError,
}: {
  run: () => Promise<MLRunOutcome>;
  timers: SchedulerTimers;
  online: boolean;
  onError: (error: unknown) => void;
}): MLJob => {
  let state = initialMLJobState(online);
  let timer: unknown;
  let stopped = false;

  const apply = (event: MLJobEvent) => {
    if (stopped) return;
    const step = nextMLJobStep(state, event);
    state = step.state;
    if (step.disarmTimer === true || step.armTimerMs !== undefined) {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    }
    if (step.armTimerMs !== undefined) {
      timer = timers.setTimeout(() => {
        timer = undefined;
        apply({ kind: "timer" });
      }, step.armTimerMs);
    }
    if (step.startRun === true) {
      run().then(
        (outcome) => {
          apply({ kind: "run-finished", outcome });
        },
        (error: unknown) => {
          onError(error);
          apply({ kind: "run-finished", outcome: "failed" });
        },
      );
    }
  };

  return {
    request: () => {
      apply({ kind: "request" });
    },
    setOnline: (next) => {
      apply({ kind: next ? "online" : "offline" });
    },
    stop: () => {
      apply({ kind: "stop" });
      stopped = true;
    },
    phase: () => state.phase,
  };
};
