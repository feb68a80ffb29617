// How many of the preview canvas's pixels a frame draws while a slider or a
// handle moves. Pure.
//
// [Note: The preview drafts while a slider moves]
//
// A frame costs in proportion to the canvas's pixels. On a GPU a 1280×800
// canvas takes a millisecond or two; with WebGL on the CPU (SwiftShader,
// where Chromium has no GPU) it takes about 50 ms, three frames, and a
// slider would move in jumps. So while specs stream in (a frame follows the
// last one within `streamGapMs`), the renderer measures the interval between
// its frames and draws into a smaller canvas when one comes later than
// `lateFrameMs` (a frame a little over 16.7 ms is the clock's jitter, not
// the canvas's cost). The scale of its sides then falls by the square root
// of the overshoot (the cost goes with the area), a step at least; after a
// run of frames on time it grows back by a step. Frames never come faster
// than the screen's rate, so growing is a probe: a step too far costs one
// late frame, is taken back, and the next probe waits twice as long. The
// page's stylesheet stretches the canvas over its box, so a drafted frame
// shows at the same place, softer. Once the stream stops for `settleMs`,
// the last spec is drawn again at full size. A single change (a quarter
// turn, a filter picked) is never drafted. The scale learned is kept for
// the next drag; on a GPU it stays at 1.

/** One frame at 60 Hz: what a frame's cost is scaled towards. */
export const targetFrameMs = 1000 / 60;
/**
 * Later than this, a frame is late: the jitter of a 60 Hz clock stays under
 * it, a missed screen frame does not.
 */
export const lateFrameMs = 18;
/** Frames closer than this belong to one drag. */
export const streamGapMs = 100;
/** How long after the last drafted frame the full-size frame is drawn. */
export const settleMs = 150;
/** The smallest scale of the sides: a 1280×800 canvas drafts at 384×240 at least. */
export const minDraftScale = 0.3;

/** Scales are kept to these steps, so that a canvas is not resized at every frame. */
const scaleStep = 0.05;
const quantized = (scale: number) => Math.round(scale / scaleStep) * scaleStep;

/** On-time frames in a row after which the draft first grows a step. */
export const onTimeFramesToGrow = 12;
/** The longest wait between two probes (about eight seconds at 60 Hz). */
const maxOnTimeFramesToGrow = 480;

export interface PreviewDraft {
  /** The canvas's sides as a share of their full size, `minDraftScale`..1. */
  scale: number;
  /** Frames in a row on time since the last change of scale. */
  onTimeFrames: number;
  /** How many of those make it grow a step. */
  framesToGrow: number;
  /** Whether the last change was a step up (a probe). */
  probing: boolean;
}

export const fullSizeDraft: PreviewDraft = {
  scale: 1,
  onTimeFrames: 0,
  framesToGrow: onTimeFramesToGrow,
  probing: false,
};

const within = (scale: number) => Math.min(1, Math.max(minDraftScale, quantized(scale)));

/**
 * The draft after a frame that came `frameIntervalMs` after the one before
 * it in a drag. See: [Note: The preview drafts while a slider moves]
 */
export const draftAfterFrame = (draft: PreviewDraft, frameIntervalMs: number): PreviewDraft => {
  if (!(frameIntervalMs > 0)) return draft;
  if (frameIntervalMs > lateFrameMs) {
    // A probe a step too far is taken back by that step; any other late frame scales the cost.
    const failedProbe = draft.probing && draft.onTimeFrames === 0;
    const scale = failedProbe
      ? draft.scale - scaleStep
      : Math.min(
          draft.scale - scaleStep,
          draft.scale * Math.max(0.5, Math.sqrt(targetFrameMs / frameIntervalMs)),
        );
    return {
      scale: within(scale),
      onTimeFrames: 0,
      framesToGrow: failedProbe
        ? Math.min(maxOnTimeFramesToGrow, draft.framesToGrow * 2)
        : draft.framesToGrow,
      probing: false,
    };
  }
  const onTimeFrames = draft.onTimeFrames + 1;
  if (onTimeFrames < draft.framesToGrow || draft.scale >= 1) {
    return { ...draft, onTimeFrames };
  }
  return {
    scale: within(draft.scale + scaleStep),
    onTimeFrames: 0,
    framesToGrow: draft.framesToGrow,
    probing: true,
  };
};

/** A canvas of `fullPx` drawn at `scale`: whole pixels, at least 1. */
export const draftCanvasPx = (fullPx: number, scale: number): number =>
  Math.max(1, Math.round(fullPx * scale));
