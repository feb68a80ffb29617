import { describe, expect, it } from "vitest";
import { parseVideoDateTimeUs, parseVideoDurationSec, videoCreationTimeUs } from "./video-times";

const us = (iso: string): number => Date.parse(iso) * 1000;
/** The "now" of these cases: 2024-06-01T12:00:00Z. */
const nowUs = us("2024-06-01T12:00:00Z");

describe("parseVideoDateTimeUs", () => {
  it.each([
    ["ffprobe's creation_time", "2023-05-01T10:20:30.000000Z", us("2023-05-01T10:20:30Z")],
    ["microseconds kept", "2023-05-01T10:20:30.123456Z", us("2023-05-01T10:20:30Z") + 123_456],
    [
      "a fraction past µs cut",
      "2023-05-01T10:20:30.1234567Z",
      us("2023-05-01T10:20:30Z") + 123_456,
    ],
    ["a short fraction", "2023-05-01T10:20:30.5Z", us("2023-05-01T10:20:30Z") + 500_000],
    ["Apple's offset without colon", "2023-05-01T12:20:30+0200", us("2023-05-01T10:20:30Z")],
    ["an offset with colon", "2023-05-01T05:20:30-05:00", us("2023-05-01T10:20:30Z")],
    ["an hours-only offset", "2023-05-01T15:50:30+05", us("2023-05-01T10:50:30Z")],
    ["a half-hour offset", "2023-05-01T15:50:30+0530", us("2023-05-01T10:20:30Z")],
    ["no zone, read as UTC (AVI)", "2023-05-01 10:20:30", us("2023-05-01T10:20:30Z")],
    ["surrounding spaces", "  2023-05-01T10:20:30Z ", us("2023-05-01T10:20:30Z")],
    ["a lower-case z", "2023-05-01t10:20:30z", us("2023-05-01T10:20:30Z")],
    ["a leap day", "2024-02-29T00:00:00Z", us("2024-02-29T00:00:00Z")],
    ["an early year", "0099-01-01T00:00:00Z", us("0099-01-01T00:00:00Z")],
  ])("reads %s", (_, value, expected) => {
    expect(parseVideoDateTimeUs(value)).toBe(expected);
  });

  it.each([
    ["empty", ""],
    ["a bare date", "2023-05-01"],
    ["no seconds", "2023-05-01T10:20Z"],
    ["zeros", "0000-00-00 00:00:00"],
    ["a 13th month", "2023-13-01T10:20:30Z"],
    ["30 February", "2023-02-30T10:20:30Z"],
    ["29 February of a common year", "2023-02-29T10:20:30Z"],
    ["hour 24", "2023-05-01T24:00:00Z"],
    ["minute 60", "2023-05-01T10:60:00Z"],
    ["second 60", "2023-05-01T10:20:60Z"],
    ["an impossible zone", "2023-05-01T10:20:30+1500"],
    ["EXIF colons", "2023:05:01 10:20:30"],
    ["text", "yesterday"],
    ["trailing text", "2023-05-01T10:20:30Z and more"],
  ])("gives undefined for %s", (_, value) => {
    expect(parseVideoDateTimeUs(value)).toBeUndefined();
  });
});

describe("videoCreationTimeUs", () => {
  it.each([
    ["a past time", "2023-05-01T10:20:30.000000Z", us("2023-05-01T10:20:30Z")],
    ["exactly now", "2024-06-01T12:00:00Z", nowUs],
    ["before 1970", "1969-12-31T23:59:59Z", us("1969-12-31T23:59:59Z")],
    ["one µs after the epoch", "1970-01-01T00:00:00.000001Z", 1],
  ])("keeps %s", (_, value, expected) => {
    expect(videoCreationTimeUs(value, nowUs)).toBe(expected);
  });

  it.each([
    ["no tag", undefined],
    ["an empty tag", ""],
    ["a blank tag", "   "],
    ["the Unix epoch (zero)", "1970-01-01T00:00:00.000000Z"],
    ["the Unix epoch in another zone", "1970-01-01T01:00:00+0100"],
    ["the QuickTime epoch (zero in mvhd)", "1904-01-01T00:00:00.000000Z"],
    ["zeros", "0000-00-00T00:00:00.000000Z"],
    ["an invalid date", "2023-02-30T10:20:30Z"],
    ["garbage", "not a date"],
    ["one µs in the future", "2024-06-01T12:00:00.000001Z"],
    ["next year", "2025-01-01T00:00:00Z"],
    // 13:30+01:00 is 12:30Z: thirty minutes after now.
    ["half an hour ahead, written with an offset", "2024-06-01T13:30:00+0100"],
  ])("ignores %s", (_, value) => {
    expect(videoCreationTimeUs(value, nowUs)).toBeUndefined();
  });

  it("keeps a local time later than now when its instant is past", () => {
    // 13:30 in New York is 17:30Z the day before now.
    expect(videoCreationTimeUs("2024-05-31T13:30:00-0400", nowUs)).toBe(us("2024-05-31T17:30:00Z"));
  });
});

describe("parseVideoDurationSec", () => {
  it.each([
    ["ffprobe JSON's decimal seconds", "62.340000", 62.34],
    ["whole seconds", "3", 3],
    ["a clock value", "00:01:02.34", 62.34],
    ["a clock value past an hour", "01:00:00.50", 3600.5],
    ["a clock value past 99 hours", "100:00:00", 360_000],
    ["ffmpeg's log line", "  Duration: 00:01:02.34, start: 0.000000, bitrate: 1205 kb/s", 62.34],
    ["a number", 0.4, 0.4],
    ["surrounding spaces", " 2.5 ", 2.5],
  ])("reads %s", (_, value, expected) => {
    expect(parseVideoDurationSec(value)).toBeCloseTo(expected, 9);
  });

  it.each([
    ["no value", undefined],
    ["N/A", "N/A"],
    ["ffmpeg's log line without a duration", "Duration: N/A, start: 0.000000, bitrate: N/A"],
    ["empty", ""],
    ["zero", "0.000000"],
    ["zero as a clock", "00:00:00.00"],
    ["a negative number", -1],
    ["a negative string", "-1.5"],
    ["infinity", Number.POSITIVE_INFINITY],
    ["NaN", Number.NaN],
    ["minutes past 59", "00:61:00"],
    ["text", "long"],
  ])("gives undefined for %s", (_, value) => {
    expect(parseVideoDurationSec(value)).toBeUndefined();
  });
});
