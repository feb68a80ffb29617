import { describe, expect, it } from "vitest";
import { cellAfterKey, type CellBox } from "./month-overview-keys";

/**
 * Two years as the overview lays them out in rows of 4 cells of 100 px:
 * 2024 with 6 months (a row of 4 and one of 2), then 2023 with 3 months
 * below its heading.
 */
const cell = (column: number, top: number): CellBox => ({ left: column * 110, top, width: 100 });
const boxes = [
  cell(0, 0),
  cell(1, 0),
  cell(2, 0),
  cell(3, 0),
  cell(0, 140),
  cell(1, 140),
  cell(0, 340),
  cell(1, 340),
  cell(2, 340),
];

describe("arrow keys over the month overview", () => {
  it.each([
    { from: 0, key: "ArrowRight", to: 1 },
    { from: 3, key: "ArrowRight", to: 4 },
    { from: 8, key: "ArrowRight", to: undefined },
    { from: 4, key: "ArrowLeft", to: 3 },
    { from: 0, key: "ArrowLeft", to: undefined },
    { from: 2, key: "ArrowDown", to: 5 },
    { from: 1, key: "ArrowDown", to: 5 },
    { from: 5, key: "ArrowDown", to: 7 },
    { from: 8, key: "ArrowDown", to: undefined },
    { from: 8, key: "ArrowUp", to: 5 },
    { from: 4, key: "ArrowUp", to: 0 },
    { from: 0, key: "ArrowUp", to: undefined },
    { from: 5, key: "Home", to: 0 },
    { from: 5, key: "End", to: 8 },
    { from: 5, key: "Enter", to: undefined },
  ])("$key from cell $from goes to $to", ({ from, key, to }) => {
    expect(cellAfterKey(boxes, from, key)).toBe(to);
  });
});
