import { describe, expect, it } from "vitest";
import { FlingDetector, flingViewportsPerSecond } from "./fling";

const viewportPx = 900;
const frameMs = 16;

/** Feeds moves of `stepPx` every `everyMs` and answers what the detector said each time. */
const feed = (steps: readonly { stepPx: number; everyMs: number }[]) => {
  const detector = new FlingDetector();
  let topPx = 0;
  let nowMs = 1000;
  const answers = [detector.moved(topPx, nowMs, viewportPx)];
  for (const { stepPx, everyMs } of steps) {
    topPx += stepPx;
    nowMs += everyMs;
    answers.push(detector.moved(topPx, nowMs, viewportPx));
  }
  return answers;
};

describe("the fling detector", () => {
  it("holds after two fast moves in a row, a screen per frame", () => {
    expect(
      feed(Array.from({ length: 4 }, () => ({ stepPx: viewportPx, everyMs: frameMs }))),
    ).toEqual([false, false, true, true, true]);
  });

  it("does not hold a single jump, however far", () => {
    expect(
      feed([
        { stepPx: 500 * viewportPx, everyMs: frameMs },
        { stepPx: 0, everyMs: 500 },
      ]),
    ).toEqual([false, false, false]);
  });

  it("does not hold two clicks on the scrubber, however far apart their dates", () => {
    expect(
      feed([
        { stepPx: 300 * viewportPx, everyMs: 250 },
        { stepPx: -200 * viewportPx, everyMs: 250 },
        { stepPx: 400 * viewportPx, everyMs: 150 },
      ]).some(Boolean),
    ).toBe(false);
  });

  it("does not hold a wheel scroll at reading speed", () => {
    // 100 px notches, ten a second: about one screen a second.
    expect(
      feed(Array.from({ length: 20 }, () => ({ stepPx: 100, everyMs: 100 }))).some(Boolean),
    ).toBe(false);
  });

  it("counts upward flings too and lets go when the view slows down", () => {
    const fastStepPx = ((flingViewportsPerSecond + 1) * viewportPx * frameMs) / 1000;
    expect(
      feed([
        { stepPx: -fastStepPx, everyMs: frameMs },
        { stepPx: -fastStepPx, everyMs: frameMs },
        { stepPx: -10, everyMs: frameMs },
      ]),
    ).toEqual([false, false, true, false]);
  });
});
