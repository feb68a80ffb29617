// Fast travel over the grid from outside it (the month overview): where the
// grid stands, and a jump that puts a day's header at the top of the screen.

import { dayIndexOfItem, firstItemAtOffset, type GridLayout } from "./grid-layout";

/**
 * [Note: The month overview travels the grid]
 *
 * The overview lies over the grid instead of replacing it, so the grid keeps
 * its scroll position, its items and its thumbnails: closing the overview
 * (Escape, a zoom in) shows the grid exactly where it was. The overview asks
 * the grid where it stands (to open on that month) and, when a month is
 * chosen, to jump: the month's first day's header goes to the top of the
 * screen. A day packed beside others shares their header row, so that row
 * goes to the top, with the day's heading in it.
 * See: [Note: Small days share a row]
 */
export interface GridTravel {
  /** The day of the first photo at the top of the screen; undefined for an empty grid. */
  topDayIndex(): number | undefined;
  /** Puts the header of day `dayIndex` at the top; `focusFirstItem` for a choice made with the keyboard. */
  jumpToDay(dayIndex: number, options: { focusFirstItem: boolean }): void;
}

/** The day of the first photo of the row at `virtualTopPx`. */
export const dayIndexAtTop = (layout: GridLayout, virtualTopPx: number): number | undefined =>
  layout.itemCount === 0
    ? undefined
    : dayIndexOfItem(layout, firstItemAtOffset(layout, virtualTopPx));

/** Where the header row over day `dayIndex` starts. */
export const dayHeaderTopPx = (layout: GridLayout, dayIndex: number): number =>
  layout.dayOffsetPx[dayIndex] ?? 0;
