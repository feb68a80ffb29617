import { describe, expect, it } from "vitest";
import { PinchZoom, WheelZoom, wheelIdleMs, wheelStepPx } from "./zoom-gesture";

describe("ctrl+wheel zoom", () => {
  it("steps once per mouse-wheel notch: up zooms in, down zooms out", () => {
    const wheel = new WheelZoom();
    expect(wheel.step(-100, 0)).toBe(1);
    expect(wheel.step(-100, 50)).toBe(1);
    expect(wheel.step(100, 100)).toBe(-1);
  });

  it("adds up a trackpad pinch's small deltas into one step", () => {
    const wheel = new WheelZoom();
    const steps = Array.from({ length: 10 }, (_, i) => wheel.step(-8, i * 16));
    expect(steps.filter((step) => step !== 0)).toEqual([1]);
  });

  it("starts afresh after a pause and when the direction turns", () => {
    const wheel = new WheelZoom();
    expect(wheel.step(-(wheelStepPx - 1), 0)).toBe(0);
    expect(wheel.step(-10, wheelIdleMs + 1)).toBe(0);
    expect(wheel.step(wheelStepPx - 1, wheelIdleMs + 2)).toBe(0);
  });
});

describe("two-finger pinch zoom", () => {
  it("steps in as the fingers spread and out as they close, from where the last step was", () => {
    const pinch = new PinchZoom();
    pinch.start(100);
    expect(pinch.move(120)).toBe(0);
    expect(pinch.move(135)).toBe(1);
    expect(pinch.move(150)).toBe(0);
    expect(pinch.move(100)).toBe(-1);
    pinch.end();
    expect(pinch.move(400)).toBe(0);
  });
});
