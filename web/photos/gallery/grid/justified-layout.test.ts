import { describe, expect, it } from "vitest";
import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";
import {
  firstItemAtOffset,
  packedDayMinWidthPx,
  rowAt,
  rowIndexAtOffset,
  rowOfItem,
  rowsInRange,
  tileLeftPx,
  type GridLayout,
  type GridRow,
} from "./grid-layout";
import { nextFocusIndex } from "./grid-navigation";
import { buildJustifiedLayout, justifiedRows, laidOutAspectRatio } from "./justified-layout";

/** Days of the given counts, consecutive in the view. */
function daysOf(...counts: number[]): GalleryDay[] {
  let firstIndex = 0;
  return counts.map((count, i) => {
    const day = { day: `2024-05-${String(30 - i).padStart(2, "0")}`, firstIndex, count };
    firstIndex += count;
    return day;
  });
}

const widthPx = 1000;
const targetHeightPx = 180;
const gapPx = 2;

const layoutOf = (days: GalleryDay[], aspectRatios: number[]) =>
  buildJustifiedLayout({
    days,
    aspectRatios,
    columns: 5,
    contentWidthPx: widthPx,
    targetHeightPx,
    gapPx,
  });

type TileRow = GridRow & { kind: "tiles" };

const tileRows = (layout: GridLayout): TileRow[] =>
  Array.from({ length: layout.rowCount }, (_, index) => rowAt(layout, index)).filter(
    (row): row is TileRow => row?.kind === "tiles",
  );

/** Where a row's last tile ends. */
const rowEndPx = (layout: GridLayout, row: TileRow): number =>
  tileLeftPx(layout, row, row.count - 1) + (row.tileWidthsPx?.[row.count - 1] ?? 0);

