// [Note: Fixed-window counters]
//
// The in-process limits (rate limits, the OTT send limiter, fake-answer
// budgets) count events per key in fixed windows: a key's count resets when
// its window has passed. A fixed window can let up to twice the limit through
// around a boundary, which is acceptable for abuse limits and keeps each
// check O(1). Old keys are swept as windows pass so memory stays bounded by
// the keys active in one window.

export class WindowCounter {
  readonly #windows = new Map<string, { startMs: number; count: number }>();
  #lastSweepMs = 0;

  constructor(
    readonly windowMs: number,
    private readonly nowMs: () => number = Date.now,
  ) {}

  #current(key: string, now: number) {
    const window = this.#windows.get(key);
    if (window === undefined || now - window.startMs >= this.windowMs) return undefined;
    return window;
  }

  #sweep(now: number) {
    if (now - this.#lastSweepMs < this.windowMs) return;
    this.#lastSweepMs = now;
    for (const [key, window] of this.#windows) {
      if (now - window.startMs >= this.windowMs) this.#windows.delete(key);
    }
  }

  /** Events counted for `key` in its current window. */
  count(key: string): number {
    return this.#current(key, this.nowMs())?.count ?? 0;
  }

  /** Milliseconds until `key`'s current window ends and its count starts again (0 without one). */
  msUntilReset(key: string): number {
    const now = this.nowMs();
    const window = this.#current(key, now);
    return window === undefined ? 0 : window.startMs + this.windowMs - now;
  }

  /** Counts one event; false (and nothing counted) when `limit` events were already counted. */
  tryTake(key: string, limit: number): boolean {
    const now = this.nowMs();
    this.#sweep(now);
    const window = this.#current(key, now);
    if (window === undefined) {
      this.#windows.set(key, { startMs: now, count: 1 });
      return limit >= 1;
    }
    if (window.count >= limit) return false;
    window.count += 1;
    return true;
  }
}
