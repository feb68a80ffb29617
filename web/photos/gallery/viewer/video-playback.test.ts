// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  nextVideoPlayback,
  useVideoPlayback,
  type VideoPlayback,
  type VideoPlaybackEvent,
} from "./video-playback";

afterEach(() => {
  vi.useRealTimers();
});

describe("nextVideoPlayback", () => {
  it.each<[VideoPlayback, VideoPlaybackEvent, VideoPlayback]>([
    ["probing", "metadata", "playable"],
    ["probing", "error", "failed"],
    ["probing", "timeout", "failed"],
    ["playable", "timeout", "playable"],
    ["playable", "error", "failed"],
    ["playable", "metadata", "playable"],
    ["failed", "metadata", "failed"],
    ["failed", "timeout", "failed"],
  ])("%s + %s → %s", (state, event, expected) => {
    expect(nextVideoPlayback(state, event)).toBe(expected);
  });
});

describe("useVideoPlayback", () => {
  it("fails a video that neither loads nor errors within 1000 ms", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useVideoPlayback("blob:video"));
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current.playback).toBe("probing");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.playback).toBe("failed");
  });

  it("keeps a video playable once its metadata loaded", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useVideoPlayback("blob:video"));
    act(() => {
      result.current.onLoadedMetadata();
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.playback).toBe("playable");
  });

  it("probes a new video afresh", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ src }) => useVideoPlayback(src), {
      initialProps: { src: "blob:first" },
    });
    act(() => {
      result.current.onError();
    });
    expect(result.current.playback).toBe("failed");
    rerender({ src: "blob:second" });
    expect(result.current.playback).toBe("probing");
  });
});
