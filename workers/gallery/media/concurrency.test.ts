import { describe, expect, it } from "vitest";
import { ConcurrencyLimit, completions } from "./concurrency";

/** A task that settles when told, recording how many run at once. */
const gate = () => {
  let running = 0;
  let peak = 0;
  const releases: (() => void)[] = [];
  const task = <T>(value: T, fail = false) =>
    new Promise<T>((resolve, reject) => {
      running += 1;
      peak = Math.max(peak, running);
      releases.push(() => {
        running -= 1;
        if (fail) reject(new Error(String(value)));
        else resolve(value);
      });
    });
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { task, releaseAll, peak: () => peak };
};

describe("ConcurrencyLimit", () => {
  it("runs at most `limit` tasks at once, all of them in the end", async () => {
    const limit = new ConcurrencyLimit(3);
    const { task, releaseAll, peak } = gate();
    const all = Promise.all(Array.from({ length: 10 }, (_, i) => limit.run(() => task(i))));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await releaseAll();
    expect(await all).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak()).toBe(3);
  });

  it("frees the slot of a failed task", async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await limit.run(() => Promise.resolve(7))).toBe(7);
  });
});

describe("completions", () => {
  it("yields every outcome, failures included, with at most `limit` in flight", async () => {
    const { task, releaseAll, peak } = gate();
    const collected: string[] = [];
    const run = (async () => {
      for await (const outcome of completions([1, 2, 3, 4, 5], 2, (n) => task(n, n === 3))) {
        collected.push(
          outcome.ok ? `ok ${String(outcome.value)}` : `failed ${String(outcome.item)}`,
        );
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await releaseAll();
    await run;
    expect(collected.sort()).toEqual(["failed 3", "ok 1", "ok 2", "ok 4", "ok 5"]);
    expect(peak()).toBe(2);
  });

  it("starts nothing more once the consumer stops", async () => {
    const started: number[] = [];
    for await (const outcome of completions([1, 2, 3, 4, 5, 6], 2, (n) => {
      started.push(n);
      return Promise.resolve(n);
    })) {
      if (outcome.ok) break;
    }
    expect(started.length).toBeLessThanOrEqual(3);
  });
});
