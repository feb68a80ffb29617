import { describe, expect, it } from "vitest";
import {
  type PreviewDraft,
  draftAfterFrame,
  draftCanvasPx,
  fullSizeDraft,
  minDraftScale,
  lateFrameMs,
  onTimeFramesToGrow,
  targetFrameMs,
} from "./preview-draft";

const draft = (
  scale: number,
  onTimeFrames = 0,
  framesToGrow = onTimeFramesToGrow,
  probing = false,
): PreviewDraft => ({ scale, onTimeFrames, framesToGrow, probing });

describe("draftAfterFrame", () => {
  it.each([
    ["a smooth frame at full size stays at full size", draft(1), 16.7, draft(1, 1)],
    ["a frame three times too slow: sides shrink by √3", draft(1), 50, draft(0.6)],
    [
      "a frame ten times too slow shrinks by half at most",
      draft(1),
      10 * targetFrameMs,
      draft(0.5),
    ],
    ["a late frame ends the run of frames on time", draft(0.6, 5), 40, draft(0.4)],
    [
      "a frame a screen frame late shrinks by the root of the overshoot",
      draft(0.6),
      26,
      draft(0.5),
    ],
    ["a frame a little over 60 Hz is on time", draft(0.6, 2), 17.5, draft(0.6, 3)],
    ["a frame just late shrinks a step at least", draft(0.6), 18.5, draft(0.55)],
    [
      "a probe that made a frame late is taken back, and the next waits twice as long",
      draft(0.6, 0, 12, true),
      33.4,
      draft(0.55, 0, 24),
    ],
    ["an on-time frame counts", draft(0.5, 3), 16.7, draft(0.5, 4)],
    [
      "enough frames on time in a row grow the sides a step",
      draft(0.5, onTimeFramesToGrow - 1),
      16.7,
      draft(0.55, 0, onTimeFramesToGrow, true),
    ],
    [
      "growing stops at full size",
      draft(0.95, onTimeFramesToGrow - 1),
      16.7,
      draft(1, 0, onTimeFramesToGrow, true),
    ],
    ["shrinking stops at the smallest scale", draft(minDraftScale), 200, draft(minDraftScale)],
    ["no interval (the first frame) changes nothing", draft(0.6, 2), 0, draft(0.6, 2)],
  ])("%s", (_, before, intervalMs, expected) => {
    const after = draftAfterFrame(before, intervalMs);
    expect({ ...after, scale: Math.round(after.scale * 100) / 100 }).toEqual(expected);
  });

  it("keeps frames on time on a renderer whose cost goes with the area, as large as it can", () => {
    // 50 ms for a full canvas, as SwiftShader draws 1280×800; frames come at 60 Hz at best.
    const intervalAt = (scale: number) => Math.max(16.7, 50 * scale * scale);
    let state = fullSizeDraft;
    const intervals: number[] = [];
    for (let frame = 0; frame < 240; frame++) {
      const intervalMs = intervalAt(state.scale);
      intervals.push(intervalMs);
      state = draftAfterFrame(state, intervalMs);
    }
    const late = intervals.slice(20).filter((ms) => ms > lateFrameMs).length;
    expect(late / intervals.slice(20).length).toBeLessThan(0.05);
    expect(state.scale).toBeGreaterThanOrEqual(0.5);
  });
});

describe("draftCanvasPx", () => {
  it.each([
    [1280, 1, 1280],
    [1280, 0.6, 768],
    [801, 0.5, 401],
    [1, 0.3, 1],
  ])("%i px at %f → %i px", (fullPx, scale, expected) => {
    expect(draftCanvasPx(fullPx, scale)).toBe(expected);
  });
});
