// Where a crop may lie once the photo is straightened: inside the image
// turned by the straighten angle about its centre, so that no empty corner
// ever shows, and inside the frame the editor shows it in.
//
// [Note: The crop frame of a straightened photo]
//
// The editor shows the (quarter-turned, mirrored) image of W×H pixels in a
// fixed frame of the same W×H pixels, and straightening turns the image
// inside that frame about the frame's centre. The crop is an axis-aligned
// rectangle of that frame. It must lie inside the turned image (else the
// output would show what is outside the photo), and it also stays inside the
// frame: at 0° the two are the same, and keeping the crop in the frame keeps
// its normalized coordinates in 0..1 (a very thin crop of a photo turned by
// 45° could otherwise reach past the frame along the image's diagonal).
// Both are convex, so the allowed region is an intersection of eight
// half-planes, and a rectangle lies inside it exactly when, for each
// half-plane, its corner farthest along the half-plane's normal does.

import type { SizePx } from "./image-turns";

/** Points (x, y) with nx·x + ny·y ≤ k. */
export interface HalfPlane {
  readonly nx: number;
  readonly ny: number;
  readonly k: number;
}

/** An axis-aligned rectangle in frame pixels, left ≤ right, top ≤ bottom. */
export interface RectPx {
  readonly leftPx: number;
  readonly topPx: number;
  readonly rightPx: number;
  readonly bottomPx: number;
}

/** The largest straighten angle either way, in degrees. */
export const maxStraightenDeg = 45;

/**
 * The region of a `frame`-sized frame that a `frame`-sized image, turned by
 * `straightenDeg` (clockwise on screen when positive) about the frame's
 * centre, covers: eight half-planes in frame pixels.
 * See: [Note: The crop frame of a straightened photo]
 */
export const straightenedImageRegion = (
  { widthPx, heightPx }: SizePx,
  straightenDeg: number,
): readonly HalfPlane[] => {
  const angleRad = (straightenDeg * Math.PI) / 180;
  const cos = Math.cos(angleRad);
  const sin = Math.sin(angleRad);
  const centreX = widthPx / 2;
  const centreY = heightPx / 2;
  // A frame point p shows the image point centre + R(−θ)(p − centre); that
  // point's offsets along the image's own axes are u and v below, and the
  // image covers |u| ≤ W/2, |v| ≤ H/2.
  const uAtCentre = cos * centreX + sin * centreY;
  const vAtCentre = -sin * centreX + cos * centreY;
  return [
    { nx: cos, ny: sin, k: widthPx / 2 + uAtCentre },
    { nx: -cos, ny: -sin, k: widthPx / 2 - uAtCentre },
    { nx: -sin, ny: cos, k: heightPx / 2 + vAtCentre },
    { nx: sin, ny: -cos, k: heightPx / 2 - vAtCentre },
    { nx: 1, ny: 0, k: widthPx },
    { nx: -1, ny: 0, k: 0 },
    { nx: 0, ny: 1, k: heightPx },
    { nx: 0, ny: -1, k: 0 },
  ];
};

/** How far the rectangle reaches along the half-plane's normal: its farthest corner's nx·x + ny·y. */
export const reachAlong = ({ nx, ny }: HalfPlane, rect: RectPx): number =>
  nx * (nx > 0 ? rect.rightPx : rect.leftPx) + ny * (ny > 0 ? rect.bottomPx : rect.topPx);

/** Whether the rectangle lies inside every half-plane, give or take `tolerancePx`. */
export const regionContainsRect = (
  region: readonly HalfPlane[],
  rect: RectPx,
  tolerancePx = 1e-6,
): boolean => region.every((plane) => reachAlong(plane, rect) <= plane.k + tolerancePx);

/**
 * The largest axis-aligned rectangle of `aspect` (width / height) centred in
 * an image of `image` size turned by `straightenDeg` about its centre, and
 * inside the unturned frame: the classic "rotated rectangle cover" formula.
 * With h the height, w = aspect·h, and θ the angle, the rectangle's corners
 * stay inside the turned image while
 *
 *   w·|cos θ| + h·|sin θ| ≤ W   and   w·|sin θ| + h·|cos θ| ≤ H,
 *
 * and inside the frame while w ≤ W and h ≤ H; the height is the largest
 * meeting all four. The image's centre is the region's centre of symmetry,
 * so this is also the largest rectangle of that aspect anywhere in the region.
 */
export const largestCenteredRectPx = (
  { widthPx, heightPx }: SizePx,
  straightenDeg: number,
  aspect: number,
): SizePx => {
  const angleRad = (straightenDeg * Math.PI) / 180;
  const cos = Math.abs(Math.cos(angleRad));
  const sin = Math.abs(Math.sin(angleRad));
  const fittedHeightPx = Math.min(
    widthPx / (aspect * cos + sin),
    heightPx / (aspect * sin + cos),
    widthPx / aspect,
    heightPx,
  );
  return { widthPx: aspect * fittedHeightPx, heightPx: fittedHeightPx };
};

/** That rectangle, placed at the frame's centre. */
export const largestCenteredCropPx = (
  frame: SizePx,
  straightenDeg: number,
  aspect: number,
): RectPx => {
  const { widthPx, heightPx } = largestCenteredRectPx(frame, straightenDeg, aspect);
  const leftPx = (frame.widthPx - widthPx) / 2;
  const topPx = (frame.heightPx - heightPx) / 2;
  return { leftPx, topPx, rightPx: leftPx + widthPx, bottomPx: topPx + heightPx };
};
