import { describe, expect, it } from "vitest";
import { serialSync } from "./serial-sync";

describe("serialSync", () => {
  it("runs one at a time, and calls made meanwhile share one more run", async () => {
    const releases: (() => void)[] = [];
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    const sync = serialSync(async () => {
      runs += 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      return runs;
    });
    const first = sync();
    const second = sync();
    const third = sync();
    expect(second).toBe(third);
    releases.shift()?.();
    await first;
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases.shift()?.();
    expect(await second).toBe(2);
    expect(runs).toBe(2);
    expect(mostAtOnce).toBe(1);
    await sync.idle();
  });

  it("runs again after a failed run", async () => {
    let calls = 0;
    const sync = serialSync(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error("down")) : Promise.resolve(calls);
    });
    const failing = sync();
    const next = sync();
    await expect(failing).rejects.toThrow("down");
    expect(await next).toBe(2);
  });
});
