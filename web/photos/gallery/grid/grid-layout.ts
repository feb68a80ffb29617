// The gallery grid's layout: day header rows and rows of square tiles, as a
// pure function of the view's days, the column count and the row heights.
// It needs no items, so the whole grid (even 1,000,000 items) is laid out
// from `snapshot.days` alone before a single item has been fetched.
//
// Rows are not stored one by one: a day's rows are a header followed by
// `ceil(count / columns)` tile rows of equal height, so per-day prefix sums
// (first row index and offset of each day) are enough to find any row by
// index or by offset with one binary search over days. At 1,000,000 items
// in ~10,000 days this is two typed arrays of 10,000 entries instead of
// 200,000 row records.

import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";

/** Spec §9: the mobile width breakpoint. */
export const mobileBreakpointPx = 428;

/** Space between tiles and between tile rows. Two pixels read as a seam, not a frame. */
export const tileGapPx = 2;

/** Height of a day header row: one line of 16 px text with its checkbox and breathing room. */
export const dayHeaderHeightPx = 48;

/**
 * Preferred tile sizes. On a phone (≤ 428 px) ~104 px gives four columns, as
 * photo apps show on phones; on wider screens ~180 px gives 7 columns at
 * 1280 px, large enough to recognise a photo, small enough to scan many.
 */
const preferredTileMobilePx = 104;
const preferredTileDesktopPx = 180;
/** Bounds of a tile's side: below ~96 px a photo is unreadable, above 200 px too few fit. */
export const minTileSizePx = 96;
export const maxTileSizePx = 200;

export interface GridColumns {
  columns: number;
  /** The side of a square tile, in CSS pixels (may be fractional). */
  tileSizePx: number;
}

/** The column count and tile size for a content width. */
export function gridColumnsForWidth(widthPx: number): GridColumns {
  const width = Math.max(0, widthPx);
  const preferred = width <= mobileBreakpointPx ? preferredTileMobilePx : preferredTileDesktopPx;
  const tileFor = (columns: number) => (width - tileGapPx * (columns - 1)) / columns;
  let columns = Math.max(1, Math.round((width + tileGapPx) / (preferred + tileGapPx)));
  while (tileFor(columns) > maxTileSizePx) columns += 1;
  while (columns > 1 && tileFor(columns) < minTileSizePx) columns -= 1;
  return { columns, tileSizePx: Math.max(0, tileFor(columns)) };
}

export interface GridLayout {
  readonly days: readonly GalleryDay[];
  readonly columns: number;
  readonly tileSizePx: number;
  /** A tile row's height: the tile and the gap below it. */
  readonly tileRowHeightPx: number;
  readonly headerHeightPx: number;
  /** Index of each day's header row; one more entry holds the row count. */
  readonly dayFirstRow: Int32Array;
  /** Offset of each day's header row; one more entry holds the total height. */
  readonly dayOffsetPx: Float64Array;
  readonly rowCount: number;
  readonly totalHeightPx: number;
  readonly itemCount: number;
}

export type GridRow =
  | {
      kind: "header";
      rowIndex: number;
      dayIndex: number;
      day: GalleryDay;
      offsetPx: number;
      heightPx: number;
    }
  | {
      kind: "tiles";
      rowIndex: number;
      dayIndex: number;
      day: GalleryDay;
      offsetPx: number;
      heightPx: number;
      /** View index of the row's first item. */
      firstIndex: number;
      /** Items in this row (the last row of a day may be short). */
      count: number;
    };

export interface GridLayoutInput {
  days: readonly GalleryDay[];
  columns: number;
  tileSizePx: number;
  headerHeightPx?: number;
  gapPx?: number;
}

export function buildGridLayout({
  days,
  columns,
  tileSizePx,
  headerHeightPx = dayHeaderHeightPx,
  gapPx = tileGapPx,
}: GridLayoutInput): GridLayout {
  const safeColumns = Math.max(1, Math.floor(columns));
  const tileRowHeightPx = tileSizePx + gapPx;
  const dayFirstRow = new Int32Array(days.length + 1);
  const dayOffsetPx = new Float64Array(days.length + 1);
  let row = 0;
  let offset = 0;
  let itemCount = 0;
  days.forEach((day, d) => {
    dayFirstRow[d] = row;
    dayOffsetPx[d] = offset;
    const tileRows = Math.ceil(day.count / safeColumns);
    row += 1 + tileRows;
    offset += headerHeightPx + tileRows * tileRowHeightPx;
    itemCount += day.count;
  });
  dayFirstRow[days.length] = row;
  dayOffsetPx[days.length] = offset;
  return {
    days,
    columns: safeColumns,
    tileSizePx,
    tileRowHeightPx,
    headerHeightPx,
    dayFirstRow,
    dayOffsetPx,
    rowCount: row,
    totalHeightPx: offset,
    itemCount,
  };
}

