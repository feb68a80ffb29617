// When the library syncs: at start, every few minutes, on
// window focus, after the user's own changes; never while offline; one run
// at a time. The rules are a pure step function; `createSyncScheduler` is
// the small driver that runs them with injected timers.

// [Note: One sync at a time, and a request during a run runs it once more]
//
// Two syncs at once would pull the same pages twice and race on the local
// database. So a request while a run is going sets a re-run flag, and when
// the run ends it runs once more (however many requests came meanwhile): a
// change made during a run, whose page the run may have already passed, is
// still pulled, and a burst of requests costs one extra run. A request while
// offline waits for the `online` event instead of failing.

/** Why a sync was asked for. */
export type SyncReason = "start" | "interval" | "focus" | "local-change" | "online" | "rerun";

/**
 * The interval of periodic syncs: two minutes. Focus and the user's own
 * changes already sync at once, so the interval serves a tab that stays in
 * front of someone while another device changes the library (a phone
 * uploading): two minutes keeps that fresh. A sync with nothing new costs
 * two small requests (collections since, trash since) with empty answers,
 * so even many open tabs load the server lightly. The reference waits five
 * minutes.
 */
export const periodicSyncIntervalMs = 2 * 60_000;

export interface SchedulerState {
  online: boolean;
  running: boolean;
  /** A request came during the run: run once more when it ends. */
  rerun: boolean;
  /** A request came while offline: run when back online. */
  waitingForOnline: boolean;
}

export type SchedulerEvent =
  | { kind: "request"; reason: SyncReason }
  | { kind: "run-finished" }
  | { kind: "online" }
  | { kind: "offline" };

export interface SchedulerStep {
  state: SchedulerState;
  /** Start a run now, for this reason. */
  startRun?: SyncReason;
}

/** The scheduler's next state for an event. See: [Note: One sync at a time, and a request during a run runs it once more] */
export const nextSchedulerStep = (state: SchedulerState, event: SchedulerEvent): SchedulerStep => {
  switch (event.kind) {
    case "request":
      if (state.running) return { state: { ...state, rerun: true } };
      if (!state.online) return { state: { ...state, waitingForOnline: true } };
      return { state: { ...state, running: true }, startRun: event.reason };
    case "run-finished":
      if (!state.rerun) return { state: { ...state, running: false } };
      if (!state.online) {
        return { state: { ...state, running: false, rerun: false, waitingForOnline: true } };
      }
      return { state: { ...state, running: true, rerun: false }, startRun: "rerun" };
    case "online":
      if (state.waitingForOnline && !state.running) {
        return {
          state: { ...state, online: true, running: true, waitingForOnline: false },
          startRun: "online",
        };
      }
      return { state: { ...state, online: true } };
    case "offline":
      return { state: { ...state, online: false } };
  }
};

export interface SchedulerTimers {
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface SyncSchedulerOptions<T> {
  /** One sync run; it settles to an outcome (it should not throw). */
  run: (reason: SyncReason) => Promise<T>;
  timers: SchedulerTimers;
  online: boolean;
  intervalMs?: number;
}

export interface SyncScheduler<T> {
  /**
   * Asks for a sync; resolves with the outcome of the run that covers this
   * request (the next run to start). Rejects with `stopped` if the scheduler
   * stops first.
   */
  request(reason: SyncReason): Promise<T>;
  setOnline(online: boolean): void;
  /** Stops the periodic timer; pending requests reject with `stoppedError`. */
  stop(stoppedError: Error): void;
  readonly state: SchedulerState;
}

interface Waiter<T> {
  resolve: (outcome: T) => void;
  reject: (error: Error) => void;
}

/** Runs the rules of `nextSchedulerStep` with timers. The first run is asked for by the caller (`request("start")`). */
export const createSyncScheduler = <T>({
  run,
  timers,
  online,
  intervalMs = periodicSyncIntervalMs,
}: SyncSchedulerOptions<T>): SyncScheduler<T> => {
  let state: SchedulerState = { online, running: false, rerun: false, waitingForOnline: false };
  let stopped = false;
  let timer: unknown;
  /** Requests not yet covered by a started run. */
  let waiting: Waiter<T>[] = [];

  const armTimer = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    if (stopped) return;
    timer = timers.setTimeout(() => {
      timer = undefined;
      void request("interval").catch(() => undefined);
    }, intervalMs);
  };

  const apply = (event: SchedulerEvent) => {
    if (stopped) return;
    const step = nextSchedulerStep(state, event);
    state = step.state;
    if (step.startRun !== undefined) start(step.startRun);
  };

  const start = (reason: SyncReason) => {
    const covered = waiting;
    waiting = [];
    // The periodic timer counts from the end of the last run.
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    void run(reason).then(
      (outcome) => {
        for (const waiter of covered) waiter.resolve(outcome);
        armTimer();
        apply({ kind: "run-finished" });
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error : new Error(String(error));
        for (const waiter of covered) waiter.reject(reason);
        armTimer();
        apply({ kind: "run-finished" });
      },
    );
  };

  const request = (reason: SyncReason): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (stopped) {
        reject(new Error("The sync scheduler is stopped"));
        return;
      }
      waiting.push({ resolve, reject });
      apply({ kind: "request", reason });
    });

  armTimer();

  return {
    request,
    setOnline(isOnline) {
      apply({ kind: isOnline ? "online" : "offline" });
    },
    stop(stoppedError) {
      stopped = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      for (const waiter of waiting) waiter.reject(stoppedError);
      waiting = [];
    },
    get state() {
      return state;
    },
  };
};
