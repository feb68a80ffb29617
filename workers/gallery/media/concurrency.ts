// Bounding how much work runs at once: a limit shared by every caller (the
// thumbnail requests of overlapping calls), and a bounded map that yields
// results as they complete (downloads).

/** Runs tasks with at most `limit` of them started and not yet settled. */
export class ConcurrencyLimit {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = this.#waiting.shift();
      if (next === undefined) this.#running -= 1;
      else next();
    }
  }
}

export type Outcome<I, O> =
  { item: I; ok: true; value: O } | { item: I; ok: false; error: unknown };

/**
 * Applies `work` to every item with at most `limit` in flight and yields
 * each outcome as it completes (not in input order). A failure is yielded
 * as an outcome; it does not stop the others. The next item starts as soon
 * as a slot frees, before its outcome is consumed, so the consumer's own
 * work overlaps the next item's. Stopping the iteration early starts
 * nothing more (items already started, at most `limit`, run to their end).
 */
export async function* completions<I, O>(
  items: readonly I[],
  limit: number,
  work: (item: I) => Promise<O>,
): AsyncGenerator<Outcome<I, O>> {
  let next = 0;
  const running = new Map<number, Promise<{ slot: number; outcome: Outcome<I, O> }>>();
  const start = (slot: number) => {
    const item = items[next] as I;
    next += 1;
    running.set(
      slot,
      work(item).then(
        (value) => ({ slot, outcome: { item, ok: true as const, value } }),
        (error: unknown) => ({ slot, outcome: { item, ok: false as const, error } }),
      ),
    );
  };
  for (let slot = 0; slot < limit && next < items.length; slot += 1) start(slot);
  while (running.size > 0) {
    const { slot, outcome } = await Promise.race(running.values());
    running.delete(slot);
    if (next < items.length) start(slot);
    yield outcome;
  }
}
