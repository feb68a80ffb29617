import { describe, expect, it } from "vitest";
import { QuietWriteBehind, quietBeforeWritingMs } from "./quiet-write-behind";

/** A write-behind over a manual clock and a recording cache. */
const setup = (maxHeldBackBytes?: number) => {
  let nowMs = 0;
  const timers: { atMs: number; callback: () => void }[] = [];
  const written: string[] = [];
  const writes = new QuietWriteBehind({
    write: (key) => {
      written.push(key);
      return Promise.resolve();
    },
    clock: {
      nowMs: () => nowMs,
      setTimeout: (callback, delayMs) => timers.push({ atMs: nowMs + delayMs, callback }),
    },
    ...(maxHeldBackBytes === undefined ? {} : { maxHeldBackBytes }),
  });
  /** Moves the clock on and runs the timers that are due (and the writes they start). */
  const advance = async (ms: number) => {
    nowMs += ms;
    for (;;) {
      const due = timers.findIndex((timer) => timer.atMs <= nowMs);
      if (due === -1) break;
      const [timer] = timers.splice(due, 1);
      timer?.callback();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { writes, written, advance };
};

const bytes = (length: number) => new Uint8Array(new ArrayBuffer(length));

/** A network task that ends when the returned `end` is called. */
const pendingTask = () => {
  let end: () => void = () => undefined;
  const task = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    task: () => task,
    end: () => {
      end();
    },
  };
};

describe("writes held back until the network is quiet", () => {
  it("writes nothing while a fetch runs, and everything a quiet moment after the last one", async () => {
    const { writes, written, advance } = setup();
    const fetch = pendingTask();
    const running = writes.busyWith(fetch.task);
    writes.hold("a", bytes(10));
    writes.hold("b", bytes(10));
    await advance(quietBeforeWritingMs * 3);
    expect(written).toEqual([]);
    // Served from here meanwhile.
    expect(writes.get("a")?.byteLength).toBe(10);

    fetch.end();
    await running;
    await advance(quietBeforeWritingMs - 1);
    expect(written).toEqual([]);
    await advance(1);
    expect(written).toEqual(["a", "b"]);
    expect(writes.get("a")).toBeUndefined();
    expect(writes.get("b")).toBeUndefined();
  });

  it("waits again when the network gets busy before the quiet moment", async () => {
    const { writes, written, advance } = setup();
    await writes.busyWith(() => Promise.resolve());
    writes.hold("a", bytes(10));
    await advance(quietBeforeWritingMs / 2);
    await writes.busyWith(() => Promise.resolve());
    await advance(quietBeforeWritingMs / 2);
    expect(written).toEqual([]);
    await advance(quietBeforeWritingMs / 2);
    expect(written).toEqual(["a"]);
  });

  it("writes the oldest at once beyond the bound", async () => {
    const { writes, written, advance } = setup(25);
    const fetch = pendingTask();
    const running = writes.busyWith(fetch.task);
    writes.hold("a", bytes(10));
    writes.hold("b", bytes(10));
    writes.hold("c", bytes(10));
    expect(written).toEqual(["a"]);
    expect(writes.get("a")).toBeUndefined();
    expect(writes.get("c")?.byteLength).toBe(10);
    fetch.end();
    await running;
    await advance(quietBeforeWritingMs * 2);
    expect(written).toEqual(["a", "b", "c"]);
  });

  it("never writes what was forgotten or cleared", async () => {
    const { writes, written, advance } = setup();
    await writes.busyWith(() => Promise.resolve());
    writes.hold("bad", bytes(10));
    writes.hold("good", bytes(10));
    writes.forget("bad");
    await advance(quietBeforeWritingMs);
    expect(written).toEqual(["good"]);

    await writes.busyWith(() => Promise.resolve());
    writes.hold("after logout", bytes(10));
    writes.clear();
    await advance(quietBeforeWritingMs * 2);
    expect(written).toEqual(["good"]);
  });
});
