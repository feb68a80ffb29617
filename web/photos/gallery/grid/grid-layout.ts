// The gallery grid's layout: day header rows and rows of square tiles, as a
// pure function of the view's days, the column count and the row heights.
// It needs no items, so the whole grid (even 1,000,000 items) is laid out
// from `snapshot.days` alone before a single item has been fetched.
//
// Rows are not stored one by one. Days are laid out in groups: a group is a
// day of its own (a header followed by `ceil(count / columns)` tile rows of
// equal height) or several small days packed side by side (one header row and
// one tile row). Per-group prefix sums (first day, first row and offset of
// each group) are enough to find any row by index or by offset with one
// binary search over groups. At 1,000,000 items in ~10,000 days this is a few
// typed arrays of 10,000 entries instead of 200,000 row records.
//
// [Note: Small days share a row]
//
// A library of phone photos has many days of one to three photos; one row
// per day left most of each row empty and made people scroll a page per
// week. So a day that fits in one row joins the previous one's row while the
// row has room, with a wider gap between days than between tiles: each day's
// header stands above its own tiles (as the reference and Google Photos pack
// them). A day that needs more than one row always has rows of its own, so
// the tiles of big days keep their columns.

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

/**
 * [Note: Zooming the grid changes its columns]
 *
 * People zoom the grid (ctrl+scroll or a trackpad pinch on a computer, two
 * fingers on a phone) to see more photos at once or bigger ones. A zoom
 * level is a step away from the default tile size: each level scales the
 * preferred tile, and each step always changes the column count by at least
 * one (a step that changed nothing would feel broken), until tiles reach
 * `zoomedOutTileMinPx` or a single column. The level is the device's, kept
 * across reloads; the first photo on screen stays there through a change.
 */
export const gridZoomLevels = { min: -3, max: 2 } as const;

/** The preferred tile's scale at each level, from `gridZoomLevels.min` up. */
const zoomTileScales = [0.4, 0.55, 0.75, 1, 1.4, 2] as const;

/** Below this a thumbnail is a colour, not a photo: zooming out stops there. */
export const zoomedOutTileMinPx = 40;

/** `level` kept within `gridZoomLevels`, whole. */
export const clampGridZoom = (level: number): number =>
  Math.min(gridZoomLevels.max, Math.max(gridZoomLevels.min, Math.round(level)));

const tileSizeFor = (widthPx: number, columns: number) =>
  Math.max(0, (widthPx - tileGapPx * (columns - 1)) / columns);

/** The default level's columns: the preferred size within `minTileSizePx`–`maxTileSizePx`. */
const defaultColumns = (width: number, preferredPx: number): number => {
  let columns = Math.max(1, Math.round((width + tileGapPx) / (preferredPx + tileGapPx)));
  while (tileSizeFor(width, columns) > maxTileSizePx) columns += 1;
  while (columns > 1 && tileSizeFor(width, columns) < minTileSizePx) columns -= 1;
  return columns;
};

/** The column count and tile size for a content width, at a zoom level (0 by default). */
export function gridColumnsForWidth(widthPx: number, zoomLevel = 0): GridColumns {
  const width = Math.max(0, widthPx);
  const preferred = width <= mobileBreakpointPx ? preferredTileMobilePx : preferredTileDesktopPx;
  const level = clampGridZoom(zoomLevel);
  let columns = defaultColumns(width, preferred);
  // Walk from the default level to the asked one, a column or more per step.
  const direction = Math.sign(level);
  for (let step = direction; step !== level + direction; step += direction) {
    const scale = zoomTileScales[step - gridZoomLevels.min] ?? 1;
    const wanted = Math.max(1, Math.round((width + tileGapPx) / (preferred * scale + tileGapPx)));
    if (direction > 0) {
      columns = Math.max(1, Math.min(columns - 1, wanted));
    } else {
      const more = Math.max(columns + 1, wanted);
      if (tileSizeFor(width, more) < zoomedOutTileMinPx) break;
      columns = more;
    }
  }
  return { columns, tileSizePx: tileSizeFor(width, columns) };
}

/** The gap between two days packed in one row (a tile gap reads as the same day). */
export const packedDayGapPx = 20;

/**
 * The least width a packed day takes, so that its heading (a short date with
 * its checkbox) stays readable over a single phone-sized tile.
 */
export const packedDayMinWidthPx = 160;

