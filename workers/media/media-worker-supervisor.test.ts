import { describe, expect, it } from "vitest";
import { MediaWorkerStoppedError, MediaWorkerTimeoutError } from "./media-worker-errors";
import { type MediaWorkerHandle, createMediaWorkerSupervisor } from "./media-worker-supervisor";
import { ManualClock, settle } from "./test-support/manual-clock";

/** A call the test answers by hand. */
interface Pending {
  worker: number;
  what: string;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

interface FakeRemote {
  work(what: string): Promise<string>;
}

/** Workers whose calls wait for the test, numbered from 1 in the order they start. */
const fakeWorkers = () => {
  const pending: Pending[] = [];
  const terminated: number[] = [];
  let started = 0;
  const start = (): MediaWorkerHandle<FakeRemote> => {
    const worker = ++started;
    return {
      remote: {
        work: (what) =>
          new Promise<string>((resolve, reject) => {
            pending.push({ worker, what, resolve, reject });
          }),
      },
      terminate: () => {
        terminated.push(worker);
      },
    };
  };
  const take = (what: string): Pending => {
    const index = pending.findIndex((call) => call.what === what);
    const [call] = index < 0 ? [] : pending.splice(index, 1);
    if (call === undefined) throw new Error(`${what} was not sent`);
    return call;
  };
  return { start, pending, terminated, take };
};

const startAllowanceMs = 1000;

const setUp = () => {
  const clock = new ManualClock();
  const workers = fakeWorkers();
  const timeouts: MediaWorkerTimeoutError[] = [];
  const supervisor = createMediaWorkerSupervisor<FakeRemote>({
    start: workers.start,
    timers: clock,
    startAllowanceMs,
    onTimeout: (error) => timeouts.push(error),
  });
  const call = (what: string, deadlineMs: number, priority?: "interactive" | "background") =>
    supervisor.call({ operation: what, deadlineMs, priority, run: (remote) => remote.work(what) });
  return { clock, workers, timeouts, supervisor, call };
};

/** The outcome of a promise that may reject, for assertions. */
const outcome = <T>(promise: Promise<T>) => {
  const seen: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => {
      seen.value = value;
      seen.settled = true;
    },
    (error: unknown) => {
      seen.error = error;
      seen.settled = true;
    },
  );
  return seen;
};

