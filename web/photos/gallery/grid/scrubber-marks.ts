// The date scrubber's marks: where each year and month of the view starts,
// as a fraction of the grid's height, thinned so marks never crowd the track.
// Pure, from the layout alone (no items).

import type { GridLayout } from "./grid-layout";

export interface ScrubberMark {
  kind: "year" | "month";
  /** `YYYY-MM-DD`: the view's first day of that month or year in display order. */
  day: string;
  /** The day header's offset in the grid. */
  offsetPx: number;
  /** Position on the track, 0 (top) to 1 (bottom). */
  fraction: number;
}

/**
 * Marks closer than this on the track are thinned: 20 px keeps a 12 px label
 * (spec §9 mini size) legible with a little air around it.
 */
export const minMarkSpacingPx = 20;

export function scrubberMarks(
  layout: GridLayout,
  trackHeightPx: number,
  minSpacingPx = minMarkSpacingPx,
): ScrubberMark[] {
  if (layout.totalHeightPx <= 0 || trackHeightPx <= 0) return [];
  const candidates: ScrubberMark[] = [];
  let previousMonth = "";
  layout.days.forEach((day, dayIndex) => {
    const month = day.day.slice(0, 7);
    if (month === previousMonth) return;
    const offsetPx = layout.dayOffsetPx[dayIndex] ?? 0;
    const kind = month.slice(0, 4) === previousMonth.slice(0, 4) ? "month" : "year";
    previousMonth = month;
    candidates.push({ kind, day: day.day, offsetPx, fraction: offsetPx / layout.totalHeightPx });
  });
  // Years first, then months into the room left, each kept only when far
  // enough from every mark kept before it on the track.
  const keptPx: number[] = [];
  const fits = (px: number) => keptPx.every((other) => Math.abs(other - px) >= minSpacingPx);
  const kept = new Set<ScrubberMark>();
  for (const kind of ["year", "month"] as const) {
    for (const mark of candidates) {
      if (mark.kind !== kind) continue;
      const px = mark.fraction * trackHeightPx;
      if (!fits(px)) continue;
      keptPx.push(px);
      kept.add(mark);
    }
  }
  return candidates.filter((mark) => kept.has(mark));
}

/** The grid offset a point of the track stands for. */
export const offsetAtTrackFraction = (layout: GridLayout, fraction: number): number =>
  Math.min(Math.max(0, fraction), 1) * layout.totalHeightPx;