export interface GridLayout {
  readonly days: readonly GalleryDay[];
  readonly columns: number;
  readonly tileSizePx: number;
  readonly gapPx: number;
  /** The gap between days packed in one row. */
  readonly dayGapPx: number;
  /** A tile row's height: the tile and the gap below it. */
  readonly tileRowHeightPx: number;
  readonly headerHeightPx: number;
  /** The width of a full row of tiles. */
  readonly contentWidthPx: number;
  /** Index of each group's first day; one more entry holds the day count. See: [Note: Small days share a row] */
  readonly groupFirstDay: Int32Array;
  /** Index of each group's header row; one more entry holds the row count. */
  readonly groupFirstRow: Int32Array;
  /** Offset of each group's header row; one more entry holds the total height. */
  readonly groupOffsetPx: Float64Array;
  readonly groupCount: number;
  /** The group of each day. */
  readonly dayGroup: Int32Array;
  /** Index of the header row over each day; one more entry holds the row count. */
  readonly dayFirstRow: Int32Array;
  /** Offset of the header row over each day; one more entry holds the total height. */
  readonly dayOffsetPx: Float64Array;
  readonly rowCount: number;
  readonly totalHeightPx: number;
  readonly itemCount: number;
  /**
   * Rows of photos at their own shape: each row's place and tile height.
   * Undefined for square tiles, whose rows are found by arithmetic.
   * See: [Note: Rows of photos at their own shape]
   */
  readonly rowTable?: RowTable | undefined;
}

/** The rows of a justified layout, by row index (header rows included). */
export interface RowTable {
  /** The view index of each row's first item (a header's: its first day's); one more entry holds the item count. */
  readonly firstItem: Int32Array;
  /** Each row's offset; one more entry holds the total height. */
  readonly offsetPx: Float64Array;
  /** The height of each tile row's tiles (a header row's: 0). */
  readonly tileHeightPx: Float32Array;
  /** The width a day takes when packed with others. */
  readonly packedDayWidthPx: Float64Array;
  /** Width over height of each item as laid out. */
  readonly aspectRatioAt: (index: number) => number;
}

/** A day's place in a header row: where its heading starts and how wide it is. */
export interface DayHeading {
  dayIndex: number;
  day: GalleryDay;
  leftPx: number;
  widthPx: number;
  /** The day shares its row with others, so its heading has the width of its few tiles. */
  packed: boolean;
}

/** A run of one day's tiles in a tile row. */
export interface DayTiles {
  dayIndex: number;
  /** View index of the run's first item. */
  firstIndex: number;
  count: number;
  /** Where the run's first tile starts. */
  leftPx: number;
}

export type GridRow =
  | {
      kind: "header";
      rowIndex: number;
      /** The first day of the row. */
      dayIndex: number;
      day: GalleryDay;
      offsetPx: number;
      heightPx: number;
      headings: readonly DayHeading[];
    }
  | {
      kind: "tiles";
      rowIndex: number;
      /** The first day of the row. */
      dayIndex: number;
      day: GalleryDay;
      offsetPx: number;
      heightPx: number;
      /** View index of the row's first item. */
      firstIndex: number;
      /** Items in this row (the last row of a day may be short). */
      count: number;
      /** The row comes right after its header. */
      firstAfterHeader: boolean;
      runs: readonly DayTiles[];
      /** The height of the row's tiles (without the gap below). */
      tileHeightPx: number;
      /** Each tile's width, when tiles have their own shape; undefined: square. */
      tileWidthsPx?: readonly number[] | undefined;
    };

export interface GridLayoutInput {
  days: readonly GalleryDay[];
  columns: number;
  tileSizePx: number;
  headerHeightPx?: number;
  gapPx?: number;
  /** Space between days packed in one row; 0 puts every day in rows of its own. */
  dayGapPx?: number;
}

/** The width of `count` tiles side by side. */
const tilesWidthPx = (count: number, tileSizePx: number, gapPx: number) =>
  count * (tileSizePx + gapPx) - gapPx;

/** The width a day takes when packed: its tiles, or room for its heading. */
const packedWidthPx = (count: number, tileSizePx: number, gapPx: number) =>
  Math.max(tilesWidthPx(count, tileSizePx, gapPx), packedDayMinWidthPx);

/** A little slack so that rounding never keeps a day out of a row it fits. */
export const fitSlackPx = 0.5;

/** The width day `dayIndex` takes packed with others in `layout`. */
const packedDayWidthIn = (layout: GridLayout, dayIndex: number): number =>
  layout.rowTable?.packedDayWidthPx[dayIndex] ??
  packedWidthPx(layout.days[dayIndex]?.count ?? 0, layout.tileSizePx, layout.gapPx);

