import { describe, expect, it } from "vitest";
import { expiryTimeUsOfDate, onePeriodAfter, utcDayOf } from "./admin-calendar";

const us = (iso: string) => Date.parse(iso) * 1000;

describe("onePeriodAfter", () => {
  it.each([
    ["2026-03-15T10:20:30.123Z", "month", "2026-04-15T10:20:30.123Z"],
    ["2026-12-15T00:00:00.000Z", "month", "2027-01-15T00:00:00.000Z"],
    ["2026-01-31T08:00:00.000Z", "month", "2026-02-28T08:00:00.000Z"],
    ["2028-01-31T08:00:00.000Z", "month", "2028-02-29T08:00:00.000Z"],
    ["2026-03-15T10:20:30.123Z", "year", "2027-03-15T10:20:30.123Z"],
    ["2028-02-29T12:00:00.000Z", "year", "2029-02-28T12:00:00.000Z"],
  ] as const)("%s + one %s = %s", (from, period, to) => {
    expect(onePeriodAfter(us(from) + 7, period)).toBe(us(to) + 7);
  });
});

describe("expiryTimeUsOfDate", () => {
  it("is 00:00 UTC of the date", () => {
    expect(expiryTimeUsOfDate("2028-02-29", "--date")).toBe(us("2028-02-29T00:00:00Z"));
    expect(utcDayOf(expiryTimeUsOfDate("2030-12-31", "--date"))).toBe("2030-12-31");
  });

  it.each(["2029-02-29", "2030-13-01", "2030-00-10", "2030-1-1", "tomorrow", "1969-12-31"])(
    "refuses %s",
    (text) => {
      expect(() => expiryTimeUsOfDate(text, "--date")).toThrow(/^--date: /);
    },
  );
});
