import { describe, expect, it } from "vitest";
import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";
import {
  buildGridLayout,
  clampGridZoom,
  gridColumnsForWidth,
  gridZoomLevels,
  maxTileSizePx,
  zoomedOutTileMinPx,
  minTileSizePx,
  packedDayMarginsPx,
  rowAt,
  rowIndexAtOffset,
  rowOfItem,
  rowsInRange,
  tileLeftPx,
} from "./grid-layout";

/** Days of the given counts, consecutive in the view. */
function daysOf(...counts: number[]): GalleryDay[] {
  let firstIndex = 0;
  return counts.map((count, i) => {
    const day = { day: `2024-05-${String(30 - i).padStart(2, "0")}`, firstIndex, count };
    firstIndex += count;
    return day;
  });
}

describe("columns from the width", () => {
  it.each([
    // width, columns
    [320, 3],
    [375, 3],
    [428, 4],
    [600, 3],
    [800, 4],
    [1280, 7],
    [1920, 11],
    [2560, 14],
  ])("%d px wide gives %d columns", (width, columns) => {
    const result = gridColumnsForWidth(width);
    expect(result.columns).toBe(columns);
    expect(result.tileSizePx).toBeGreaterThanOrEqual(minTileSizePx);
    expect(result.tileSizePx).toBeLessThanOrEqual(maxTileSizePx);
  });

  it("keeps one column on a width narrower than a tile, and none of negative size", () => {
    expect(gridColumnsForWidth(80)).toEqual({ columns: 1, tileSizePx: 80 });
    expect(gridColumnsForWidth(0)).toEqual({ columns: 1, tileSizePx: 0 });
  });

  const levels = Array.from(
    { length: gridZoomLevels.max - gridZoomLevels.min + 1 },
    (_, i) => gridZoomLevels.min + i,
  );

  it.each([390, 768, 1360, 2520])(
    "changes the columns at every zoom step at %i px, fewer as it zooms in",
    (width) => {
      const columns = levels.map((level) => gridColumnsForWidth(width, level).columns);
      for (let i = 1; i < columns.length; i++) {
        expect(columns[i], `level ${String(levels[i])}`).toBeLessThan(columns[i - 1] ?? 0);
      }
      expect(gridColumnsForWidth(width, 0)).toEqual(gridColumnsForWidth(width));
      for (const level of levels) {
        expect(gridColumnsForWidth(width, level).tileSizePx).toBeGreaterThanOrEqual(
          zoomedOutTileMinPx,
        );
      }
    },
  );

  it("shows a phone 4 columns by default, up to 9 zoomed out and 2 zoomed in", () => {
    expect(gridColumnsForWidth(390, 0).columns).toBe(4);
    expect(gridColumnsForWidth(390, gridZoomLevels.min).columns).toBe(9);
    expect(gridColumnsForWidth(390, gridZoomLevels.max).columns).toBe(2);
  });

  it("stops at one column and at the smallest tile, and keeps levels whole and in range", () => {
    expect(gridColumnsForWidth(150, gridZoomLevels.max).columns).toBe(1);
    expect(gridColumnsForWidth(100, gridZoomLevels.min).columns).toBe(2);
    expect(clampGridZoom(7)).toBe(gridZoomLevels.max);
    expect(clampGridZoom(-7)).toBe(gridZoomLevels.min);
    expect(clampGridZoom(0.6)).toBe(1);
  });
});

describe("the layout of days in rows", () => {
  // Three days of 5, 1 and 8 items in 4 columns; tiles of 98 + 2 px gap, headers 48 px.
  const layout = buildGridLayout({ days: daysOf(5, 1, 8), columns: 4, tileSizePx: 98 });

  it("counts a header and ceil(count / columns) tile rows per day", () => {
    expect(layout.rowCount).toBe(1 + 2 + 1 + 1 + 1 + 2);
    expect(layout.totalHeightPx).toBe(3 * 48 + 5 * 100);
    expect(layout.itemCount).toBe(14);
  });

  it.each([
    // row, kind, offset, first item, count
    [0, "header", 0, undefined, undefined],
    [1, "tiles", 48, 0, 4],
    [2, "tiles", 148, 4, 1],
    [3, "header", 248, undefined, undefined],
    [4, "tiles", 296, 5, 1],
    [5, "header", 396, undefined, undefined],
    [6, "tiles", 444, 6, 4],
    [7, "tiles", 544, 10, 4],
  ])("row %d is a %s row at %d px", (index, kind, offset, firstIndex, count) => {
    const row = rowAt(layout, index);
    expect(row?.kind).toBe(kind);
    expect(row?.offsetPx).toBe(offset);
    if (row?.kind === "tiles") {
      expect(row.firstIndex).toBe(firstIndex);
      expect(row.count).toBe(count);
    }
  });

  it.each([
    // offset, row
    [-10, 0],
    [0, 0],
    [47.9, 0],
    [48, 1],
    [147, 1],
    [148, 2],
    [247.5, 2],
    [248, 3],
    [300, 4],
    [396, 5],
    [643, 7],
    [644, 7],
    [10_000, 7],
  ])("offset %d px is in row %d", (offset, row) => {
    expect(rowIndexAtOffset(layout, offset)).toBe(row);
  });

  it.each([
    // item, row, column
    [0, 1, 0],
    [3, 1, 3],
    [4, 2, 0],
    [5, 4, 0],
    [6, 6, 0],
    [13, 7, 3],
  ])("item %d is in row %d, column %d", (item, row, column) => {
    const position = rowOfItem(layout, item);
    expect(position?.row.rowIndex).toBe(row);
    expect(position?.column).toBe(column);
  });

  it("lists the rows intersecting a range, in order", () => {
    expect(rowsInRange(layout, 150, 300).map((row) => row.rowIndex)).toEqual([2, 3, 4]);
    expect(rowsInRange(layout, 0, 0)).toEqual([]);
  });

  it("is empty for a view without days", () => {
    const empty = buildGridLayout({ days: [], columns: 4, tileSizePx: 98 });
    expect(empty.totalHeightPx).toBe(0);
    expect(rowAt(empty, 0)).toBeUndefined();
    expect(rowsInRange(empty, 0, 1000)).toEqual([]);
    expect(rowOfItem(empty, 0)).toBeUndefined();
  });

  it("lays out 1,000,000 items over 10,000 days and finds the last row by offset", () => {
    const days = daysOf(...Array.from({ length: 10_000 }, () => 100));
    const big = buildGridLayout({ days, columns: 5, tileSizePx: 198 });
    expect(big.itemCount).toBe(1_000_000);
    expect(big.totalHeightPx).toBe(10_000 * (48 + 20 * 200));
    const last = rowAt(big, rowIndexAtOffset(big, big.totalHeightPx - 1));
    expect(last?.kind === "tiles" && last.firstIndex + last.count).toBe(1_000_000);
  });
});