describe("the media worker supervisor", () => {
  it("starts no worker before the first call, then one for every call that answers", async () => {
    const { workers, supervisor, call } = setUp();
    expect(supervisor.startedCount).toBe(0);

    const first = call("a", 5000);
    workers.take("a").resolve("A");
    expect(await first).toBe("A");
    const second = call("b", 5000);
    await settle();
    workers.take("b").resolve("B");
    expect(await second).toBe("B");

    expect(supervisor.startedCount).toBe(1);
    expect(workers.terminated).toEqual([]);
  });

  it("sends one call at a time, in order", async () => {
    const { workers, call } = setUp();
    const a = outcome(call("a", 5000));
    const b = outcome(call("b", 5000));
    await settle();
    expect(workers.pending.map((p) => p.what)).toEqual(["a"]);
    workers.take("a").resolve("A");
    await settle();
    expect(a.value).toBe("A");
    expect(workers.pending.map((p) => p.what)).toEqual(["b"]);
    workers.take("b").resolve("B");
    await settle();
    expect(b.value).toBe("B");
  });

  it("sends interactive calls before the background calls queued", async () => {
    const { workers, call } = setUp();
    const order: string[] = [];
    const calls = [
      call("upload-1", 5000),
      call("upload-2", 5000),
      call("upload-3", 5000),
      call("viewer", 5000, "interactive"),
    ];
    for (let i = 0; i < calls.length; i++) {
      await settle();
      const [next] = workers.pending;
      if (next === undefined) throw new Error("nothing sent");
      order.push(next.what);
      workers.take(next.what).resolve(next.what);
    }
    await Promise.all(calls);
    // upload-1 was already running when the viewer's call came.
    expect(order).toEqual(["upload-1", "viewer", "upload-2", "upload-3"]);
  });

  it("rejects a hung call with MediaWorkerTimeoutError at its deadline, ends its worker, and serves the next call on a fresh one", async () => {
    const { clock, workers, timeouts, supervisor, call } = setUp();
    // A first call on a worker gets the start allowance on top of its deadline.
    const warmUp = call("warm-up", 5000);
    workers.take("warm-up").resolve("ok");
    await warmUp;

    const hung = outcome(call("thumbnail", 30_000));
    const queued = outcome(call("facts", 5000));
    await settle();
    clock.advance(29_999);
    await settle();
    expect(hung.settled).toBe(false);

    clock.advance(1);
    await settle();
    expect(hung.error).toBeInstanceOf(MediaWorkerTimeoutError);
    expect(hung.error).toMatchObject({
      operation: "thumbnail",
      deadlineMs: 30_000,
      key: "fileConversionFailed",
    });
    expect(timeouts).toHaveLength(1);
    expect(workers.terminated).toEqual([1]);

    // The call queued behind it went to a fresh worker, with the start allowance.
    expect(supervisor.startedCount).toBe(2);
    const facts = workers.take("facts");
    expect(facts.worker).toBe(2);
    clock.advance(5000 + startAllowanceMs - 1);
    facts.resolve("facts of a file");
    await settle();
    expect(queued.value).toBe("facts of a file");

    // The hung worker's answer, should it ever come, changes nothing.
    workers.take("thumbnail").resolve("too late");
    const later = call("later", 5000);
    await settle();
    workers.take("later").resolve("fine");
    expect(await later).toBe("fine");
    expect(supervisor.startedCount).toBe(2);
    expect(clock.pending).toBe(0);
  });

  it("gives a worker's first call the start allowance", async () => {
    const { clock, workers, call } = setUp();
    const first = outcome(call("first", 2000));
    await settle();
    clock.advance(2000 + startAllowanceMs - 1);
    await settle();
    expect(first.settled).toBe(false);
    clock.advance(1);
    await settle();
    expect(first.error).toMatchObject({ deadlineMs: 2000 + startAllowanceMs });
    expect(workers.terminated).toEqual([1]);
  });

  it("passes a call's own failure through and keeps the worker", async () => {
    const { workers, supervisor, call } = setUp();
    const failing = call("broken", 5000);
    const failure = new RangeError("canvas too large");
    workers.take("broken").reject(failure);
    await expect(failing).rejects.toBe(failure);
    const next = call("next", 5000);
    await settle();
    workers.take("next").resolve("ok");
    expect(await next).toBe("ok");
    expect(supervisor.startedCount).toBe(1);
    expect(workers.terminated).toEqual([]);
  });

  it("fails a call whose worker cannot start, and tries a new worker for the next", async () => {
    const clock = new ManualClock();
    let attempts = 0;
    const supervisor = createMediaWorkerSupervisor<FakeRemote>({
      start: () => {
        attempts += 1;
        if (attempts === 1) throw new Error("failed to load web worker");
        return { remote: { work: (what) => Promise.resolve(what) }, terminate: () => undefined };
      },
      timers: clock,
    });
    const call = (what: string) =>
      supervisor.call({ operation: what, deadlineMs: 1000, run: (remote) => remote.work(what) });
    await expect(call("first")).rejects.toThrow("failed to load web worker");
    expect(await call("second")).toBe("second");
    expect(clock.pending).toBe(0);
  });

  it("stops: the running and queued calls reject with MediaWorkerStoppedError, and a later call starts anew", async () => {
    const { clock, workers, supervisor, call } = setUp();
    const running = outcome(call("thumbnail", 30_000));
    const queued = outcome(call("facts", 5000));
    const viewer = outcome(call("displayImage", 5000, "interactive"));
    await settle();

    supervisor.stop();
    await settle();
    for (const stopped of [running, queued, viewer]) {
      expect(stopped.error).toBeInstanceOf(MediaWorkerStoppedError);
    }
    expect(running.error).toMatchObject({ operation: "thumbnail", key: "requestCanceled" });
    expect(workers.terminated).toEqual([1]);
    expect(clock.pending).toBe(0);

    const after = call("after", 5000);
    await settle();
    const sent = workers.take("after");
    expect(sent.worker).toBe(2);
    sent.resolve("ok");
    expect(await after).toBe("ok");
  });
});
