// [Note: Gallery scrolling has no browser height cap]
//
// Browsers cap an element's height (Chromium lays out in 1/64 px units in 32
// bits: ~33.5M px; Firefox ~17.9M px). A grid of 1,000,000 items in rows of 5
// at ~200 px is 40M px, so a spacer as tall as the grid would cut off its
// oldest items. The grid therefore separates two positions:
//
// - the *native* top: the scroller's `scrollTop` over a spacer whose height is
//   the virtual height capped at `maxNativeHeightPx`;
// - the *virtual* top: the offset into the laid-out grid shown at the top of
//   the viewport.
//
// Rows are drawn at native coordinates `rowOffset - shift` where
// `shift = virtualTop - nativeTop`, so while the shift stays constant the
// browser scrolls the rows itself (on the compositor, no work per frame).
//
// The rule that maps a native scroll to a virtual one:
// - a small step (a wheel tick, arrow keys, PageDown, a touch fling frame:
//   at most `largeStepViewports` viewports) moves the virtual top by the same
//   amount (1:1; the shift is unchanged), so content moves with the finger;
// - a larger step (a scrollbar drag, the End key, a programmatic jump) lands
//   on the proportional position `native × virtualMax / nativeMax`, so both
//   ends of the native range are both ends of the grid;
// - within `largeStepViewports` viewports of the native end a step moves
//   towards, if the virtual room left is larger than the native room, the
//   step is stretched by their ratio, so the native end is reached exactly
//   when the grid's end is (never a jump, never stuck short of the end);
// - reaching the native top or bottom is the grid's top or bottom;
// - after a run of 1:1 steps the two positions drift apart; once the
//   scrolling has been idle for a moment the grid *re-anchors*: it moves the
//   native top to the proportional position of the virtual top and changes
//   the shift by the same amount in the same frame, so nothing visible moves
//   and the next gesture again has room in both directions.
// So the last row is always reachable: by a large step (End, the scrubber),
// or by small ones (stretched over the last native screens).
// With no cap needed (virtual height ≤ cap) the mapping is the identity.

/**
 * The highest spacer we create: under Firefox's ~17.9M px cap and within the
 * range where float32 compositor coordinates (24-bit mantissa, 16.7M) still
 * place rows on whole pixels.
 */
export const maxNativeHeightPx = 10_000_000;

/** A native step larger than this many viewports is a jump, mapped proportionally. */
export const largeStepViewports = 2;

/** How long scrolling must pause before re-anchoring: longer than the ~16 ms between the events of a fling, short enough to be done before the next gesture. */
export const reanchorIdleMs = 150;

export interface ScrollGeometry {
  /** Height of the laid-out grid. */
  virtualHeightPx: number;
  /** Height of the scroller's viewport. */
  viewportHeightPx: number;
  /** The spacer height cap (defaults to `maxNativeHeightPx`). */
  maxNativeHeightPx?: number;
}

export interface ScrollPosition {
  /** The scroller's scrollTop. */
  nativeTop: number;
  /** The grid offset at the top of the viewport. */
  virtualTop: number;
}

/** The spacer's height. */
export function nativeHeight(geometry: ScrollGeometry): number {
  return Math.min(geometry.virtualHeightPx, geometry.maxNativeHeightPx ?? maxNativeHeightPx);
}

const virtualMax = (g: ScrollGeometry) => Math.max(0, g.virtualHeightPx - g.viewportHeightPx);
const nativeMax = (g: ScrollGeometry) => Math.max(0, nativeHeight(g) - g.viewportHeightPx);
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The virtual top proportional to a native top. */
export function proportionalVirtualTop(geometry: ScrollGeometry, nativeTop: number): number {
  const nMax = nativeMax(geometry);
  const vMax = virtualMax(geometry);
  if (nMax === 0) return 0;
  return (clamp(nativeTop, 0, nMax) * vMax) / nMax;
}

/** The native top proportional to a virtual top. */
export function proportionalNativeTop(geometry: ScrollGeometry, virtualTop: number): number {
  const nMax = nativeMax(geometry);
  const vMax = virtualMax(geometry);
  if (vMax === 0) return 0;
  return (clamp(virtualTop, 0, vMax) * nMax) / vMax;
}

/** The shift between the two positions: rows are drawn at `offset - shift`. */
export const scrollShift = (position: ScrollPosition): number =>
  position.virtualTop - position.nativeTop;

/** Where the grid is after the scroller moved from `previous` to `nativeTop`. */
export function followNativeScroll(
  geometry: ScrollGeometry,
  previous: ScrollPosition,
  nativeTop: number,
): ScrollPosition {
  const nMax = nativeMax(geometry);
  const vMax = virtualMax(geometry);
  const native = clamp(nativeTop, 0, nMax);
  const step = native - previous.nativeTop;
  if (native <= 0) return { nativeTop: 0, virtualTop: 0 };
  if (native >= nMax) return { nativeTop: nMax, virtualTop: vMax };
  const edgeZonePx = largeStepViewports * geometry.viewportHeightPx;
  if (Math.abs(step) > edgeZonePx) {
    return { nativeTop: native, virtualTop: proportionalVirtualTop(geometry, native) };
  }
  // Near the end the step is moving to, with less native room left than
  // virtual room, steps stretch so both ends are reached together.
  const nativeRoom = step > 0 ? nMax - previous.nativeTop : previous.nativeTop;
  const virtualRoom = step > 0 ? vMax - previous.virtualTop : previous.virtualTop;
  const stretch =
    nativeRoom > 0 && nativeRoom <= edgeZonePx && virtualRoom > nativeRoom
      ? virtualRoom / nativeRoom
      : 1;
  return { nativeTop: native, virtualTop: clamp(previous.virtualTop + step * stretch, 0, vMax) };
}

/** Where the grid is after a jump to `virtualTop` (scrubber, keyboard, scroll-to-index). */
export function jumpTo(geometry: ScrollGeometry, virtualTop: number): ScrollPosition {
  const virtual = clamp(virtualTop, 0, virtualMax(geometry));
  return { nativeTop: proportionalNativeTop(geometry, virtual), virtualTop: virtual };
}

/**
 * A small programmatic move (keyboard focus scrolled into view): 1:1 when the
 * native range has room for it, else a jump.
 */
export function scrollBy(
  geometry: ScrollGeometry,
  position: ScrollPosition,
  deltaPx: number,
): ScrollPosition {
  const virtual = clamp(position.virtualTop + deltaPx, 0, virtualMax(geometry));
  const native = position.nativeTop + (virtual - position.virtualTop);
  if (native < 0 || native > nativeMax(geometry)) return jumpTo(geometry, virtual);
  return { nativeTop: native, virtualTop: virtual };
}

/** Whether the positions have drifted apart enough to re-anchor (more than a pixel). */
export function needsReanchor(geometry: ScrollGeometry, position: ScrollPosition): boolean {
  return Math.abs(proportionalNativeTop(geometry, position.virtualTop) - position.nativeTop) > 1;
}

/** The same virtual top at its proportional native top. */
export function reanchor(geometry: ScrollGeometry, position: ScrollPosition): ScrollPosition {
  return jumpTo(geometry, position.virtualTop);
}

/** The position after the geometry changed (resize, new snapshot), keeping the virtual top. */
export function adaptToGeometry(
  geometry: ScrollGeometry,
  position: ScrollPosition,
): ScrollPosition {
  return jumpTo(geometry, position.virtualTop);
}
