// Whether the browser can play a video, decided while it is shown: the
// `<video>` element either loads the video's metadata, fires `error`, or
// does neither within the probe timeout (spec §9: 1000 ms), which means the
// browser will not play it (spec §2, §8: 'video playback failed').

import { useEffect, useState } from "react";

/** Spec §9: the video playability probe times out after 1000 ms. */
export const videoPlaybackProbeTimeoutMs = 1000;

export type VideoPlayback = "probing" | "playable" | "failed";
export type VideoPlaybackEvent = "metadata" | "error" | "timeout";

/**
 * The playback state after `event`. A failure is final for the shown video
 * (its message and download stay put rather than flicker), and a timeout
 * only matters while still probing.
 */
export function nextVideoPlayback(state: VideoPlayback, event: VideoPlaybackEvent): VideoPlayback {
  if (state === "failed") return "failed";
  switch (event) {
    case "metadata":
      return "playable";
    case "error":
      return "failed";
    case "timeout":
      return state === "probing" ? "failed" : state;
  }
}

/**
 * The playback state of the video shown from `src`, with the two events of
 * its `<video>` element to report into; it restarts for every new `src`.
 */
export function useVideoPlayback(src: string | undefined): {
  playback: VideoPlayback;
  onLoadedMetadata: () => void;
  onError: () => void;
} {
  const [state, setState] = useState<{ src: string | undefined; playback: VideoPlayback }>({
    src,
    playback: "probing",
  });
  const playback = state.src === src ? state.playback : "probing";
  const report = (event: VideoPlaybackEvent) => {
    setState((current) => ({
      src,
      playback: nextVideoPlayback(current.src === src ? current.playback : "probing", event),
    }));
  };

  useEffect(() => {
    if (src === undefined) return;
    const timer = setTimeout(() => {
      setState((current) => ({
        src,
        playback: nextVideoPlayback(current.src === src ? current.playback : "probing", "timeout"),
      }));
    }, videoPlaybackProbeTimeoutMs);
    return () => {
      clearTimeout(timer);
    };
  }, [src]);

  return {
    playback,
    onLoadedMetadata: () => {
      report("metadata");
    },
    onError: () => {
      report("error");
    },
  };
}