/** The width of tiles `[firstIndex, firstIndex + count)` side by side in a row. */
const runWidthPx = (
  layout: GridLayout,
  row: GridRow & { kind: "tiles" },
  firstIndex: number,
  count: number,
): number => {
  const widths = row.tileWidthsPx;
  if (widths === undefined) return tilesWidthPx(count, layout.tileSizePx, layout.gapPx);
  let width = 0;
  for (let index = firstIndex; index < firstIndex + count; index++) {
    width += (widths[index - row.firstIndex] ?? 0) + layout.gapPx;
  }
  return width - layout.gapPx;
};

/** How a layout measures and lays out each day, for `packDayGroups`. */
export interface DayPacking {
  /** Whether the day fits in one row, and the width it takes packed with others. */
  measure: (day: GalleryDay, dayIndex: number) => { fitsOneRow: boolean; packedWidthPx: number };
  /**
   * Lays out a group that starts with `day` (its header at `headerTopPx`; its
   * tiles in one row when `fitsOneRow`): the tile rows it made and their height.
   */
  layOutGroup: (
    day: GalleryDay,
    fitsOneRow: boolean,
    headerTopPx: number,
  ) => { tileRows: number; tileRowsHeightPx: number };
}

/** The parts of a layout that place days in groups. See: [Note: Small days share a row] */
export type DayGroups = Pick<
  GridLayout,
  | "groupFirstDay"
  | "groupFirstRow"
  | "groupOffsetPx"
  | "groupCount"
  | "dayGroup"
  | "dayFirstRow"
  | "dayOffsetPx"
  | "rowCount"
  | "totalHeightPx"
  | "itemCount"
>;

/** Places each day in a group of its own or packed after the previous one, in one pass. */
export function packDayGroups(
  days: readonly GalleryDay[],
  {
    contentWidthPx,
    headerHeightPx,
    dayGapPx,
  }: { contentWidthPx: number; headerHeightPx: number; dayGapPx: number },
  packing: DayPacking,
): DayGroups {
  const groupFirstDay = new Int32Array(days.length + 1);
  const groupFirstRow = new Int32Array(days.length + 1);
  const groupOffsetPx = new Float64Array(days.length + 1);
  const dayGroup = new Int32Array(days.length);
  const dayFirstRow = new Int32Array(days.length + 1);
  const dayOffsetPx = new Float64Array(days.length + 1);
  let groups = 0;
  let row = 0;
  let offset = 0;
  let itemCount = 0;
  /** Width of the open group's row when more days may join it; undefined otherwise. */
  let openRowWidthPx: number | undefined;
  days.forEach((day, d) => {
    itemCount += day.count;
    const { fitsOneRow, packedWidthPx } = packing.measure(day, d);
    const joined =
      dayGapPx > 0 &&
      fitsOneRow &&
      openRowWidthPx !== undefined &&
      openRowWidthPx + dayGapPx + packedWidthPx <= contentWidthPx + fitSlackPx;
    if (joined) {
      const group = groups - 1;
      dayGroup[d] = group;
      dayFirstRow[d] = groupFirstRow[group] ?? 0;
      dayOffsetPx[d] = groupOffsetPx[group] ?? 0;
      openRowWidthPx = (openRowWidthPx ?? 0) + dayGapPx + packedWidthPx;
      return;
    }
    groupFirstDay[groups] = d;
    groupFirstRow[groups] = row;
    groupOffsetPx[groups] = offset;
    dayGroup[d] = groups;
    dayFirstRow[d] = row;
    dayOffsetPx[d] = offset;
    groups += 1;
    const { tileRows, tileRowsHeightPx } = packing.layOutGroup(day, fitsOneRow, offset);
    row += 1 + tileRows;
    offset += headerHeightPx + tileRowsHeightPx;
    openRowWidthPx = fitsOneRow && day.count > 0 ? packedWidthPx : undefined;
  });
  groupFirstDay[groups] = days.length;
  groupFirstRow[groups] = row;
  groupOffsetPx[groups] = offset;
  dayFirstRow[days.length] = row;
  dayOffsetPx[days.length] = offset;
  return {
    groupFirstDay: groupFirstDay.subarray(0, groups + 1),
    groupFirstRow: groupFirstRow.subarray(0, groups + 1),
    groupOffsetPx: groupOffsetPx.subarray(0, groups + 1),
    groupCount: groups,
    dayGroup,
    dayFirstRow,
    dayOffsetPx,
    rowCount: row,
    totalHeightPx: offset,
    itemCount,
  };
}

