// The preview's frames: requests coalesced into animation frames, the latest
// request winning. Pure over an injected frame scheduler.
//
// [Note: The preview draws the latest spec once a frame]
//
// A slider sends a spec per input event, often several per frame. Each
// request replaces the one waiting (which answers "superseded"), and one
// animation frame is asked for at a time: its callback draws whatever spec
// is latest then. No frame is ever queued behind another, so the preview
// lags the slider by at most one frame, however slow the GPU is.

import type { PreviewFrameOutcome } from "./editor-contract";

export interface PreviewFrames<Spec> {
  /** Draws `spec` at the next frame, unless a later request replaces it first; rejects when the draw throws. */
  request(spec: Spec): Promise<PreviewFrameOutcome>;
  /** Draws the last drawn (or waiting) spec again at the next frame: after a resize. */
  redraw(): void;
  /** Stops: the waiting request answers "superseded" and no frame is drawn again. */
  stop(): void;
}

export interface PreviewFramesDeps<Spec> {
  /** Calls back once at the next animation frame (requestAnimationFrame). */
  requestFrame: (callback: () => void) => void;
  /** Draws `spec`; answers the canvas's scale it drew at (1: full size). */
  draw: (spec: Spec) => number;
  nowMs: () => number;
}

export const createPreviewFrames = <Spec>({
  requestFrame,
  draw,
  nowMs,
}: PreviewFramesDeps<Spec>): PreviewFrames<Spec> => {
  let waiting:
    | { spec: Spec; answer: (outcome: PreviewFrameOutcome) => void; fail: (error: unknown) => void }
    | undefined;
  let lastDrawn: Spec | undefined;
  let frameAsked = false;
  let stopped = false;

  const onFrame = () => {
    frameAsked = false;
    if (stopped || waiting === undefined) return;
    const { spec, answer, fail } = waiting;
    waiting = undefined;
    const startMs = nowMs();
    let canvasScale: number;
    try {
      canvasScale = draw(spec);
    } catch (error) {
      fail(error);
      return;
    }
    lastDrawn = spec;
    const drawnAtMs = nowMs();
    answer({ kind: "drawn", drawnAtMs, drawMs: drawnAtMs - startMs, canvasScale });
  };

  const askFrame = () => {
    if (frameAsked || stopped) return;
    frameAsked = true;
    requestFrame(onFrame);
  };

  return {
    request: (spec) =>
      new Promise((resolve, reject) => {
        if (stopped) {
          resolve({ kind: "superseded" });
          return;
        }
        waiting?.answer({ kind: "superseded" });
        waiting = { spec, answer: resolve, fail: reject };
        askFrame();
      }),
    redraw: () => {
      if (waiting === undefined && lastDrawn !== undefined) {
        waiting = { spec: lastDrawn, answer: () => undefined, fail: () => undefined };
      }
      askFrame();
    },
    stop: () => {
      stopped = true;
      waiting?.answer({ kind: "superseded" });
      waiting = undefined;
    },
  };
};
