import { describe, expect, it } from "vitest";
import { HiddenLock, hiddenStaysOpenMs, type LockTimers } from "./hidden-lock";

/** Timers the test moves by hand. */
const manualTimers = () => {
  let nowMs = 0;
  const pending = new Map<number, { atMs: number; run: () => void }>();
  let nextHandle = 1;
  const timers: LockTimers = {
    setTimeout: (run, delayMs) => {
      const handle = nextHandle++;
      pending.set(handle, { atMs: nowMs + delayMs, run });
      return handle;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    nowMs += ms;
    for (const [handle, timer] of [...pending]) {
      if (timer.atMs <= nowMs) {
        pending.delete(handle);
        timer.run();
      }
    }
  };
  return { timers, advance };
};

describe("the hidden section's lock", () => {
  it("starts locked, opens with the password and stays open while the person is in it", () => {
    const { timers, advance } = manualTimers();
    const lock = new HiddenLock(timers);
    expect(lock.isOpen()).toBe(false);
    lock.inSection(true);
    expect(lock.isOpen()).toBe(false);
    lock.opened();
    advance(hiddenStaysOpenMs * 3);
    expect(lock.isOpen()).toBe(true);
  });

  it("locks again a few minutes after the person leaves, not sooner; coming back in time keeps it open", () => {
    const { timers, advance } = manualTimers();
    const lock = new HiddenLock(timers);
    const changes: boolean[] = [];
    lock.subscribe(() => changes.push(lock.isOpen()));
    lock.inSection(true);
    lock.opened();
    lock.inSection(false);
    advance(hiddenStaysOpenMs - 1);
    expect(lock.isOpen()).toBe(true);
    lock.inSection(true);
    advance(hiddenStaysOpenMs * 2);
    expect(lock.isOpen()).toBe(true);
    lock.inSection(false);
    advance(hiddenStaysOpenMs);
    expect(lock.isOpen()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("locks at once when asked (leaving the gallery), and a password given from outside the section still times out", () => {
    const { timers, advance } = manualTimers();
    const lock = new HiddenLock(timers);
    lock.inSection(true);
    lock.opened();
    lock.lock();
    expect(lock.isOpen()).toBe(false);
    lock.opened();
    advance(hiddenStaysOpenMs);
    expect(lock.isOpen()).toBe(false);
  });
});
