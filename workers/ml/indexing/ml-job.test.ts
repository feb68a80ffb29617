import { describe, expect, it } from "vitest";
import {
  type MLJobEvent,
  type MLJobState,
  createMLJob,
  initialMLJobState,
  mlJobBaseIntervalMs,
  mlJobMaxIntervalMs,
  nextMLJobStep,
} from "./ml-job";

const run = (events: MLJobEvent[], state: MLJobState = initialMLJobState(true)) => {
  const steps = [];
  let current = state;
  for (const event of events) {
    const step = nextMLJobStep(current, event);
    steps.push(step);
    current = step.state;
  }
  return { steps, state: current };
};

describe("the indexing job's rules", () => {
  it("runs at once on a request, then 5 s after a run that did work", () => {
    const { steps, state } = run([
      { kind: "request" },
      { kind: "run-finished", outcome: "did-work" },
    ]);
    expect(steps[0]?.startRun).toBe(true);
    expect(steps[1]?.armTimerMs).toBe(mlJobBaseIntervalMs);
    expect(state.phase).toBe("scheduled");
  });

  it("doubles the wait after failures or idle runs, up to 960 s, and a request resets it", () => {
    const waits: number[] = [];
    let state = run([{ kind: "request" }]).state;
    for (let index = 0; index < 10; index++) {
      const finished = nextMLJobStep(state, {
        kind: "run-finished",
        outcome: index % 2 === 0 ? "failed" : "nothing-to-do",
      });
      waits.push(finished.armTimerMs ?? -1);
      state = nextMLJobStep(finished.state, { kind: "timer" }).state;
    }
    expect(waits).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 960_000, 960_000, 960_000,
    ]);
    expect(Math.max(...waits)).toBe(mlJobMaxIntervalMs);
    const requested = nextMLJobStep(
      nextMLJobStep(state, { kind: "run-finished", outcome: "failed" }).state,
      { kind: "request" },
    );
    expect(requested.startRun).toBe(true);
    expect(requested.state.intervalMs).toBe(mlJobBaseIntervalMs);
  });

  it("waits without a timer after a run that gave way to an upload, until asked again", () => {
    const { steps, state } = run([
      { kind: "request" },
      { kind: "request" },
      { kind: "run-finished", outcome: "paused" },
    ]);
    expect(steps[2]?.armTimerMs).toBeUndefined();
    expect(steps[2]?.startRun).toBeUndefined();
    expect(state.phase).toBe("not-scheduled");
    expect(nextMLJobStep(state, { kind: "request" }).startRun).toBe(true);
  });

  it("runs once more after a run that was asked for again meanwhile", () => {
    const { steps, state } = run([
      { kind: "request" },
      { kind: "request" },
      { kind: "request" },
      { kind: "run-finished", outcome: "nothing-to-do" },
      { kind: "run-finished", outcome: "nothing-to-do" },
    ]);
    expect(steps.filter((step) => step.startRun === true)).toHaveLength(2);
    expect(state.phase).toBe("scheduled");
  });

  it("is skipped offline and runs when back online", () => {
    const { steps, state } = run(
      [{ kind: "request" }, { kind: "timer" }, { kind: "online" }],
      initialMLJobState(false),
    );
    expect(steps[0]?.startRun).toBeUndefined();
    expect(steps[1]?.startRun).toBeUndefined();
    expect(steps[2]?.startRun).toBe(true);
    expect(state.phase).toBe("running");
  });

  it("drops its timer when going offline, and runs nothing after a stop", () => {
    const scheduled = run([{ kind: "request" }, { kind: "run-finished", outcome: "did-work" }]);
    const offline = nextMLJobStep(scheduled.state, { kind: "offline" });
    expect(offline.disarmTimer).toBe(true);
    expect(offline.state.phase).toBe("not-scheduled");
    const stopped = nextMLJobStep(scheduled.state, { kind: "stop" });
    expect(stopped.disarmTimer).toBe(true);
    expect(stopped.state.phase).toBe("not-scheduled");
  });
});

describe("the indexing job", () => {
  it("runs one run at a time with its timers, and stops for good", async () => {
    const timers: { callback: () => void; delayMs: number }[] = [];
    let finish: (outcome: "did-work" | "nothing-to-do") => void = () => undefined;
    let runs = 0;
    const job = createMLJob({
      run: () =>
        new Promise((resolve) => {
          runs += 1;
          finish = resolve;
        }),
      timers: {
        setTimeout: (callback, delayMs) => timers.push({ callback, delayMs }),
        clearTimeout: () => undefined,
      },
      online: true,
      onError: () => undefined,
    });
    job.request();
    job.request();
    expect(runs).toBe(1);
    finish("did-work");
    await Promise.resolve();
    await Promise.resolve();
    expect(runs).toBe(2);
    finish("did-work");
    await Promise.resolve();
    await Promise.resolve();
    expect(job.phase()).toBe("scheduled");
    expect(timers.at(-1)?.delayMs).toBe(mlJobBaseIntervalMs);
    job.stop();
    timers.at(-1)?.callback();
    expect(runs).toBe(2);
  });
});
