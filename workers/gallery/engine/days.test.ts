import { afterAll, describe, expect, it } from "vitest";
import { groupByDay, localDayOf } from "./days";

// Vitest runs each file in its own process: the zone set here is this file's.
// Set before the tables below compute their local times.
const previousTZ = process.env.TZ;
process.env.TZ = "Europe/Amsterdam";
afterAll(() => {
  process.env.TZ = previousTZ;
});

/** µs of a local wall-clock time. */
const localUs = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).getTime() * 1000;

const days = (times: number[]) =>
  groupByDay(Float64Array.from(times), times.length).map(({ day, firstIndex, count }) => [
    day,
    firstIndex,
    count,
  ]);

describe("localDayOf", () => {
  it.each([
    // 31 March 2024: clocks go forward at 02:00, the day has 23 hours.
    ["spring DST change", localUs(2024, 3, 31, 12), "2024-03-31", 23],
    // 27 October 2024: clocks go back at 03:00, the day has 25 hours.
    ["autumn DST change", localUs(2024, 10, 27, 12), "2024-10-27", 25],
    ["an ordinary day", localUs(2024, 6, 1, 0, 0), "2024-06-01", 24],
    ["before 1970", localUs(1969, 7, 20, 22), "1969-07-20", 24],
  ])("%s", (_, timeUs, day, hours) => {
    const result = localDayOf(timeUs / 1000);
    expect(result.day).toBe(day);
    expect((result.endMs - result.startMs) / 3_600_000).toBe(hours);
  });
});

describe("groupByDay", () => {
  it.each([
    [
      "midnight splits days (newest first)",
      [localUs(2024, 6, 2, 0, 0), localUs(2024, 6, 1, 23, 59), localUs(2024, 6, 1, 0, 1)],
      [
        ["2024-06-02", 0, 1],
        ["2024-06-01", 1, 2],
      ],
    ],
    [
      "a DST day keeps its 23:30 and 00:30 together",
      [localUs(2024, 10, 27, 23, 30), localUs(2024, 10, 27, 2, 30), localUs(2024, 10, 27, 0, 30)],
      [["2024-10-27", 0, 3]],
    ],
    [
      "the spring DST day ends at midnight, not 24 h after its start",
      [localUs(2024, 4, 1, 0, 10), localUs(2024, 3, 31, 23, 50), localUs(2024, 3, 31, 0, 10)],
      [
        ["2024-04-01", 0, 1],
        ["2024-03-31", 1, 2],
      ],
    ],
    [
      "oldest first (an ascending album)",
      [localUs(2020, 1, 1, 9), localUs(2020, 1, 1, 18), localUs(2020, 1, 3, 8)],
      [
        ["2020-01-01", 0, 2],
        ["2020-01-03", 2, 1],
      ],
    ],
    ["empty", [], []],
  ])("%s", (_, times, expected) => {
    expect(days(times)).toEqual(expected);
  });
});
