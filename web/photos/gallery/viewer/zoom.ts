// The viewer's zoom and pan as pure rules: a scale and a translation of the
// shown media, clamped so the media never shrinks below its fitted size and
// never leaves a gap it could cover (a zoomed photo cannot be dragged off
// screen).

export interface Size {
  width: number;
  height: number;
}

/** A point in px, relative to the viewport's centre. */
export interface Point {
  x: number;
  y: number;
}

/** `scale` times the fitted size, moved by (`x`, `y`) px from the centred position. */
export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}

export const unzoomed: ZoomState = { scale: 1, x: 0, y: 0 };

/** Fitted (the whole media in view) is the smallest size: smaller shows nothing more. */
export const minZoomScale = 1;
/**
 * 8× a fitted 12-megapixel photo on a laptop screen is about 2× its native
 * pixels: enough to inspect detail, and further only magnifies blur.
 */
export const maxZoomScale = 8;
/** One press of +/− (or a key): three presses go from fitted to about 3.4×. */
export const zoomStepFactor = 1.5;
/** A double click zooms straight to a useful detail level, and back to fitted. */
export const doubleClickZoomScale = 2.5;
/**
 * Wheel sensitivity: a mouse notch (deltaY ≈ 100 px) zooms by e^0.2 ≈ 1.22×;
 * trackpad pinches (small deltas, many events) then feel continuous.
 */
const wheelZoomPerPx = 0.002;
/** Wheel lines (deltaMode 1) are converted at a typical line height. */
const wheelLineHeightPx = 16;

export const clampScale = (scale: number): number =>
  Number.isFinite(scale) ? Math.min(maxZoomScale, Math.max(minZoomScale, scale)) : minZoomScale;

/**
 * [Note: A small image is enlarged a little]
 *
 * A photo larger than the window is shrunk to fit. One smaller than the
 * window was shown at its own pixels and looked lost in black (a 200-pixel
 * image in a 1400-pixel window); enlarged to fit it would be a blur. So a
 * small image is enlarged up to this many times its pixels, never past the
 * window: visible, centred, and still reasonably sharp.
 */
export const smallMediaMaxEnlargement = 3;

/** The size `natural` is shown at when fitted into `viewport`. See: [Note: A small image is enlarged a little] */
export function fittedSize(natural: Size, viewport: Size): Size {
  if (natural.width <= 0 || natural.height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(
    smallMediaMaxEnlargement,
    viewport.width / natural.width,
    viewport.height / natural.height,
  );
  return { width: natural.width * ratio, height: natural.height * ratio };
}

/**
 * The style that shows an image of `natural` pixels at its fitted size: the
 * stylesheet fits large images; a small one is given a minimum of its
 * enlarged size, bounded by the stage. See: [Note: A small image is enlarged a little]
 */
export const enlargedMediaStyle = (natural: Size): { minWidth: string; minHeight: string } => ({
  minWidth: `min(100%, ${String(natural.width * smallMediaMaxEnlargement)}px)`,
  minHeight: `min(100%, ${String(natural.height * smallMediaMaxEnlargement)}px)`,
});

/** How far the media may move from the centre at `scale`: half of what overflows, per axis. */
export function panLimits(scale: number, fitted: Size, viewport: Size): Point {
  return {
    x: Math.max(0, (fitted.width * scale - viewport.width) / 2),
    y: Math.max(0, (fitted.height * scale - viewport.height) / 2),
  };
}

const clampAxis = (value: number, limit: number): number =>
  // `+ 0` turns -0 into 0, so an unzoomed state compares equal to `unzoomed`.
  Math.min(limit, Math.max(-limit, value)) + 0;

/** `state` with its scale and translation brought within bounds. */
export function clampZoom(state: ZoomState, fitted: Size, viewport: Size): ZoomState {
  const scale = clampScale(state.scale);
  const limits = panLimits(scale, fitted, viewport);
  return { scale, x: clampAxis(state.x, limits.x), y: clampAxis(state.y, limits.y) };
}

/**
 * Zooms to `scale` keeping the media point under `point` where it is (the
 * pointer, a pinch's midpoint, or the centre for buttons).
 */
export function zoomAt(
  state: ZoomState,
  scale: number,
  point: Point,
  fitted: Size,
  viewport: Size,
): ZoomState {
  const next = clampScale(scale);
  // A media point m (relative to the media's centre, at scale 1) is shown at t + s·m.
  const ratio = next / state.scale;
  return clampZoom(
    {
      scale: next,
      x: point.x - (point.x - state.x) * ratio,
      y: point.y - (point.y - state.y) * ratio,
    },
    fitted,
    viewport,
  );
}

/** Moves the media by (`dx`, `dy`) px, within bounds (nothing moves when unzoomed). */
export function panBy(
  state: ZoomState,
  dx: number,
  dy: number,
  fitted: Size,
  viewport: Size,
): ZoomState {
  return clampZoom({ ...state, x: state.x + dx, y: state.y + dy }, fitted, viewport);
}

/** Double click: zoom in on `point`, or back to fitted when already zoomed. */
export function toggleZoomAt(
  state: ZoomState,
  point: Point,
  fitted: Size,
  viewport: Size,
): ZoomState {
  return state.scale > minZoomScale
    ? unzoomed
    : zoomAt(state, doubleClickZoomScale, point, fitted, viewport);
}

/** The scale factor of one wheel event (negative deltaY zooms in). */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const deltaPx = deltaMode === 1 ? deltaY * wheelLineHeightPx : deltaY;
  return Math.exp(-deltaPx * wheelZoomPerPx);
}

/** The scale during a pinch that started at `startScale` with the fingers `startDistance` apart. */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startScale;
  return clampScale((startScale * distance) / startDistance);
}

export const isZoomed = (state: ZoomState): boolean => state.scale > minZoomScale;
