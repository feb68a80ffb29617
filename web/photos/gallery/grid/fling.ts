// [Note: A fling fetches no thumbnails]
//
// Scrolled fast (a fling of the wheel or touchpad, a drag of the date
// scrubber, the End key held), the grid passes a screen of tiles every frame
// or two. Fetching and decrypting their thumbnails would cost the frames the
// scroll needs, fill the network with requests for tiles nobody sees, and
// delay the screen where the scroll stops. So while the view moves faster
// than anyone looks at photos, thumbnail calls are held; tiles show their
// placeholder, and the screen where the scroll settles is fetched a moment
// after it stops. A single jump (a click on the scrubber, Home) is not a
// fling: its screen is fetched at once.

/**
 * Faster than this is a fling: four screens a second, far beyond reading
 * speed, while a brisk wheel scroll through photos stays below it.
 */
export const flingViewportsPerSecond = 4;
/** Moves of the view, by frame, that are fast in a row before thumbnails are held (one fast move is a jump). */
export const fastMovesBeforeHold = 2;
/**
 * Moves further apart than this are not one motion: two clicks on the
 * scrubber are two jumps, not a fling, however far apart their dates are.
 */
export const fastMoveGapMsAtMost = 100;
/** How long calls stay held after the last fast move: short enough not to be noticed, longer than a frame hiccup. */
export const flingHoldMs = 120;

/** Tracks the view's moves and says when thumbnail calls should be held. */
export class FlingDetector {
  #lastTopPx: number | undefined;
  #lastMs = 0;
  #fastMoves = 0;

  /**
   * Records the view at `virtualTopPx` at `nowMs`; true when the moves up to
   * this one are a fling.
   */
  moved(virtualTopPx: number, nowMs: number, viewportHeightPx: number): boolean {
    const previousTopPx = this.#lastTopPx;
    const elapsedMs = nowMs - this.#lastMs;
    this.#lastTopPx = virtualTopPx;
    this.#lastMs = nowMs;
    if (
      previousTopPx === undefined ||
      viewportHeightPx <= 0 ||
      elapsedMs <= 0 ||
      elapsedMs > fastMoveGapMsAtMost
    ) {
      this.#fastMoves = 0;
      return false;
    }
    const viewportsPerSecond =
      Math.abs(virtualTopPx - previousTopPx) / viewportHeightPx / (elapsedMs / 1000);
    this.#fastMoves = viewportsPerSecond > flingViewportsPerSecond ? this.#fastMoves + 1 : 0;
    return this.#fastMoves >= fastMovesBeforeHold;
  }
}
