// What the editor bench's page and its driver share: the photo's and the
// preview's sizes, the drags, and the page's API on `window`.
// See bench/scenarios/editor/index.ts.

import type { EditorOpenAnswer } from "../../../workers/editor/editor-contract";

/** A 12-megapixel phone photo. */
export const photoSizePx = { widthPx: 4000, heightPx: 3000 };

/** The page and its preview canvas (device pixels, at a device pixel ratio of 1): a laptop's browser window. */
export const previewViewport = { width: 1280, height: 800 };

/** How long each slider is dragged. */
export const dragDurationMs = 4000;

/** Input events per page frame while dragging: a 120 Hz mouse over a 60 Hz screen. */
export const inputsPerFrame = 2;

/** Full renders timed (the median is the figure), after one untimed. */
export const fullRenderRuns = 3;

export type BenchSlider = "brightness" | "straighten";

export interface DragRecording {
  slider: BenchSlider;
  /** Specs sent (input events). */
  requested: number;
  drawn: number;
  superseded: number;
  /** Intervals between frames the worker drew, on its clock. */
  drawnIntervalsMs: number[];
  /** The draws' own time on the worker's thread. */
  drawMs: number[];
  /** Each frame's canvas sides as a share of the full size (below 1: drafted during the drag). */
  canvasScales: number[];
  /** From a spec's request to its frame drawn, page clock (drawn specs only). */
  latenciesMs: number[];
  /** The page's own frame intervals (its UI thread) while dragging. */
  pageIntervalsMs: number[];
}

export interface FullRenderTiming {
  name: string;
  outputWidthPx: number;
  outputHeightPx: number;
  /** Each timed run: renderFull's answer, page clock. */
  runsMs: number[];
  jpegBytes: number;
}

export interface EditorBenchPage {
  /** Fetches the photo and opens it in the editor worker over the page's canvas. */
  open(): Promise<{ opened: EditorOpenAnswer; openMs: number; photoBytes: number }>;
  drag(slider: BenchSlider, durationMs: number): Promise<DragRecording>;
  fullRenders(runs: number): Promise<FullRenderTiming[]>;
  /** The baseline of the save: the same photo drawn into a 2D canvas and encoded as JPEG in a bare worker. */
  bareReencode(runs: number): Promise<number[]>;
  /**
   * The baseline of the preview, before `open`: a canvas of the same size
   * drawn at every frame by bare WebGL2 in a worker (one texture read a
   * pixel). Answers the intervals of its frames.
   */
  barePreviewFrames(durationMs: number): Promise<number[]>;
}

declare global {
  interface Window {
    cairnEditorBench?: EditorBenchPage;
  }
}
