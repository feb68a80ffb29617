import { describe, expect, it } from "vitest";
import { exifCreationDate, exifDateToLocalTimeUs, parseExifDate } from "./exif-dates";

const at = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
});

describe("parseExifDate", () => {
  it.each([
    ["2018:07:25 16:34:23", at(2018, 7, 25, 16, 34, 23)],
    ["20180725", at(2018, 7, 25)],
    ["2003-08-30", at(2003, 8, 30)],
    ["2003-09-05T16:30+02:00", at(2003, 9, 5, 16, 30, 2)],
    ["2008-05-09T14:03:06+02:00", at(2008, 5, 9, 14, 3, 6)],
    ["2019:10:26 16:07:24.123", at(2019, 10, 26, 16, 7, 24)],
    ["  2020:02:29 00:00:00 ", at(2020, 2, 29)],
    ["2016:12:31 23:59:60", at(2016, 12, 31, 23, 59, 60)],
  ])("reads %j", (value, expected) => {
    expect(parseExifDate(value)).toEqual(expected);
  });

  it.each([
    ["0000:00:00 00:00:00"],
    ["2019:13:01 00:00:00"],
    ["2019:02:29 10:00:00"],
    ["2019:04:31"],
    ["2019:01:01 24:00:00"],
    ["2019:01:01 10:60:00"],
    ["20191301"],
    ["2019/7/x"],
    ["abcdefgh"],
    ["2019:07"],
    [""],
    [20180725],
    [null],
    [undefined],
    [new Date(Number.NaN)],
  ])("gives null for %j", (value) => {
    expect(parseExifDate(value)).toBeNull();
  });

  it("reads a Date as its local calendar date and time", () => {
    expect(parseExifDate(new Date(2021, 0, 2, 3, 4, 5))).toEqual(at(2021, 1, 2, 3, 4, 5));
  });
});

describe("exifCreationDate", () => {
  it.each([
    {
      tags: {
        ModifyDate: "2008:05:09 14:03:06",
        DateTimeOriginal: "2001:01:01 01:01:01",
        CreateDate: "2002:02:02 02:02:02",
      },
      expected: at(2001, 1, 1, 1, 1, 1),
    },
    {
      tags: { DateCreated: "2003-08-30", CreateDate: "2003-09-05T16:30+02:00" },
      expected: at(2003, 8, 30),
    },
    {
      tags: { CreateDate: "2002:02:02 02:02:02", MetadataDate: "2004-04-04T04:04:04" },
      expected: at(2002, 2, 2, 2, 2, 2),
    },
    {
      tags: { MetadataDate: "2004-04-04T04:04:04", ModifyDate: "2005:05:05" },
      expected: at(2004, 4, 4, 4, 4, 4),
    },
    { tags: { ModifyDate: "2005:05:05 05:05:05" }, expected: at(2005, 5, 5, 5, 5, 5) },
    // An invalid date in a preferred tag gives way to the next tag.
    {
      tags: { DateTimeOriginal: "0000:00:00 00:00:00", CreateDate: "2002:02:02 02:02:02" },
      expected: at(2002, 2, 2, 2, 2, 2),
    },
    { tags: { GPSDateStamp: "2018:07:25", Make: "Canon" }, expected: null },
    { tags: {}, expected: null },
  ])("picks $expected from $tags", ({ tags, expected }) => {
    expect(exifCreationDate(tags)).toEqual(expected);
  });
});

describe("exifDateToLocalTimeUs", () => {
  it("reads the date as local time, in µs", () => {
    expect(exifDateToLocalTimeUs(at(2018, 7, 25, 16, 34, 23))).toBe(
      new Date(2018, 6, 25, 16, 34, 23).getTime() * 1000,
    );
  });

  it("keeps years before 100 as they are", () => {
    const local = new Date(0);
    local.setFullYear(50, 0, 1);
    local.setHours(0, 0, 0, 0);
    expect(exifDateToLocalTimeUs(at(50, 1, 1))).toBe(local.getTime() * 1000);
  });
});