describe("rows of photos at their own shape", () => {
  it("shows each photo at its aspect ratio, in rows that fill the width", () => {
    // 30 photos of one day: landscapes, portraits and squares.
    const shapes = Array.from({ length: 30 }, (_, i) => [1.5, 0.75, 1, 4 / 3][i % 4] ?? 1);
    const layout = layoutOf(daysOf(30), shapes);
    const rows = tileRows(layout);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows.slice(0, -1)) {
      expect(rowEndPx(layout, row)).toBeCloseTo(widthPx, 3);
      // Near the target: never blown up, never squeezed to a strip.
      expect(row.tileHeightPx).toBeGreaterThan(targetHeightPx * 0.7);
      expect(row.tileHeightPx).toBeLessThan(targetHeightPx * 1.4);
      row.tileWidthsPx?.forEach((tileWidthPx, i) => {
        expect(tileWidthPx / row.tileHeightPx).toBeCloseTo(shapes[row.firstIndex + i] ?? 0, 5);
      });
    }
    // Every photo is in exactly one row, in order.
    expect(rows.map((row) => row.count).reduce((a, b) => a + b)).toBe(30);
    rows.slice(1).forEach((row, i) => {
      const before = rows[i] as TileRow;
      expect(row.firstIndex).toBe(before.firstIndex + before.count);
    });
  });

  it("does not stretch a day's last row: it keeps the target height, from the left", () => {
    // Four landscapes fill a row; three are left for the last.
    const layout = layoutOf(daysOf(7), Array<number>(7).fill(1.5));
    const rows = tileRows(layout);
    const last = rows[rows.length - 1] as TileRow;
    expect(last.tileHeightPx).toBe(targetHeightPx);
    expect(rowEndPx(layout, last)).toBeLessThan(widthPx);
  });

  it("packs small days side by side, each as wide as its photos or its heading", () => {
    // Two days of two portraits and one of a single portrait.
    const layout = layoutOf(daysOf(2, 2, 1), Array<number>(5).fill(0.75));
    const header = rowAt(layout, 0);
    expect(header?.kind).toBe("header");
    if (header?.kind !== "header") return;
    expect(header.headings.map((heading) => heading.dayIndex)).toEqual([0, 1, 2]);
    const twoPortraitsPx = 2 * 0.75 * targetHeightPx + gapPx;
    expect(header.headings[0]?.widthPx).toBeCloseTo(twoPortraitsPx, 5);
    expect(header.headings[2]?.widthPx).toBe(packedDayMinWidthPx);
    const row = rowAt(layout, 1) as TileRow;
    expect(row.count).toBe(5);
    // The second day's photos stand under its heading.
    expect(tileLeftPx(layout, row, 2)).toBeCloseTo(header.headings[1]?.leftPx ?? -1, 5);
    expect(layout.rowCount).toBe(2);
  });

  it("shows a photo of unknown shape square, and keeps panoramas and long screenshots within bounds", () => {
    expect(laidOutAspectRatio(0)).toBe(1);
    expect(laidOutAspectRatio(undefined)).toBe(1);
    expect(laidOutAspectRatio(12)).toBe(3);
    expect(laidOutAspectRatio(0.05)).toBe(0.4);
    const layout = layoutOf(daysOf(1), []);
    const row = rowAt(layout, 1) as TileRow;
    expect(row.tileWidthsPx).toEqual([targetHeightPx]);
  });

  it("gives a panorama wider than the screen a row of its own, fitted to the width", () => {
    const rows = justifiedRows(0, 3, (i) => [3, 3, 1][i] ?? 1, 400, 180, 2);
    expect(rows.map((row) => row.firstItem)).toEqual([0, 1, 2]);
    expect(rows[1]?.heightPx).toBeCloseTo(400 / 3, 5);
    expect(rows[2]?.heightPx).toBe(180);
  });

  it("finds rows by offset and items by row, as the square grid does", () => {
    const shapes = Array.from({ length: 500 }, (_, i) => 0.6 + ((i * 7) % 10) / 8);
    const layout = layoutOf(daysOf(120, 3, 1, 2, 200, 4, 170), shapes);
    for (let rowIndex = 0; rowIndex < layout.rowCount; rowIndex++) {
      const row = rowAt(layout, rowIndex);
      if (row === undefined) throw new Error("no row");
      expect(rowIndexAtOffset(layout, row.offsetPx)).toBe(rowIndex);
      expect(rowIndexAtOffset(layout, row.offsetPx + row.heightPx - 0.01)).toBe(rowIndex);
      if (row.kind !== "tiles") continue;
      for (let column = 0; column < row.count; column++) {
        expect(rowOfItem(layout, row.firstIndex + column)).toEqual({ row, column });
      }
      expect(firstItemAtOffset(layout, row.offsetPx)).toBe(row.firstIndex);
    }
    const last = rowAt(layout, layout.rowCount - 1);
    expect(layout.totalHeightPx).toBeCloseTo((last?.offsetPx ?? 0) + (last?.heightPx ?? 0), 5);
    expect(rowsInRange(layout, 0, layout.totalHeightPx)).toHaveLength(layout.rowCount);
  });

  it("moves the keyboard's focus down to the photo under it", () => {
    const shapes = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 0.7 : 1.6));
    const layout = layoutOf(daysOf(40), shapes);
    const [first, second] = tileRows(layout);
    if (first === undefined || second === undefined) throw new Error("two rows expected");
    const below = nextFocusIndex(layout, first.firstIndex + 1, "ArrowDown", 900);
    expect(below).toBeGreaterThanOrEqual(second.firstIndex);
    expect(below).toBeLessThan(second.firstIndex + second.count);
  });

  it("lays out a million photos with about one row per few photos", () => {
    const days = daysOf(...Array.from({ length: 10_000 }, () => 100));
    const shapes = new Float32Array(1_000_000).map((_, i) => (i % 5 === 0 ? 0.75 : 1.5));
    const layout = layoutOf(days, Array.from(shapes));
    expect(layout.itemCount).toBe(1_000_000);
    expect(layout.rowCount).toBeLessThan(1_000_000 / 3);
    const middle = rowAt(layout, rowIndexAtOffset(layout, layout.totalHeightPx / 2));
    expect(middle).toBeDefined();
  });
});
