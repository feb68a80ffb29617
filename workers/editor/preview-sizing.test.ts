import { describe, expect, it } from "vitest";
import { settleMs } from "./preview-draft";
import { createPreviewSizing } from "./preview-sizing";

/** A sizing on a clock the test moves, its timers run by hand. */
const setup = () => {
  let clockMs = 1000;
  const timers: { atMs: number; callback: () => void; cancelled: boolean }[] = [];
  let redraws = 0;
  const sizing = createPreviewSizing(
    {
      nowMs: () => clockMs,
      setTimer: (callback, delayMs) => {
        const timer = { atMs: clockMs + delayMs, callback, cancelled: false };
        timers.push(timer);
        return () => {
          timer.cancelled = true;
        };
      },
      redraw: () => {
        redraws++;
      },
    },
    { widthPx: 1280, heightPx: 800 },
  );
  /** Moves the clock on, running the timers that come due. */
  const advance = (ms: number) => {
    clockMs += ms;
    for (const timer of timers) {
      if (!timer.cancelled && timer.atMs <= clockMs) {
        timer.cancelled = true;
        timer.callback();
      }
    }
  };
  return { sizing, advance, redraws: () => redraws };
};

describe("createPreviewSizing", () => {
  it("draws a single change at full size and asks for nothing after it", () => {
    const { sizing, advance, redraws } = setup();
    expect(sizing.frameSize()).toEqual({ widthPx: 1280, heightPx: 800, scale: 1 });
    advance(1000);
    expect(redraws()).toBe(0);
  });

  it("drafts the frames of a slow drag, then draws the last one again at full size", () => {
    const { sizing, advance, redraws } = setup();
    sizing.frameSize();
    // Frames 50 ms apart, as a full 1280×800 canvas on the CPU.
    const scales: number[] = [];
    for (let frame = 0; frame < 5; frame++) {
      advance(50);
      scales.push(sizing.frameSize().scale);
    }
    expect(scales[0]).toBeLessThan(1);
    expect(scales.every((scale) => scale < 1)).toBe(true);
    expect(redraws()).toBe(0);
    advance(settleMs);
    expect(redraws()).toBe(1);
    expect(sizing.frameSize()).toEqual({ widthPx: 1280, heightPx: 800, scale: 1 });
    advance(1000);
    expect(redraws()).toBe(1);
  });

  it("drafts the page's new size after a resize", () => {
    const { sizing, advance } = setup();
    sizing.frameSize();
    advance(60);
    const drafted = sizing.frameSize();
    sizing.setFullSize(640, 400);
    advance(60);
    const next = sizing.frameSize();
    expect(next.scale).toBeLessThanOrEqual(drafted.scale);
    expect(next.widthPx).toBe(Math.round(640 * next.scale));
    expect(next.heightPx).toBe(Math.round(400 * next.scale));
  });

  it("asks for no full-size frame once stopped", () => {
    const { sizing, advance, redraws } = setup();
    sizing.frameSize();
    advance(50);
    sizing.frameSize();
    sizing.stop();
    advance(settleMs * 2);
    expect(redraws()).toBe(0);
  });
});
