// The preview canvas's size at each frame: the size the page asked for, or a
// draft of it while a drag streams specs in, and the full-size frame drawn
// again once the drag stops. See: [Note: The preview drafts while a slider moves]

import {
  type PreviewDraft,
  draftAfterFrame,
  draftCanvasPx,
  fullSizeDraft,
  settleMs,
  streamGapMs,
} from "./preview-draft";

export interface FrameCanvasSize {
  widthPx: number;
  heightPx: number;
  /** The sides' share of the full size: 1, or less for a drafted frame. */
  scale: number;
}

export interface PreviewSizing {
  /** The size the page asked for, in device pixels. */
  setFullSize(widthPx: number, heightPx: number): void;
  /** Called as a frame is drawn: the canvas size to draw it at. */
  frameSize(): FrameCanvasSize;
  /** No full-size frame is asked for any more (the photo closed). */
  stop(): void;
}

export interface PreviewSizingDeps {
  nowMs: () => number;
  /** Calls back once after `delayMs`; answers a cancel. */
  setTimer: (callback: () => void, delayMs: number) => () => void;
  /** Asks for the last spec to be drawn again at the next frame. */
  redraw: () => void;
}

export const createPreviewSizing = (
  { nowMs, setTimer, redraw }: PreviewSizingDeps,
  initial: { widthPx: number; heightPx: number },
): PreviewSizing => {
  let full = initial;
  let draft: PreviewDraft = fullSizeDraft;
  let lastFrameAtMs = -Infinity;
  let cancelSettle: (() => void) | undefined;

  return {
    setFullSize: (widthPx, heightPx) => {
      full = {
        widthPx: Math.max(1, Math.round(widthPx)),
        heightPx: Math.max(1, Math.round(heightPx)),
      };
    },
    frameSize: () => {
      const frameAtMs = nowMs();
      const intervalMs = frameAtMs - lastFrameAtMs;
      const dragging = intervalMs < streamGapMs;
      if (dragging) draft = draftAfterFrame(draft, intervalMs);
      lastFrameAtMs = frameAtMs;
      const scale = dragging ? draft.scale : 1;
      cancelSettle?.();
      cancelSettle =
        scale < 1
          ? setTimer(() => {
              cancelSettle = undefined;
              redraw();
            }, settleMs)
          : undefined;
      return {
        widthPx: draftCanvasPx(full.widthPx, scale),
        heightPx: draftCanvasPx(full.heightPx, scale),
        scale,
      };
    },
    stop: () => {
      cancelSettle?.();
      cancelSettle = undefined;
    },
  };
};