describe("small days share a row", () => {
  // Seven columns of 180 px tiles (a 1272 px row): days of 2, 1 and 3 items
  // fit in one row with 20 px between them; a day of 10 needs rows of its
  // own; the two single-item days after it share the next row.
  const layout = buildGridLayout({ days: daysOf(2, 1, 3, 10, 1, 1), columns: 7, tileSizePx: 180 });

  it("packs them into one header and one tile row", () => {
    expect(layout.groupCount).toBe(3);
    expect(layout.rowCount).toBe(2 + 3 + 2);
    expect(layout.totalHeightPx).toBe(3 * 48 + 4 * 182);
    expect(Array.from(layout.dayFirstRow)).toEqual([0, 0, 0, 2, 5, 5, 7]);
    expect(Array.from(layout.dayOffsetPx)).toEqual([0, 0, 0, 230, 642, 642, 872]);
  });

  it("puts each day's heading over its own tiles", () => {
    const header = rowAt(layout, 0);
    const tiles = rowAt(layout, 1);
    if (header?.kind !== "header" || tiles?.kind !== "tiles") throw new Error("header, tiles");
    expect(
      header.headings.map(({ dayIndex, leftPx, widthPx }) => [dayIndex, leftPx, widthPx]),
    ).toEqual([
      [0, 0, 362],
      [1, 382, 180],
      [2, 582, 544],
    ]);
    expect(header.headings.every((heading) => heading.packed)).toBe(true);
    expect(tiles).toMatchObject({ firstIndex: 0, count: 6, firstAfterHeader: true });
    expect(Array.from({ length: 6 }, (_, column) => tileLeftPx(layout, tiles, column))).toEqual([
      0, 182, 382, 582, 764, 946,
    ]);
    expect(packedDayMarginsPx(layout, tiles)).toEqual(
      new Map([
        [2, 18],
        [3, 18],
      ]),
    );
  });

  it("gives a day of its own the whole row's heading and its columns", () => {
    const header = rowAt(layout, 2);
    if (header?.kind !== "header") throw new Error("header");
    expect(header.headings).toEqual([
      { dayIndex: 3, day: layout.days[3], leftPx: 0, widthPx: 1272, packed: false },
    ]);
    expect(rowAt(layout, 4)).toMatchObject({ firstIndex: 13, count: 3, firstAfterHeader: false });
  });

  it.each([
    // item, row, place in the row
    [0, 1, 0],
    [2, 1, 2],
    [5, 1, 5],
    [6, 3, 0],
    [13, 4, 0],
    [17, 6, 1],
  ])("finds item %d in row %d at place %d", (item, row, column) => {
    const position = rowOfItem(layout, item);
    expect(position?.row.rowIndex).toBe(row);
    expect(position?.column).toBe(column);
  });

  it.each([
    // offset, row
    [0, 0],
    [48, 1],
    [229, 1],
    [230, 2],
    [460, 4],
    [642, 5],
    [700, 6],
  ])("offset %d px is in row %d", (offset, row) => {
    expect(rowIndexAtOffset(layout, offset)).toBe(row);
  });

  it("keeps a single phone tile's day wide enough for its heading", () => {
    // Four columns of 96 px on a 390 px phone.
    const phone = buildGridLayout({ days: daysOf(1, 1, 2), columns: 4, tileSizePx: 96 });
    const header = rowAt(phone, 0);
    const tiles = rowAt(phone, 1);
    if (header?.kind !== "header" || tiles?.kind !== "tiles") throw new Error("header, tiles");
    expect(header.headings.map(({ leftPx, widthPx }) => [leftPx, widthPx])).toEqual([
      [0, 160],
      [180, 160],
    ]);
    expect(packedDayMarginsPx(phone, tiles)).toEqual(new Map([[1, 82]]));
    // The day of two does not fit beside them: 160 + 20 + 160 + 20 + 194 > 390.
    expect(phone.groupCount).toBe(2);
  });

  it("puts every day in rows of its own without a gap between days", () => {
    const unpacked = buildGridLayout({
      days: daysOf(2, 1, 3),
      columns: 7,
      tileSizePx: 180,
      dayGapPx: 0,
    });
    expect(unpacked.groupCount).toBe(3);
    expect(unpacked.rowCount).toBe(6);
  });
});
