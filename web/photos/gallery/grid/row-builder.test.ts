import { describe, expect, it } from "vitest";
import { type BuildableRow, RowBuilder } from "./row-builder";

/** Rows of 100 px with 10 tiles, from `first` to `end` (exclusive). */
const rowsFrom = (first: number, end: number): BuildableRow[] =>
  Array.from({ length: end - first }, (_, i) => ({
    rowIndex: first + i,
    offsetPx: (first + i) * 100,
    heightPx: 100,
    tileCount: 10,
  }));

const sorted = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b);

describe("RowBuilder", () => {
  it("builds the rows on screen at once, then the nearest within the budget of each frame", () => {
    const builder = new RowBuilder();
    // A band of rows 0–29 with the viewport over rows 10–17.
    const band = rowsFrom(0, 30);
    const first = builder.plan(band, 1000, 1800, 40);
    expect(sorted(first.built)).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    expect(first.pending).toBe(true);
    const second = builder.plan(band, 1000, 1800, 40);
    // Then the rows just above and just below the screen.
    expect(sorted(second.built)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    let plan = second;
    for (let frame = 0; frame < 10 && plan.pending; frame++)
      plan = builder.plan(band, 1000, 1800, 40);
    expect(plan.built.size).toBe(30);
    expect(plan.pending).toBe(false);
  });

  it("builds nothing new while flinging but keeps what is built in the band", () => {
    const builder = new RowBuilder();
    builder.plan(rowsFrom(0, 10), 0, 800, 1000);
    const flinging = builder.plan(rowsFrom(5, 25), 1500, 2300, 0);
    expect(sorted(flinging.built)).toEqual([5, 6, 7, 8, 9]);
    expect(flinging.pending).toBe(true);
  });

  it("forgets rows that left the band", () => {
    const builder = new RowBuilder();
    builder.plan(rowsFrom(0, 10), 0, 800, 1000);
    builder.plan(rowsFrom(20, 30), 2000, 2800, 0);
    // Rows 0–9 come back unbuilt: their elements were removed.
    const back = builder.plan(rowsFrom(0, 10), 0, 800, 0);
    expect(back.built.size).toBe(0);
    expect(back.pending).toBe(true);
  });

  it("gives entering light rows the slots of those that left", () => {
    const builder = new RowBuilder();
    const first = builder.plan(rowsFrom(0, 10), 0, 800, 0);
    expect(sorted(new Set(first.lightSlots.values()))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const moved = builder.plan(rowsFrom(4, 14), 400, 1200, 0);
    // Rows 4–9 keep their slots; rows 10–13 reuse those of rows 0–3.
    expect([4, 5, 6, 7, 8, 9].map((row) => moved.lightSlots.get(row))).toEqual([4, 5, 6, 7, 8, 9]);
    expect(sorted(new Set([10, 11, 12, 13].map((row) => moved.lightSlots.get(row) ?? -1)))).toEqual(
      [0, 1, 2, 3],
    );
    // Built rows have no slot: the eight on screen are built, rows 12 and 13 stay light.
    const built = builder.plan(rowsFrom(4, 14), 400, 1200, 5);
    expect(sorted(new Set(built.lightSlots.keys()))).toEqual([12, 13]);
    expect([...built.built].every((row) => !built.lightSlots.has(row))).toBe(true);
  });

  it("builds a scroll's new row at once when it fits", () => {
    const builder = new RowBuilder();
    builder.plan(rowsFrom(0, 20), 0, 800, 1000);
    const scrolled = builder.plan(rowsFrom(1, 21), 100, 900, 36);
    expect(scrolled.built.has(20)).toBe(true);
    expect(scrolled.pending).toBe(false);
  });
});
