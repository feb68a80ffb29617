import { describe, expect, it } from "vitest";
import {
  followNativeScroll,
  jumpTo,
  maxNativeHeightPx,
  nativeHeight,
  needsReanchor,
  reanchor,
  scrollBy,
  scrollShift,
  type ScrollGeometry,
  type ScrollPosition,
} from "./scroll-mapping";

// 1,000,000 items in rows of 5 at 200 px, plus a header per day of 100 items.
const millionHeightPx = 200_000 * 200 + 10_000 * 48;
const huge: ScrollGeometry = { virtualHeightPx: millionHeightPx, viewportHeightPx: 900 };
const small: ScrollGeometry = { virtualHeightPx: 50_000, viewportHeightPx: 900 };
const virtualMax = millionHeightPx - 900;
const nativeMax = maxNativeHeightPx - 900;

/** What a browser does: it clamps scrollTop to the spacer. */
const clampNative = (value: number) => Math.min(Math.max(value, 0), nativeMax);

describe("the scroll mapping", () => {
  it("caps the spacer below the browsers' element height limits", () => {
    expect(nativeHeight(huge)).toBe(maxNativeHeightPx);
    expect(maxNativeHeightPx).toBeLessThan(17_895_697);
    expect(nativeHeight(small)).toBe(50_000);
  });

  it("is the identity when the grid fits under the cap", () => {
    let position: ScrollPosition = { nativeTop: 0, virtualTop: 0 };
    for (const native of [100, 5000, 49_100, 20_000, 0]) {
      position = followNativeScroll(small, position, native);
      expect(position.virtualTop).toBe(native);
    }
    expect(jumpTo(small, 12_345)).toEqual({ nativeTop: 12_345, virtualTop: 12_345 });
  });

  it.each([
    // native step from the middle: virtual step
    [1, 1],
    [-120, -120],
    [800, 800],
    [-1800, -1800],
  ])("moves a small step of %d px 1:1 (%d px)", (step, virtualStep) => {
    const start = jumpTo(huge, virtualMax / 2);
    const next = followNativeScroll(huge, start, start.nativeTop + step);
    expect(next.virtualTop - start.virtualTop).toBeCloseTo(virtualStep, 6);
    expect(scrollShift(next)).toBeCloseTo(scrollShift(start), 6);
  });

  it("maps a large step (scrollbar drag, End) proportionally", () => {
    const start = jumpTo(huge, 0);
    const next = followNativeScroll(huge, start, nativeMax / 2);
    expect(next.virtualTop).toBeCloseTo(virtualMax / 2, 3);
  });

  it("reaches the last row at the native end (the End key)", () => {
    const end = followNativeScroll(huge, { nativeTop: 0, virtualTop: 0 }, nativeMax);
    expect(end.virtualTop).toBe(virtualMax);
    expect(end.virtualTop + huge.viewportHeightPx).toBe(millionHeightPx);
  });

  it("reaches the last row by a jump (the scrubber)", () => {
    const end = jumpTo(huge, millionHeightPx);
    expect(end).toEqual({ nativeTop: nativeMax, virtualTop: virtualMax });
  });

  it("re-anchors after 1:1 steps without moving the content", () => {
    let position = jumpTo(huge, 1_000_000);
    for (let i = 0; i < 30; i++) {
      position = followNativeScroll(huge, position, position.nativeTop + 100);
    }
    expect(position.virtualTop).toBeCloseTo(1_003_000, 3);
    expect(needsReanchor(huge, position)).toBe(true);
    const anchored = reanchor(huge, position);
    expect(anchored.virtualTop).toBe(position.virtualTop);
    expect(needsReanchor(huge, anchored)).toBe(false);
  });

  it("reaches the very end of 1,000,000 items by wheel steps alone, without a jump", () => {
    // From 200,000 px before the end, wheel down 100 px at a time; re-anchor
    // after every 10 steps (the pauses between flings).
    let position = jumpTo(huge, virtualMax - 200_000);
    let largestStep = 0;
    for (let step = 1; step <= 20_000 && position.virtualTop < virtualMax; step++) {
      const before = position.virtualTop;
      position = followNativeScroll(huge, position, clampNative(position.nativeTop + 100));
      largestStep = Math.max(largestStep, position.virtualTop - before);
      if (step % 10 === 0) position = reanchor(huge, position);
    }
    expect(position.virtualTop).toBe(virtualMax);
    // Stretched near the end, never more than a few screens at once.
    expect(largestStep).toBeLessThan(4 * huge.viewportHeightPx);
  });

  it("reaches the top again the same way", () => {
    let position = jumpTo(huge, 150_000);
    for (let step = 1; step <= 20_000 && position.virtualTop > 0; step++) {
      position = followNativeScroll(huge, position, clampNative(position.nativeTop - 100));
      if (step % 10 === 0) position = reanchor(huge, position);
    }
    expect(position.virtualTop).toBe(0);
  });

  it("scrolls by a small amount 1:1 and jumps when the native range has no room", () => {
    const middle = jumpTo(huge, virtualMax / 2);
    const moved = scrollBy(huge, middle, 300);
    expect(moved.virtualTop - middle.virtualTop).toBe(300);
    expect(moved.nativeTop - middle.nativeTop).toBe(300);
    const nearEnd = { nativeTop: nativeMax - 10, virtualTop: virtualMax - 5000 };
    const jumped = scrollBy(huge, nearEnd, 1000);
    expect(jumped.virtualTop).toBe(virtualMax - 4000);
    expect(jumped.nativeTop).toBeLessThanOrEqual(nativeMax);
  });
});
