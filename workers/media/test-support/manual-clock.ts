// Timers for the media worker's deadline tests: time moves only when the
// test moves it. Test support only.

import type { MediaWorkerTimers } from "../media-worker-supervisor";

/** Timers that move only when the test says so. */
export class ManualClock implements MediaWorkerTimers {
  nowMs = 0;
  #next = 1;
  readonly #timers = new Map<number, { atMs: number; callback: () => void }>();

  setTimeout = (callback: () => void, delayMs: number): unknown => {
    const handle = this.#next++;
    this.#timers.set(handle, { atMs: this.nowMs + delayMs, callback });
    return handle;
  };

  clearTimeout = (handle: unknown): void => {
    this.#timers.delete(handle as number);
  };

  /** Moves time on by `ms`, firing the timers due on the way, in order. */
  advance(ms: number): void {
    const endMs = this.nowMs + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, timer]) => timer.atMs <= endMs)
        .sort(([, a], [, b]) => a.atMs - b.atMs)[0];
      if (due === undefined) break;
      const [handle, timer] = due;
      this.#timers.delete(handle);
      this.nowMs = timer.atMs;
      timer.callback();
    }
    this.nowMs = endMs;
  }

  get pending(): number {
    return this.#timers.size;
  }
}

/** Lets the promise callbacks queued so far run. */
export const settle = (): Promise<void> =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });
