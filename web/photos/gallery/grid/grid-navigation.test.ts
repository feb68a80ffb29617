import { describe, expect, it } from "vitest";
import { buildGridLayout } from "./grid-layout";
import { nextFocusIndex, type GridNavigationKey } from "./grid-navigation";

// Days of 5, 1 and 8 items in 4 columns (tile rows of 100 px, headers 48 px):
//   day 0: [0 1 2 3] [4]      day 1: [5]      day 2: [6 7 8 9] [10 11 12 13]
const layout = buildGridLayout({
  days: [
    { day: "2024-05-03", firstIndex: 0, count: 5 },
    { day: "2024-05-02", firstIndex: 5, count: 1 },
    { day: "2024-05-01", firstIndex: 6, count: 8 },
  ],
  columns: 4,
  tileSizePx: 98,
});

describe("keyboard movement in the grid", () => {
  it.each<[number, GridNavigationKey, number]>([
    [0, "ArrowLeft", 0],
    [1, "ArrowLeft", 0],
    [4, "ArrowRight", 5],
    [13, "ArrowRight", 13],
    [2, "ArrowDown", 4],
    [4, "ArrowDown", 5],
    [5, "ArrowDown", 6],
    [3, "ArrowUp", 3],
    [6, "ArrowUp", 5],
    [11, "ArrowUp", 7],
    [5, "ArrowUp", 4],
    [13, "ArrowDown", 13],
    [7, "Home", 0],
    [2, "End", 13],
    [1, "PageDown", 5],
    [3, "PageDown", 5],
    [5, "PageDown", 10],
    [12, "PageUp", 4],
    [10, "PageDown", 10],
    [1, "PageUp", 1],
  ])("from %d, %s goes to %d", (from, key, to) => {
    expect(nextFocusIndex(layout, from, key, 300)).toBe(to);
  });

  it("moves by the viewport's height", () => {
    expect(nextFocusIndex(layout, 1, "PageDown", 500)).toBe(11);
    expect(nextFocusIndex(layout, 11, "PageUp", 500)).toBe(1);
  });

  it("stays at 0 in an empty view", () => {
    const empty = buildGridLayout({ days: [], columns: 4, tileSizePx: 98 });
    expect(nextFocusIndex(empty, 0, "ArrowDown", 300)).toBe(0);
  });
});

describe("keyboard movement over packed days", () => {
  // Seven columns of 180 px: days of 2, 1 and 3 share the first row (tiles at
  // 0, 182 | 382 | 582, 764, 946 px), a day of 10 has two rows of its own.
  //   [0 1] [2] [3 4 5]      [6 7 8 9 10 11 12] [13 14 15]
  const packed = buildGridLayout({
    days: [
      { day: "2024-05-04", firstIndex: 0, count: 2 },
      { day: "2024-05-03", firstIndex: 2, count: 1 },
      { day: "2024-05-02", firstIndex: 3, count: 3 },
      { day: "2024-05-01", firstIndex: 6, count: 10 },
    ],
    columns: 7,
    tileSizePx: 180,
  });

  it.each<[number, GridNavigationKey, number]>([
    [0, "ArrowDown", 6],
    [2, "ArrowDown", 8],
    [5, "ArrowDown", 11],
    [11, "ArrowUp", 5],
    [9, "ArrowUp", 3],
    [13, "ArrowUp", 6],
    [1, "ArrowRight", 2],
    [3, "ArrowLeft", 2],
  ])("from %d, %s goes to the tile nearest below or above: %d", (from, key, to) => {
    expect(nextFocusIndex(packed, from, key, 300)).toBe(to);
  });
});