export function buildGridLayout({
  days,
  columns,
  tileSizePx,
  headerHeightPx = dayHeaderHeightPx,
  gapPx = tileGapPx,
  dayGapPx = packedDayGapPx,
}: GridLayoutInput): GridLayout {
  const safeColumns = Math.max(1, Math.floor(columns));
  const tileRowHeightPx = tileSizePx + gapPx;
  const contentWidthPx = tilesWidthPx(safeColumns, tileSizePx, gapPx);
  const groups = packDayGroups(
    days,
    { contentWidthPx, headerHeightPx, dayGapPx },
    {
      measure: (day) => ({
        fitsOneRow: day.count <= safeColumns,
        packedWidthPx: packedWidthPx(day.count, tileSizePx, gapPx),
      }),
      layOutGroup: (day) => {
        const tileRows = Math.ceil(day.count / safeColumns);
        return { tileRows, tileRowsHeightPx: tileRows * tileRowHeightPx };
      },
    },
  );
  return {
    days,
    columns: safeColumns,
    tileSizePx,
    gapPx,
    dayGapPx,
    tileRowHeightPx,
    headerHeightPx,
    contentWidthPx,
    ...groups,
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

/** The days of group `group`, as `[firstDay, endDay)`. */
const daysOfGroup = (layout: GridLayout, group: number): [number, number] => [
  layout.groupFirstDay[group] ?? 0,
  layout.groupFirstDay[group + 1] ?? layout.days.length,
];

/** The row at `rowIndex` (clamped into the grid); undefined for an empty grid. */
export function rowAt(layout: GridLayout, rowIndex: number): GridRow | undefined {
  if (layout.rowCount === 0) return undefined;
  const index = Math.min(Math.max(0, Math.floor(rowIndex)), layout.rowCount - 1);
  const group = lastAtMost(layout.groupFirstRow, layout.groupCount, index);
  const [firstDay, endDay] = daysOfGroup(layout, group);
  const day = layout.days[firstDay] as GalleryDay;
  const firstRow = layout.groupFirstRow[group] ?? 0;
  const groupOffset = layout.groupOffsetPx[group] ?? 0;
  const packed = endDay - firstDay > 1;
  if (index === firstRow) {
    const headings: DayHeading[] = [];
    let leftPx = 0;
    for (let d = firstDay; d < endDay; d++) {
      const dayOfHeading = layout.days[d] as GalleryDay;
      const widthPx = packed ? packedDayWidthIn(layout, d) : layout.contentWidthPx;
      headings.push({ dayIndex: d, day: dayOfHeading, leftPx, widthPx, packed });
      leftPx += widthPx + layout.dayGapPx;
    }
    return {
      kind: "header",
      rowIndex: index,
      dayIndex: firstDay,
      day,
      offsetPx: groupOffset,
      heightPx: layout.headerHeightPx,
      headings,
    };
  }
  const table = layout.rowTable;
  const rowInGroup = index - firstRow - 1;
  const offsetPx =
    table?.offsetPx[index] ??
    groupOffset + layout.headerHeightPx + rowInGroup * layout.tileRowHeightPx;
  const heightPx =
    table === undefined
      ? layout.tileRowHeightPx
      : (table.offsetPx[index + 1] ?? offsetPx) - offsetPx;
  const tileHeightPx = table?.tileHeightPx[index] ?? layout.tileSizePx;
  const shapedWidths = (firstIndex: number, count: number) =>
    table === undefined
      ? undefined
      : Array.from({ length: count }, (_, i) => table.aspectRatioAt(firstIndex + i) * tileHeightPx);
  if (packed) {
    const runs: DayTiles[] = [];
    let leftPx = 0;
    let count = 0;
    for (let d = firstDay; d < endDay; d++) {
      const dayOfRun = layout.days[d] as GalleryDay;
      runs.push({ dayIndex: d, firstIndex: dayOfRun.firstIndex, count: dayOfRun.count, leftPx });
      leftPx += packedDayWidthIn(layout, d) + layout.dayGapPx;
      count += dayOfRun.count;
    }
    return {
      kind: "tiles",
      rowIndex: index,
      dayIndex: firstDay,
      day,
      offsetPx,
      heightPx,
      firstIndex: day.firstIndex,
      count,
      firstAfterHeader: true,
      runs,
      tileHeightPx,
      tileWidthsPx: shapedWidths(day.firstIndex, count),
    };
  }
  const firstIndex = table?.firstItem[index] ?? day.firstIndex + rowInGroup * layout.columns;
  const count =
    table === undefined
      ? Math.min(layout.columns, day.firstIndex + day.count - firstIndex)
      : (table.firstItem[index + 1] ?? firstIndex) - firstIndex;
  return {
    kind: "tiles",
    rowIndex: index,
    dayIndex: firstDay,
    day,
    offsetPx,
    heightPx,
    firstIndex,
    count,
    firstAfterHeader: rowInGroup === 0,
    runs: [{ dayIndex: firstDay, firstIndex, count, leftPx: 0 }],
    tileHeightPx,
    tileWidthsPx: shapedWidths(firstIndex, count),
  };
}
/** The index of the row covering `offsetPx` (clamped to the first and last rows). */
export function rowIndexAtOffset(layout: GridLayout, offsetPx: number): number {
  if (layout.rowCount === 0) return 0;
  if (offsetPx >= layout.totalHeightPx) return layout.rowCount - 1;
  if (layout.rowTable !== undefined) {
    return lastAtMost(layout.rowTable.offsetPx, layout.rowCount, offsetPx);
  }
  const group = lastAtMost(layout.groupOffsetPx, layout.groupCount, offsetPx);
  const firstRow = layout.groupFirstRow[group] ?? 0;
  const within = offsetPx - (layout.groupOffsetPx[group] ?? 0);
  if (within < layout.headerHeightPx) return firstRow;
  const lastRowOfGroup = (layout.groupFirstRow[group + 1] ?? firstRow + 1) - 1;
  const rowInGroup = Math.floor((within - layout.headerHeightPx) / layout.tileRowHeightPx);
  return Math.min(firstRow + 1 + rowInGroup, lastRowOfGroup);
}

/** The first item on the tile row at `offsetPx` (or below the header there); 0 when empty. */
export function firstItemAtOffset(layout: GridLayout, offsetPx: number): number {
  const rowIndex = rowIndexAtOffset(layout, offsetPx);
  const row = rowAt(layout, rowIndex);
  const tiles = row?.kind === "tiles" ? row : rowAt(layout, rowIndex + 1);
  return tiles?.kind === "tiles" ? tiles.firstIndex : 0;
}

/** Where the row of the item at `index` starts, with its day's header when the row is the day's first. */
export function itemRowTopPx(layout: GridLayout, index: number): number {
  const position = rowOfItem(layout, index);
  if (position === undefined) return 0;
  const { row } = position;
  return row.offsetPx - (row.firstAfterHeader ? layout.headerHeightPx : 0);
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

/** The tile row holding the item at view index `index`, with the item's place in the row. */
export function rowOfItem(
  layout: GridLayout,
  index: number,
): { row: GridRow & { kind: "tiles" }; column: number } | undefined {
  if (layout.itemCount === 0) return undefined;
  const clamped = Math.min(Math.max(0, index), layout.itemCount - 1);
  const dayIndex = dayIndexOfItem(layout, clamped);
  const day = layout.days[dayIndex] as GalleryDay;
  const group = layout.dayGroup[dayIndex] ?? 0;
  const [firstDay, endDay] = daysOfGroup(layout, group);
  const headerRow = layout.groupFirstRow[group] ?? 0;
  const table = layout.rowTable;
  const rowIndex =
    endDay - firstDay > 1
      ? headerRow + 1
      : table !== undefined
        ? // Header rows start at their day's first item too; the last match is the tile row.
          lastAtMost(table.firstItem, layout.rowCount, clamped)
        : headerRow + 1 + Math.floor((clamped - day.firstIndex) / layout.columns);
  const row = rowAt(layout, rowIndex);
  if (row?.kind !== "tiles") return undefined;
  return { row, column: clamped - row.firstIndex };
}

/** Where the tile at `column` of a tile row starts, from the row's left edge. */
export function tileLeftPx(layout: GridLayout, row: GridRow & { kind: "tiles" }, column: number) {
  const index = row.firstIndex + column;
  const run = row.runs.find((candidate) => index < candidate.firstIndex + candidate.count);
  const last = run ?? row.runs[row.runs.length - 1];
  if (last === undefined) return 0;
  if (index === last.firstIndex) return last.leftPx;
  return (
    last.leftPx + runWidthPx(layout, row, last.firstIndex, index - last.firstIndex) + layout.gapPx
  );
}

/**
 * The space a packed row keeps before each day after its first, beyond the
 * tile gap: by the view index of the day's first tile.
 */
export function packedDayMarginsPx(
  layout: GridLayout,
  row: GridRow & { kind: "tiles" },
): Map<number, number> {
  const margins = new Map<number, number>();
  for (let r = 1; r < row.runs.length; r++) {
    const run = row.runs[r] as DayTiles;
    const before = row.runs[r - 1] as DayTiles;
    const beforeEndPx = before.leftPx + runWidthPx(layout, row, before.firstIndex, before.count);
    margins.set(run.firstIndex, run.leftPx - beforeEndPx - layout.gapPx);
  }
  return margins;
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
