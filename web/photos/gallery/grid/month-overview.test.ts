import { describe, expect, it } from "vitest";
import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";
import { monthCellKey, monthOfDay, overviewYears } from "./month-overview";

/** Days in the order given, each with its count, indexes following on. */
function daysOf(...entries: [day: string, count: number][]): GalleryDay[] {
  let firstIndex = 0;
  return entries.map(([day, count]) => {
    const entry = { day, firstIndex, count };
    firstIndex += count;
    return entry;
  });
}

/** What a user reads: per year its months with their counts, and where each jumps. */
const shown = (days: GalleryDay[]) =>
  overviewYears(days).map((year) => ({
    year: year.yearKey,
    items: year.itemCount,
    months: year.months.map(
      (month) =>
        `${month.monthKey}: ${String(month.itemCount)} from ${month.firstDay.day} #${String(month.firstDay.firstIndex)}`,
    ),
  }));

describe("the month overview's years and months", () => {
  it.each([
    { name: "an empty view", days: daysOf(), years: [] },
    {
      name: "a newest-first view",
      days: daysOf(
        ["2024-03-02", 3],
        ["2024-03-01", 1],
        ["2024-01-31", 2],
        ["2023-12-31", 5],
        ["2023-07-04", 1],
      ),
      years: [
        {
          year: "2024",
          items: 6,
          months: ["2024-03: 4 from 2024-03-02 #0", "2024-01: 2 from 2024-01-31 #4"],
        },
        {
          year: "2023",
          items: 6,
          months: ["2023-12: 5 from 2023-12-31 #6", "2023-07: 1 from 2023-07-04 #11"],
        },
      ],
    },
    {
      name: "an ascending album (oldest first): a month starts on its oldest day",
      days: daysOf(["2023-12-30", 2], ["2023-12-31", 1], ["2024-01-01", 4]),
      years: [
        { year: "2023", items: 3, months: ["2023-12: 3 from 2023-12-30 #0"] },
        { year: "2024", items: 4, months: ["2024-01: 4 from 2024-01-01 #3"] },
      ],
    },
    {
      name: "days out of date order: each run of a month is a cell of its own",
      days: daysOf(["2024-05-02", 1], ["2023-01-01", 1], ["2024-05-01", 1]),
      years: [
        { year: "2024", items: 1, months: ["2024-05: 1 from 2024-05-02 #0"] },
        { year: "2023", items: 1, months: ["2023-01: 1 from 2023-01-01 #1"] },
        { year: "2024", items: 1, months: ["2024-05: 1 from 2024-05-01 #2"] },
      ],
    },
  ])("$name", ({ days, years }) => {
    expect(shown(days)).toEqual(years);
  });

  it("gathers a million items in ten thousand days into one cell per month", () => {
    const days: [string, number][] = [];
    const date = new Date(2024, 11, 31);
    for (let d = 0; d < 10_000; d++) {
      const key = `${String(date.getFullYear())}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
      days.push([key, 100]);
      date.setDate(date.getDate() - 1);
    }
    const years = overviewYears(daysOf(...days));
    const months = years.flatMap((year) => year.months);
    // 10,000 days back from the end of 2024 reach into 1997: 27 whole years and part of one.
    expect(years.map((year) => year.yearKey).slice(0, 2)).toEqual(["2024", "2023"]);
    expect(years).toHaveLength(28);
    expect(months.length).toBeGreaterThan(27 * 12);
    expect(months.length).toBeLessThanOrEqual(28 * 12);
    expect(months.reduce((sum, month) => sum + month.itemCount, 0)).toBe(1_000_000);
    expect(new Set(months.map(monthCellKey)).size).toBe(months.length);
  });

  it("finds the month of the day the grid stands on", () => {
    const years = overviewYears(
      daysOf(["2024-03-02", 3], ["2024-03-01", 1], ["2024-01-31", 2], ["2023-12-31", 5]),
    );
    expect(monthOfDay(years, 0)?.monthKey).toBe("2024-03");
    expect(monthOfDay(years, 1)?.monthKey).toBe("2024-03");
    expect(monthOfDay(years, 2)?.monthKey).toBe("2024-01");
    expect(monthOfDay(years, 3)?.monthKey).toBe("2023-12");
    expect(monthOfDay(years, 4)).toBeUndefined();
  });
});
