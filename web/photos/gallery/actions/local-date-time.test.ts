import { describe, expect, it } from "vitest";
import { localDateTimeToUs, usToLocalDateTime } from "./local-date-time";

describe("datetime-local values", () => {
  it.each([
    ["2024-03-05T14:07", new Date(2024, 2, 5, 14, 7, 0).getTime() * 1000],
    ["2024-03-05T14:07:09", new Date(2024, 2, 5, 14, 7, 9).getTime() * 1000],
    ["1999-12-31T23:59", new Date(1999, 11, 31, 23, 59).getTime() * 1000],
    ["2023-02-30T10:00", undefined],
    ["2024-13-01T10:00", undefined],
    ["2024-03-05", undefined],
    ["", undefined],
  ])("%s is %s µs", (value, timeUs) => {
    expect(localDateTimeToUs(value)).toBe(timeUs);
  });

  it("writes a time back as the input shows it, to the minute", () => {
    const timeUs = new Date(2021, 6, 4, 9, 3, 41).getTime() * 1000;
    expect(usToLocalDateTime(timeUs)).toBe("2021-07-04T09:03");
    expect(localDateTimeToUs(usToLocalDateTime(timeUs))).toBe(
      new Date(2021, 6, 4, 9, 3).getTime() * 1000,
    );
  });
});
