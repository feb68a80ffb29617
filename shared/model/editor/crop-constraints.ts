// Moving a crop rectangle as far as asked while it stays in the allowed
// region and keeps a minimum size.
//
// [Note: A crop moves along one or two parameters]
//
// Every crop gesture moves the rectangle's edges linearly with one or two
// numbers: a move shifts all four edges by (tx, ty), a free corner moves one
// vertical and one horizontal edge, an edge or a fixed-ratio corner moves
// edges by multiples of a single growth. The region is an intersection of
// half-planes (See: [Note: The crop frame of a straightened photo]), and the
// edge a half-plane tests (its farthest corner) does not change while the
// rectangle keeps a positive size, so each half-plane and each minimum size
// is one linear inequality on the parameters. With one parameter they leave
// an interval and the asked value is clamped into it; with two they leave a
// convex polygon and the asked point goes to the polygon's nearest point, so
// a crop pushed against a slanted side slides along it instead of stopping.
// For a drag the current rectangle (all parameters 0) satisfies every
// inequality, so there is always an answer; if rounding says otherwise, the
// crop stays. A fit (`fittedCrop`) starts from a rectangle that may lie
// outside but is sized so that the centred place fits.

import type { SizePx } from "./image-turns";
import type { HalfPlane, RectPx } from "./straighten-geometry";
import { largestCenteredRectPx, reachAlong, regionContainsRect } from "./straighten-geometry";

/** How each edge moves per unit of one parameter. */
export interface EdgeMotion {
  readonly leftPx: number;
  readonly topPx: number;
  readonly rightPx: number;
  readonly bottomPx: number;
}

export const moveHorizontally: EdgeMotion = { leftPx: 1, topPx: 0, rightPx: 1, bottomPx: 0 };
export const moveVertically: EdgeMotion = { leftPx: 0, topPx: 1, rightPx: 0, bottomPx: 1 };

/** Σ coefficients[i]·t[i] ≤ bound. */
interface LinearConstraint {
  readonly coefficients: readonly number[];
  readonly bound: number;
}

/** Rounding in a constraint's check, in pixels: far below what a pixel shows. */
const tolerancePx = 1e-7;

/** Coefficients this small are rounding, not a constraint. */
const negligibleCoefficient = 1e-12;

const constraintsOf = (
  region: readonly HalfPlane[],
  minSize: SizePx,
  rect: RectPx,
  motions: readonly EdgeMotion[],
): LinearConstraint[] => {
  const constraints: LinearConstraint[] = region.map((plane) => ({
    coefficients: motions.map(
      (motion) =>
        plane.nx * (plane.nx > 0 ? motion.rightPx : motion.leftPx) +
        plane.ny * (plane.ny > 0 ? motion.bottomPx : motion.topPx),
    ),
    bound: plane.k - reachAlong(plane, rect),
  }));
  constraints.push({
    coefficients: motions.map((motion) => motion.leftPx - motion.rightPx),
    bound: rect.rightPx - rect.leftPx - minSize.widthPx,
  });
  constraints.push({
    coefficients: motions.map((motion) => motion.topPx - motion.bottomPx),
    bound: rect.bottomPx - rect.topPx - minSize.heightPx,
  });
  // A constraint the parameters do not move cannot be helped by them (a move
  // keeps the size): leave it out rather than call every answer impossible.
  return constraints.filter((constraint) =>
    constraint.coefficients.some((coefficient) => Math.abs(coefficient) > negligibleCoefficient),
  );
};

const moved = (rect: RectPx, motions: readonly EdgeMotion[], amounts: readonly number[]): RectPx =>
  motions.reduce<RectPx>((sum, motion, index) => {
    const amount = amounts[index] ?? 0;
    return {
      leftPx: sum.leftPx + motion.leftPx * amount,
      topPx: sum.topPx + motion.topPx * amount,
      rightPx: sum.rightPx + motion.rightPx * amount,
      bottomPx: sum.bottomPx + motion.bottomPx * amount,
    };
  }, rect);

/** The value in the interval the constraints leave nearest to `asked`, or 0 if they leave none. */
const clampedAmount = (constraints: readonly LinearConstraint[], asked: number): number => {
  let low = -Infinity;
  let high = Infinity;
  for (const { coefficients, bound } of constraints) {
    const coefficient = coefficients[0] ?? 0;
    if (coefficient > 0) high = Math.min(high, bound / coefficient);
    else low = Math.max(low, bound / coefficient);
  }
  return low > high ? 0 : Math.min(high, Math.max(low, asked));
};

type Point = readonly [number, number];

/** The convex polygon { t : c·t ≤ bound for each constraint } within `extent` of the origin (Sutherland–Hodgman). */
const feasiblePolygon = (constraints: readonly LinearConstraint[], extent: number): Point[] => {
  let polygon: Point[] = [
    [-extent, -extent],
    [extent, -extent],
    [extent, extent],
    [-extent, extent],
  ];
  for (const { coefficients, bound } of constraints) {
    const [a = 0, b = 0] = coefficients;
    const excess = ([x, y]: Point) => a * x + b * y - bound;
    const clipped: Point[] = [];
    polygon.forEach((current, index) => {
      const next = polygon[(index + 1) % polygon.length] ?? current;
      const currentExcess = excess(current);
      const nextExcess = excess(next);
      if (currentExcess <= 0) clipped.push(current);
      if (currentExcess <= 0 !== nextExcess <= 0) {
        const along = currentExcess / (currentExcess - nextExcess);
        clipped.push([
          current[0] + (next[0] - current[0]) * along,
          current[1] + (next[1] - current[1]) * along,
        ]);
      }
    });
    polygon = clipped;
    if (polygon.length === 0) return polygon;
  }
  return polygon;
};

