// Dragging the crop's handles: which edges each handle moves, for a free
// crop and for one kept at a ratio. The clamping is crop-constraints.ts's.

import type { CropBounds, EdgeMotion } from "./crop-constraints";
import { constrainedMotion, moveHorizontally, moveVertically } from "./crop-constraints";
import type { RectPx } from "./straighten-geometry";

/** The crop's handles: its edges (by compass point, north up), its corners, and its inside to move it. */
export const cropHandles = ["n", "s", "e", "w", "ne", "nw", "se", "sw", "move"] as const;
export type CropHandle = (typeof cropHandles)[number];

const edgeMotion = (motion: Partial<EdgeMotion>): EdgeMotion => ({
  leftPx: 0,
  topPx: 0,
  rightPx: 0,
  bottomPx: 0,
  ...motion,
});

/** −1 when the handle holds the west (or north) edge, +1 the east (or south) edge, 0 neither. */
const sides = (handle: Exclude<CropHandle, "move">): { x: -1 | 0 | 1; y: -1 | 0 | 1 } => ({
  x: handle.includes("e") ? 1 : handle.includes("w") ? -1 : 0,
  y: handle.includes("s") ? 1 : handle.includes("n") ? -1 : 0,
});

/** The motion of the horizontal edge a handle holds, per pixel it moves right. */
const xEdge = (x: -1 | 1): EdgeMotion => edgeMotion(x === 1 ? { rightPx: 1 } : { leftPx: 1 });
const yEdge = (y: -1 | 1): EdgeMotion => edgeMotion(y === 1 ? { bottomPx: 1 } : { topPx: 1 });

const freeDrag = (
  bounds: CropBounds,
  rect: RectPx,
  handle: Exclude<CropHandle, "move">,
  dxPx: number,
  dyPx: number,
): RectPx => {
  const { x, y } = sides(handle);
  if (x !== 0 && y !== 0) {
    return constrainedMotion(bounds, rect, [xEdge(x), yEdge(y)], [dxPx, dyPx]);
  }
  if (x !== 0) return constrainedMotion(bounds, rect, [xEdge(x)], [dxPx]);
  if (y !== 0) return constrainedMotion(bounds, rect, [yEdge(y)], [dyPx]);
  return rect;
};

/**
 * A drag that keeps the crop at `aspect` (width / height in pixels). A corner
 * grows the crop away from the opposite corner by the drag's length along the
 * diagonal; an edge grows it away from the opposite edge, the two other edges
 * moving apart equally (the crop stays centred across the dragged direction).
 * The growth is in width pixels, the height following by 1 / aspect.
 */
const ratioDrag = (
  bounds: CropBounds,
  rect: RectPx,
  handle: Exclude<CropHandle, "move">,
  aspect: number,
  dxPx: number,
  dyPx: number,
): RectPx => {
  const { x, y } = sides(handle);
  if (x !== 0 && y !== 0) {
    const growth = edgeMotion({
      [x === 1 ? "rightPx" : "leftPx"]: x,
      [y === 1 ? "bottomPx" : "topPx"]: y / aspect,
    });
    // The drag's component along the corner's diagonal (x, y / aspect), in width pixels.
    const asked = (dxPx * x + (dyPx * y) / aspect) / (1 + 1 / aspect ** 2);
    return constrainedMotion(bounds, rect, [growth], [asked]);
  }
  if (x !== 0) {
    const growth = edgeMotion({
      [x === 1 ? "rightPx" : "leftPx"]: x,
      topPx: -1 / (2 * aspect),
      bottomPx: 1 / (2 * aspect),
    });
    return constrainedMotion(bounds, rect, [growth], [dxPx * x]);
  }
  const growth = edgeMotion({
    [y === 1 ? "bottomPx" : "topPx"]: y / aspect,
    leftPx: -1 / 2,
    rightPx: 1 / 2,
  });
  return constrainedMotion(bounds, rect, [growth], [dyPx * y * aspect]);
};

/**
 * The crop after dragging `handle` by (dxPx, dyPx) frame pixels from `rect`:
 * kept inside the bounds, at least the minimum size, and at `aspect` when one
 * is given (a rectangle already at that ratio stays at it).
 */
export const draggedCrop = (
  bounds: CropBounds,
  rect: RectPx,
  handle: CropHandle,
  aspect: number | undefined,
  dxPx: number,
  dyPx: number,
): RectPx => {
  if (handle === "move") {
    return constrainedMotion(bounds, rect, [moveHorizontally, moveVertically], [dxPx, dyPx]);
  }
  return aspect === undefined
    ? freeDrag(bounds, rect, handle, dxPx, dyPx)
    : ratioDrag(bounds, rect, handle, aspect, dxPx, dyPx);
};
