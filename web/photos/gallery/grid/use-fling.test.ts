// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flingHoldMs } from "./fling";
import { useFling } from "./use-fling";

/** A view whose moves the test drives, one listener call per frame. */
function fakeScroll() {
  let virtualTop = 0;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    position: () => ({ nativeTop: virtualTop, virtualTop }),
    /** Moves the view to `top` one frame (16 ms) later. */
    frameTo(top: number) {
      vi.advanceTimersByTime(16);
      virtualTop = top;
      for (const listener of listeners) listener();
    },
  };
}

describe("useFling", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is true while the view moves screens a frame, holds thumbnails, and ends after the hold", () => {
    const scroll = fakeScroll();
    const thumbnails = { holdRequests: vi.fn() };
    const { result } = renderHook(() => useFling(scroll, thumbnails, 800));
    act(() => {
      scroll.frameTo(800);
    });
    // One fast move is a jump, not a fling.
    expect(result.current).toBe(false);
    act(() => {
      scroll.frameTo(1600);
      scroll.frameTo(2400);
    });
    expect(result.current).toBe(true);
    expect(thumbnails.holdRequests).toHaveBeenCalledWith(flingHoldMs);
    act(() => {
      vi.advanceTimersByTime(60);
      scroll.frameTo(3200);
    });
    // The hold counts from the last fast move.
    act(() => {
      vi.advanceTimersByTime(flingHoldMs - 20);
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(40);
    });
    expect(result.current).toBe(false);
  });

  it("is false for a reading-speed scroll", () => {
    const scroll = fakeScroll();
    const thumbnails = { holdRequests: vi.fn() };
    const { result } = renderHook(() => useFling(scroll, thumbnails, 800));
    act(() => {
      for (let frame = 1; frame <= 30; frame++) scroll.frameTo(frame * 20);
    });
    expect(result.current).toBe(false);
    expect(thumbnails.holdRequests).not.toHaveBeenCalled();
  });
});