const nearestOnSegment = (point: Point, start: Point, end: Point): Point => {
  const dx = end[0] - start[0];
  const dy = end[1] - start[1];
  const lengthSquared = dx * dx + dy * dy;
  const along =
    lengthSquared === 0
      ? 0
      : Math.min(
          1,
          Math.max(0, ((point[0] - start[0]) * dx + (point[1] - start[1]) * dy) / lengthSquared),
        );
  return [start[0] + dx * along, start[1] + dy * along];
};

/** The point of the polygon the constraints leave nearest to `asked`, or the origin if they leave none. */
const projectedAmounts = (
  constraints: readonly LinearConstraint[],
  asked: Point,
  extent: number,
): Point => {
  const inside = constraints.every(
    ({ coefficients: [a = 0, b = 0], bound }) => a * asked[0] + b * asked[1] <= bound + tolerancePx,
  );
  if (inside) return asked;
  const polygon = feasiblePolygon(constraints, extent);
  let nearest: Point = [0, 0];
  let nearestDistanceSquared = Infinity;
  polygon.forEach((start, index) => {
    const end = polygon[(index + 1) % polygon.length] ?? start;
    const candidate = nearestOnSegment(asked, start, end);
    const distanceSquared = (candidate[0] - asked[0]) ** 2 + (candidate[1] - asked[1]) ** 2;
    if (distanceSquared < nearestDistanceSquared) {
      nearest = candidate;
      nearestDistanceSquared = distanceSquared;
    }
  });
  return nearest;
};

/** Where a crop may go: the region, the smallest crop, and the frame's size (which bounds every move). */
export interface CropBounds {
  readonly frame: SizePx;
  readonly region: readonly HalfPlane[];
  readonly minSize: SizePx;
}

/**
 * The rectangle moved by `asked` amounts of one or two edge motions, or as
 * near to that as the bounds allow. See: [Note: A crop moves along one or two parameters]
 */
export const constrainedMotion = (
  bounds: CropBounds,
  rect: RectPx,
  motions: readonly [EdgeMotion] | readonly [EdgeMotion, EdgeMotion],
  asked: readonly [number] | readonly [number, number],
): RectPx => {
  const constraints = constraintsOf(bounds.region, bounds.minSize, rect, motions);
  if (motions.length === 1) return moved(rect, motions, [clampedAmount(constraints, asked[0])]);
  // No useful amount is larger than the frame: a bound that keeps the clip finite.
  const extent = 2 * (bounds.frame.widthPx + bounds.frame.heightPx) + 1;
  const amounts = projectedAmounts(constraints, [asked[0], asked[1] ?? 0], extent);
  // A region left too thin to clip by rounding: stay.
  const kept = constraints.every(
    ({ coefficients: [a = 0, b = 0], bound }) =>
      a * amounts[0] + b * amounts[1] <= bound + tolerancePx,
  );
  return kept ? moved(rect, motions, amounts) : rect;
};

const sizedAbout = (
  centreX: number,
  centreY: number,
  widthPx: number,
  heightPx: number,
): RectPx => ({
  leftPx: centreX - widthPx / 2,
  topPx: centreY - heightPx / 2,
  rightPx: centreX + widthPx / 2,
  bottomPx: centreY + heightPx / 2,
});

/**
 * A crop at the largest size of its ratio touches the region on opposite
 * sides, leaving it one line of places to go; this much smaller (a
 * billionth), it has a sliver that rounding cannot close.
 */
const fitMargin = 1 - 1e-9;

/**
 * The rectangle made to fit the bounds while keeping its ratio: grown about
 * its centre to the minimum size if smaller, shrunk to the largest size of
 * its ratio that fits the region anywhere if larger, then moved as little as
 * possible to lie inside. The region is symmetric about the frame's centre,
 * so the largest size that fits anywhere is the largest centred one
 * (`largestCenteredRectPx`), and centred is always a place it fits.
 * An empty rectangle counts as a minimum-size one.
 */
export const fittedCrop = (bounds: CropBounds, rect: RectPx, straightenDeg: number): RectPx => {
  const centreX = (rect.leftPx + rect.rightPx) / 2;
  const centreY = (rect.topPx + rect.bottomPx) / 2;
  const givenWidthPx = rect.rightPx - rect.leftPx;
  const givenHeightPx = rect.bottomPx - rect.topPx;
  const empty = !(givenWidthPx > 0 && givenHeightPx > 0);
  const widthPx = empty ? bounds.minSize.widthPx : givenWidthPx;
  const heightPx = empty ? bounds.minSize.heightPx : givenHeightPx;
  const grown = Math.max(1, bounds.minSize.widthPx / widthPx, bounds.minSize.heightPx / heightPx);
  const largest = largestCenteredRectPx(bounds.frame, straightenDeg, widthPx / heightPx);
  const fitting = largest.widthPx / widthPx;
  const scale = fitting < grown ? fitting * fitMargin : grown;
  const sized = sizedAbout(centreX, centreY, widthPx * scale, heightPx * scale);
  const placed = constrainedMotion(bounds, sized, [moveHorizontally, moveVertically], [0, 0]);
  return regionContainsRect(bounds.region, placed, tolerancePx)
    ? placed
    : sizedAbout(
        bounds.frame.widthPx / 2,
        bounds.frame.heightPx / 2,
        widthPx * scale,
        heightPx * scale,
      );
};
