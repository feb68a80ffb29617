// Test support: a clock whose timers fire only when the test advances it,
// for the scheduler's and the notifier's tests.

import type { SchedulerTimers } from "../schedule";

export interface ManualClock {
  timers: SchedulerTimers;
  /** The clock's time, ms. */
  nowMs: () => number;
  /** Moves the time on by `ms` and fires the timers that are due, in order. */
  advance: (ms: number) => void;
  /** Moves the time on by `ms` without firing timers: work that took that long. */
  spend: (ms: number) => void;
  readonly pendingCount: number;
}

export const manualTimers = (): ManualClock => {
  let nowMs = 0;
  let nextID = 1;
  const pending = new Map<number, { atMs: number; callback: () => void }>();
  return {
    timers: {
      setTimeout: (callback: () => void, delayMs: number) => {
        const id = nextID++;
        pending.set(id, { atMs: nowMs + delayMs, callback });
        return id;
      },
      clearTimeout: (handle: unknown) => {
        pending.delete(handle as number);
      },
    },
    nowMs: () => nowMs,
    advance(ms: number) {
      const untilMs = nowMs + ms;
      for (;;) {
        const due = [...pending]
          .filter(([, timer]) => timer.atMs <= untilMs)
          .sort(([, a], [, b]) => a.atMs - b.atMs)[0];
        if (due === undefined) break;
        const [id, timer] = due;
        pending.delete(id);
        nowMs = Math.max(nowMs, timer.atMs);
        timer.callback();
      }
      nowMs = Math.max(nowMs, untilMs);
    },
    spend(ms: number) {
      nowMs += ms;
    },
    get pendingCount() {
      return pending.size;
    },
  };
};