/** The last index `i` in `[0, length)` with `values[i] <= target` (0 when none). */
function lastAtMost(values: ArrayLike<number>, length: number, target: number): number {
  let low = 0;
  let high = length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((values[middle] ?? 0) <= target) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The row at `rowIndex` (clamped into the grid); undefined for an empty grid. */
export function rowAt(layout: GridLayout, rowIndex: number): GridRow | undefined {
  if (layout.rowCount === 0) return undefined;
  const index = Math.min(Math.max(0, Math.floor(rowIndex)), layout.rowCount - 1);
  const dayIndex = lastAtMost(layout.dayFirstRow, layout.days.length, index);
  const day = layout.days[dayIndex] as GalleryDay;
  const firstRow = layout.dayFirstRow[dayIndex] ?? 0;
  const dayOffset = layout.dayOffsetPx[dayIndex] ?? 0;
  if (index === firstRow) {
    return {
      kind: "header",
      rowIndex: index,
      dayIndex,
      day,
      offsetPx: dayOffset,
      heightPx: layout.headerHeightPx,
    };
  }
  const rowInDay = index - firstRow - 1;
  const start = rowInDay * layout.columns;
  return {
    kind: "tiles",
    rowIndex: index,
    dayIndex,
    day,
    offsetPx: dayOffset + layout.headerHeightPx + rowInDay * layout.tileRowHeightPx,
    heightPx: layout.tileRowHeightPx,
    firstIndex: day.firstIndex + start,
    count: Math.min(layout.columns, day.count - start),
  };
}

/** The index of the row covering `offsetPx` (clamped to the first and last rows). */
export function rowIndexAtOffset(layout: GridLayout, offsetPx: number): number {
  if (layout.rowCount === 0) return 0;
  if (offsetPx >= layout.totalHeightPx) return layout.rowCount - 1;
  const dayIndex = lastAtMost(layout.dayOffsetPx, layout.days.length, offsetPx);
  const firstRow = layout.dayFirstRow[dayIndex] ?? 0;
  const within = offsetPx - (layout.dayOffsetPx[dayIndex] ?? 0);
  if (within < layout.headerHeightPx) return firstRow;
  const lastRowOfDay = (layout.dayFirstRow[dayIndex + 1] ?? firstRow + 1) - 1;
  const rowInDay = Math.floor((within - layout.headerHeightPx) / layout.tileRowHeightPx);
  return Math.min(firstRow + 1 + rowInDay, lastRowOfDay);
}

/** The day index holding the item at view index `index`. */
export function dayIndexOfItem(layout: GridLayout, index: number): number {
  let low = 0;
  let high = layout.days.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((layout.days[middle]?.firstIndex ?? 0) <= index) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The tile row holding the item at view index `index`, with the item's column. */
export function rowOfItem(
  layout: GridLayout,
  index: number,
): { row: GridRow & { kind: "tiles" }; column: number } | undefined {
  if (layout.itemCount === 0) return undefined;
  const clamped = Math.min(Math.max(0, index), layout.itemCount - 1);
  const dayIndex = dayIndexOfItem(layout, clamped);
  const day = layout.days[dayIndex] as GalleryDay;
  const within = clamped - day.firstIndex;
  const rowIndex = (layout.dayFirstRow[dayIndex] ?? 0) + 1 + Math.floor(within / layout.columns);
  const row = rowAt(layout, rowIndex);
  if (row?.kind !== "tiles") return undefined;
  return { row, column: within % layout.columns };
}

/** The rows intersecting `[topPx, bottomPx)`, in order. */
export function rowsInRange(layout: GridLayout, topPx: number, bottomPx: number): GridRow[] {
  if (layout.rowCount === 0 || bottomPx <= topPx) return [];
  const first = rowIndexAtOffset(layout, Math.max(0, topPx));
  const rows: GridRow[] = [];
  for (let index = first; index < layout.rowCount; index++) {
    const row = rowAt(layout, index);
    if (row === undefined || row.offsetPx >= bottomPx) break;
    rows.push(row);
  }
  return rows;
}
