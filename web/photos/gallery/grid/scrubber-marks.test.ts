import { describe, expect, it } from "vitest";
import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";
import { buildGridLayout } from "./grid-layout";
import { offsetAtTrackFraction, scrubberMarks } from "./scrubber-marks";

function layoutOf(dayKeys: string[], countPerDay = 4) {
  const days: GalleryDay[] = dayKeys.map((day, i) => ({
    day,
    firstIndex: i * countPerDay,
    count: countPerDay,
  }));
  // 4 columns: each day is a 48 px header and one 100 px row.
  return buildGridLayout({ days, columns: 4, tileSizePx: 98 });
}

describe("scrubber marks", () => {
  const layout = layoutOf(["2024-05-30", "2024-05-02", "2024-04-11", "2023-12-25", "2023-11-01"]);

  it("marks where each year and month starts, by offset", () => {
    const marks = scrubberMarks(layout, 10_000);
    expect(marks.map((m) => [m.kind, m.day, m.offsetPx])).toEqual([
      ["year", "2024-05-30", 0],
      ["month", "2024-04-11", 296],
      ["year", "2023-12-25", 444],
      ["month", "2023-11-01", 592],
    ]);
    expect(marks[2]?.fraction).toBeCloseTo(444 / 740, 9);
  });

  it("thins marks that would crowd the track, months before years", () => {
    // A 100 px track: marks at 0, 40, 60 and 80 px; 20 px apart at least.
    const marks = scrubberMarks(layout, 100, 25);
    expect(marks.map((m) => m.day)).toEqual(["2024-05-30", "2023-12-25"]);
  });

  it("has no marks for an empty view", () => {
    expect(scrubberMarks(layoutOf([]), 500)).toEqual([]);
  });

  it("maps a track position to a grid offset", () => {
    expect(offsetAtTrackFraction(layout, 0.5)).toBe(370);
    expect(offsetAtTrackFraction(layout, 2)).toBe(740);
    expect(offsetAtTrackFraction(layout, -1)).toBe(0);
  });
});
