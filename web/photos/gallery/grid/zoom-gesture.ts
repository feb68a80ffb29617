// Zoom gestures as steps (pure): ctrl+wheel and a trackpad pinch (which
// browsers report as ctrl+wheel) add up their deltas, two fingers on a
// touch screen compare their distance. See: [Note: Zooming the grid changes its columns]

/** A zoom step: +1 shows bigger tiles (fewer columns), -1 smaller ones. */
export type ZoomStep = -1 | 0 | 1;

/**
 * How far a ctrl+wheel must go for one step: a mouse wheel's notch (about
 * 100 px) steps once, a trackpad pinch (a few px per event) after a short
 * spread of the fingers.
 */
export const wheelStepPx = 60;
/** A pause after which a ctrl+wheel starts counting afresh. */
export const wheelIdleMs = 300;
/** How much two fingers must spread (or close) for one step. */
export const pinchStepRatio = 1.3;

/** Sums ctrl+wheel deltas into steps. */
export class WheelZoom {
  #sumPx = 0;
  #lastMs = -Infinity;

  /** A wheel event's `deltaY` (pixels; up or a spread pinch is negative) at `nowMs`. */
  step(deltaYPx: number, nowMs: number): ZoomStep {
    if (nowMs - this.#lastMs > wheelIdleMs || Math.sign(deltaYPx) !== Math.sign(this.#sumPx)) {
      this.#sumPx = 0;
    }
    this.#lastMs = nowMs;
    this.#sumPx += deltaYPx;
    if (Math.abs(this.#sumPx) < wheelStepPx) return 0;
    const step: ZoomStep = this.#sumPx < 0 ? 1 : -1;
    this.#sumPx = 0;
    return step;
  }
}

/** Steps of a two-finger pinch: each spread (or closing) by `pinchStepRatio` is one. */
export class PinchZoom {
  #baselinePx: number | undefined;

  /** The fingers' distance when the second touched. */
  start(distancePx: number): void {
    this.#baselinePx = distancePx > 0 ? distancePx : undefined;
  }

  move(distancePx: number): ZoomStep {
    const baseline = this.#baselinePx;
    if (baseline === undefined || distancePx <= 0) return 0;
    const ratio = distancePx / baseline;
    if (ratio >= pinchStepRatio) {
      this.#baselinePx = distancePx;
      return 1;
    }
    if (ratio <= 1 / pinchStepRatio) {
      this.#baselinePx = distancePx;
      return -1;
    }
    return 0;
  }

  end(): void {
    this.#baselinePx = undefined;
  }
}
