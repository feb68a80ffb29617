import { describe, expect, it } from "vitest";
import {
  dateOfDayKey,
  dayKeyOf,
  dayLabelKind,
  dayNeedsYear,
  formatDuration,
  previousDayKey,
} from "./day-label";

describe("day labels", () => {
  it.each([
    ["2024-05-30", "2024-05-30", "today"],
    ["2024-05-29", "2024-05-30", "yesterday"],
    ["2024-05-28", "2024-05-30", "date"],
    ["2024-02-29", "2024-03-01", "yesterday"],
    ["2023-12-31", "2024-01-01", "yesterday"],
    ["2024-05-31", "2024-05-30", "date"],
  ] as const)("%s seen on %s is %s", (day, today, kind) => {
    expect(dayLabelKind(day, today)).toBe(kind);
  });

  it.each([
    ["2024-03-31", "2024-03-30"],
    ["2024-10-27", "2024-10-26"],
    ["2025-03-01", "2025-02-28"],
  ])("the day before %s is %s, across daylight saving changes too", (day, previous) => {
    expect(previousDayKey(day)).toBe(previous);
  });

  it("reads and writes local calendar dates", () => {
    expect(dayKeyOf(dateOfDayKey("2021-07-04"))).toBe("2021-07-04");
    expect(dayKeyOf(dateOfDayKey("0099-01-02"))).toBe("0099-01-02");
    expect(dateOfDayKey("2021-07-04").getHours()).toBe(0);
  });

  it.each([
    ["2024-01-05", "2024-05-30", false],
    ["2023-12-31", "2024-05-30", true],
  ])("%s seen on %s shows its year: %s", (day, today, needsYear) => {
    expect(dayNeedsYear(day, today)).toBe(needsYear);
  });

  it.each([
    [0, "0:00"],
    [7.4, "0:07"],
    [65, "1:05"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3725, "1:02:05"],
  ])("a %d s video reads %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
