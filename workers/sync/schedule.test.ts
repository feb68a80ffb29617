import { describe, expect, it } from "vitest";
import { manualTimers } from "./test-support/manual-clock";
import {
  type SchedulerEvent,
  type SchedulerState,
  type SyncReason,
  createSyncScheduler,
  nextSchedulerStep,
} from "./schedule";

const idle: SchedulerState = {
  online: true,
  running: false,
  rerun: false,
  waitingForOnline: false,
};

describe("nextSchedulerStep", () => {
  it.each<{
    name: string;
    state: Partial<SchedulerState>;
    event: SchedulerEvent;
    next: Partial<SchedulerState>;
    startRun?: SyncReason;
  }>([
    {
      name: "a request while idle and online runs at once",
      state: {},
      event: { kind: "request", reason: "focus" },
      next: { running: true },
      startRun: "focus",
    },
    {
      name: "a request during a run sets the re-run flag",
      state: { running: true },
      event: { kind: "request", reason: "local-change" },
      next: { running: true, rerun: true },
    },
    {
      name: "a second request during a run changes nothing more",
      state: { running: true, rerun: true },
      event: { kind: "request", reason: "focus" },
      next: { running: true, rerun: true },
    },
    {
      name: "a request while offline waits for online",
      state: { online: false },
      event: { kind: "request", reason: "interval" },
      next: { online: false, waitingForOnline: true },
    },
    {
      name: "a run ending without re-run goes idle",
      state: { running: true },
      event: { kind: "run-finished" },
      next: {},
    },
    {
      name: "a run ending with re-run runs once more",
      state: { running: true, rerun: true },
      event: { kind: "run-finished" },
      next: { running: true },
      startRun: "rerun",
    },
    {
      name: "a re-run due while offline waits for online",
      state: { running: true, rerun: true, online: false },
      event: { kind: "run-finished" },
      next: { online: false, waitingForOnline: true },
    },
    {
      name: "coming online runs a waiting request",
      state: { online: false, waitingForOnline: true },
      event: { kind: "online" },
      next: { running: true },
      startRun: "online",
    },
    {
      name: "coming online with nothing waiting does not run",
      state: { online: false },
      event: { kind: "online" },
      next: {},
    },
    {
      name: "going offline during a run lets the run finish",
      state: { running: true },
      event: { kind: "offline" },
      next: { running: true, online: false },
    },
  ])("$name", ({ state, event, next, startRun }) => {
    const step = nextSchedulerStep({ ...idle, ...state }, event);
    expect(step.state).toEqual({ ...idle, ...next });
    expect(step.startRun).toBe(startRun);
  });
});

/** A run that the test finishes by hand. */
const controlledRuns = () => {
  const runs: { reason: SyncReason; finish: (outcome: string) => void }[] = [];
  return {
    runs,
    run: (reason: SyncReason) =>
      new Promise<string>((resolve) => {
        runs.push({ reason, finish: resolve });
      }),
  };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createSyncScheduler", () => {
  it("runs one at a time and once more for requests made during a run", async () => {
    const clock = manualTimers();
    const { runs, run } = controlledRuns();
    const scheduler = createSyncScheduler({ run, timers: clock.timers, online: true });
    const first = scheduler.request("start");
    const during = [scheduler.request("focus"), scheduler.request("local-change")];
    expect(runs.map((r) => r.reason)).toEqual(["start"]);
    runs[0]?.finish("one");
    await expect(first).resolves.toBe("one");
    await flush();
    expect(runs.map((r) => r.reason)).toEqual(["start", "rerun"]);
    runs[1]?.finish("two");
    await expect(Promise.all(during)).resolves.toEqual(["two", "two"]);
    await flush();
    expect(runs).toHaveLength(2);
  });

  it("syncs periodically, counting from the end of the last run", async () => {
    const clock = manualTimers();
    const { runs, run } = controlledRuns();
    createSyncScheduler({ run, timers: clock.timers, online: true, intervalMs: 1000 });
    clock.advance(999);
    expect(runs).toHaveLength(0);
    clock.advance(1);
    expect(runs.map((r) => r.reason)).toEqual(["interval"]);
    clock.advance(5000);
    expect(runs).toHaveLength(1);
    runs[0]?.finish("done");
    await flush();
    clock.advance(999);
    expect(runs).toHaveLength(1);
    clock.advance(1);
    expect(runs.map((r) => r.reason)).toEqual(["interval", "interval"]);
  });

  it("holds requests while offline and runs them once online", async () => {
    const clock = manualTimers();
    const { runs, run } = controlledRuns();
    const scheduler = createSyncScheduler({ run, timers: clock.timers, online: false });
    const waiting = scheduler.request("focus");
    clock.advance(10 * 60_000);
    expect(runs).toHaveLength(0);
    scheduler.setOnline(true);
    expect(runs.map((r) => r.reason)).toEqual(["online"]);
    runs[0]?.finish("back");
    await expect(waiting).resolves.toBe("back");
  });

  it("rejects waiting requests when stopped, and stops its timer", async () => {
    const clock = manualTimers();
    const { runs, run } = controlledRuns();
    const scheduler = createSyncScheduler({ run, timers: clock.timers, online: false });
    const waiting = scheduler.request("focus");
    scheduler.stop(new Error("stopped"));
    await expect(waiting).rejects.toThrow("stopped");
    expect(clock.pendingCount).toBe(0);
    scheduler.setOnline(true);
    expect(runs).toHaveLength(0);
    await expect(scheduler.request("focus")).rejects.toThrow();
  });
});
