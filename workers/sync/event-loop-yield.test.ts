import { describe, expect, it } from "vitest";
import { eventLoopPacer, yieldToEventLoop } from "./event-loop-yield";

/** Resolves when a task queued now (a message on its own channel) has run. */
const queuedTask = (ran: string[], name: string) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    port1.close();
    ran.push(name);
  };
  port2.postMessage(null);
};

describe("yieldToEventLoop", () => {
  it("lets a task queued before it run first", async () => {
    const ran: string[] = [];
    queuedTask(ran, "queued task");
    await yieldToEventLoop();
    ran.push("after the yield");
    expect(ran).toEqual(["queued task", "after the yield"]);
  });
});

describe("eventLoopPacer", () => {
  it("gives the event loop a turn only once a slice has passed, then starts a new slice", async () => {
    let nowMs = 0;
    const maybeYield = eventLoopPacer(16, () => nowMs);
    const ran: string[] = [];

    queuedTask(ran, "first");
    nowMs = 10;
    await maybeYield();
    expect(ran).toEqual([]); // 10 ms into the slice: no turn

    nowMs = 16;
    await maybeYield();
    expect(ran).toEqual(["first"]); // the slice is over: the queued task ran

    queuedTask(ran, "second");
    nowMs = 31;
    await maybeYield();
    expect(ran).toEqual(["first"]); // a new slice began at 16 ms

    nowMs = 32;
    await maybeYield();
    expect(ran).toEqual(["first", "second"]);
  });
});
