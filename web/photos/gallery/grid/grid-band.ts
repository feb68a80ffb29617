// What one band of the grid (the rows from one offset to another) shows, and
// which items it needs loaded. Pure.

import { rowsInRange, type GridLayout } from "./grid-layout";

/**
 * Days of at most this many items are loaded whole while their header is
 * rendered, so their 'select all' checkbox shows the truth; 2048 items are
 * eight window pages, a bounded cost even for a day of a big import.
 */
const dayCheckLoadLimit = 2048;

/** The rows of `layout` from `[topPx, bottomPx)` and the item range they need. */
export function bandContent(layout: GridLayout, topPx: number, bottomPx: number) {
  const rows = rowsInRange(layout, topPx, bottomPx);
  let firstTile = Number.POSITIVE_INFINITY;
  let endTile = 0;
  let firstNeeded = Number.POSITIVE_INFINITY;
  let endNeeded = 0;
  for (const row of rows) {
    if (row.kind === "tiles") {
      firstTile = Math.min(firstTile, row.firstIndex);
      endTile = Math.max(endTile, row.firstIndex + row.count);
    }
    // A row's days: the headings of a header row, the runs of a tile row.
    const parts = row.kind === "header" ? row.headings : row.runs;
    for (const part of parts) {
      const day = layout.days[part.dayIndex];
      if (day === undefined) continue;
      const start =
        row.kind === "tiles" ? Math.max(day.firstIndex, row.firstIndex) : day.firstIndex;
      const end =
        row.kind === "tiles"
          ? Math.min(day.firstIndex + day.count, row.firstIndex + row.count)
          : day.firstIndex;
      const wholeDay = day.count <= dayCheckLoadLimit;
      firstNeeded = Math.min(firstNeeded, wholeDay ? day.firstIndex : start);
      endNeeded = Math.max(endNeeded, wholeDay ? day.firstIndex + day.count : end);
    }
  }
  return { rows, firstTile, endTile, firstNeeded, endNeeded };
}
