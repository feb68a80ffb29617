import exifr from "exifr";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exifDateToLocalTimeUs, parseExifDate } from "../../../shared/model/media/exif-dates";
import {
  type ExifDateEdit,
  exifDateOfTimeUs,
  exifDateText,
  exifSegmentWithDate,
} from "./exif-date-tags";
import {
  asciiEntry,
  bytesEntry,
  exifSegmentOf,
  exifrDates,
  expectSameBytes,
  isExifSegment,
  jpegSegments,
  jpegWith,
  makerNoteTag,
  tags,
  type TestEntry,
  testTiff,
} from "./test-support/jpeg-test-files";

const secondUs = 1_000_000;

describe("exifDateOfTimeUs and exifDateText", () => {
  const inTimeZone = async <T>(zone: string, body: () => T | Promise<T>): Promise<T> => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      return await body();
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  };
  const utcUs = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) => {
    const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
    date.setUTCFullYear(year);
    return date.getTime() * 1000;
  };
  const textOf = (timeUs: number) => {
    const date = exifDateOfTimeUs(timeUs);
    return date === undefined ? undefined : exifDateText(date);
  };

  it.each([
    ["UTC", 0, "1970:01:01 00:00:00"],
    ["UTC", utcUs(2018, 7, 25, 16, 34, 23) + 999_999, "2018:07:25 16:34:23"],
    ["UTC", -1, "1969:12:31 23:59:59"],
    ["UTC", utcUs(99, 1, 2, 3, 4, 5), "0099:01:02 03:04:05"],
    ["UTC", utcUs(1, 1, 1), "0001:01:01 00:00:00"],
    ["UTC", utcUs(9999, 12, 31, 23, 59, 59), "9999:12:31 23:59:59"],
    ["Asia/Kolkata", 0, "1970:01:01 05:30:00"],
    ["America/New_York", utcUs(2021, 7, 1, 12), "2021:07:01 08:00:00"],
    ["America/New_York", utcUs(2021, 1, 1, 12), "2021:01:01 07:00:00"],
    ["Pacific/Chatham", utcUs(2021, 1, 1), "2021:01:01 13:45:00"],
  ])("in %s, %d µs is %j", async (zone, timeUs, text) => {
    expect(await inTimeZone(zone, () => textOf(timeUs))).toBe(text);
  });

  it.each([
    ["not a number", Number.NaN],
    ["infinite", Number.POSITIVE_INFINITY],
    ["past a JS date", 8.64e15 * 1000 + 1],
    ["year 0", utcUs(0, 12, 31)],
    ["year 10000", utcUs(10000, 1, 1)],
  ])("holds no %s time", async (_, timeUs) => {
    expect(await inTimeZone("UTC", () => exifDateOfTimeUs(timeUs))).toBeUndefined();
  });

  it.each(["UTC", "Asia/Kolkata", "Europe/Paris", "America/New_York"])(
    "reads back, in %s, as the time written, to the second",
    async (zone) => {
      await inTimeZone(zone, () => {
        fc.assert(
          fc.property(fc.integer({ min: utcUs(1950, 1, 1), max: utcUs(2100, 1, 1) }), (timeUs) => {
            const date = exifDateOfTimeUs(timeUs);
            if (date === undefined) throw new Error("no date");
            const read = parseExifDate(exifDateText(date));
            if (read === null) throw new Error("unreadable date");
            const readUs = exifDateToLocalTimeUs(read);
            const secondStartUs = Math.floor(timeUs / secondUs) * secondUs;
            // See: [Note: Edited times are written as local wall-clock time]: a time
            // in the hour a daylight-saving change repeats reads back an hour early.
            const repeatedHour = readUs === secondStartUs - 3600 * secondUs;
            expect(readUs === secondStartUs || repeatedHour).toBe(true);
          }),
          { numRuns: 2000 },
        );
      });
    },
  );

  it("writes a time in the hour New York repeats as its wall-clock time, which reads back as the first", async () => {
    // 2021-11-07 01:30 EST, the second 01:30 of that night.
    const timeUs = utcUs(2021, 11, 7, 6, 30);
    await inTimeZone("America/New_York", () => {
      expect(textOf(timeUs)).toBe("2021:11:07 01:30:00");
      const read = parseExifDate("2021:11:07 01:30:00");
      expect(read && exifDateToLocalTimeUs(read)).toBe(timeUs - 3600 * secondUs);
    });
  });
});

const editedText = "2021:05:14 15:09:26";

const written = (write: "in-place" | "appended"): ExifDateEdit => ({ status: "written", write });

/**
 * `segment` with the dates set, and the JPEG the export makes of it: the
 * segment in a real JPEG, as the stream puts it back in place.
 */
const edited = async (segment: Uint8Array) => {
  const result = exifSegmentWithDate(segment, editedText);
  return { ...result, jpeg: await jpegWith(result.segment) };
};

describe("exifSegmentWithDate on hand-made EXIF", () => {
  it.each<[string, TestEntry]>([
    [
      "of 19 bytes (no NUL)",
      { ...asciiEntry(tags.dateTimeOriginal, "2018:07:25 16:34:23"), count: 19 },
    ],
    ["of type UNDEFINED", { ...asciiEntry(tags.dateTimeOriginal, "2018:07:25 16:34:23"), type: 7 }],
    ["of 5 bytes", asciiEntry(tags.dateTimeOriginal, "2018")],
  ])("replaces a DateTimeOriginal %s with a new entry", async (_, entry) => {
    const tiff = testTiff([asciiEntry(tags.make, "Cairn Camera")], [entry]);
    const { jpeg, outcome } = await edited(exifSegmentOf(tiff.bytes));
    expect(outcome).toEqual(written("appended"));
    expect(await exifr.parse(jpeg, { reviveValues: false })).toMatchObject({
      Make: "Cairn Camera",
      DateTimeOriginal: editedText,
    });
  });

  it("does not overwrite a date whose value overlaps an IFD; it appends a new one", async () => {
    const tiff = testTiff(
      [asciiEntry(tags.make, "Cairn Camera")],
      [asciiEntry(tags.dateTimeOriginal, "2018:07:25 16:34:23")],
    );
    // DateTimeOriginal's value moved onto IFD0 (at 8): IFD0 of two entries
    // (Make, the Exif pointer) is followed by the Exif IFD and its one entry.
    const exifIFDStart = 8 + 2 + 2 * 12 + 4;
    new DataView(tiff.bytes.buffer).setUint32(exifIFDStart + 2 + 8, 8);
    const { jpeg, outcome } = await edited(exifSegmentOf(tiff.bytes));
    expect(outcome).toEqual(written("appended"));
    expect(await exifr.parse(jpeg, { reviveValues: false })).toMatchObject({
      Make: "Cairn Camera",
      DateTimeOriginal: editedText,
    });
  });

  it("moves no byte of the old EXIF, so offsets inside maker notes still hold", async () => {
    // A maker note holding an offset from the TIFF's start, as Canon's do.
    const makerNote = new Uint8Array(16);
    const tiff = testTiff(
      [asciiEntry(tags.make, "Cairn Camera")],
      [bytesEntry(makerNoteTag, makerNote)],
    );
    const makerNoteAt = tiff.valueOffsets.get(makerNoteTag) ?? 0;
    new DataView(tiff.bytes.buffer).setUint32(makerNoteAt, makerNoteAt + 8);
    const { jpeg } = await edited(exifSegmentOf(tiff.bytes));
    const exif = jpegSegments(jpeg).find((segment) => isExifSegment(jpeg, segment));
    const newTiff = jpeg.subarray((exif?.start ?? 0) + 10, exif?.end);
    // Everything after the header (which points at the new IFD0) is where it was.
    expect(newTiff.subarray(8, tiff.bytes.length)).toEqual(tiff.bytes.subarray(8));
    expect(await exifr.parse(jpeg, { reviveValues: false, makerNote: true })).toMatchObject({
      Make: "Cairn Camera",
      DateTimeOriginal: editedText,
    });
  });

  it("keeps unchanged an EXIF whose dates would not fit its segment (APP1's 64 KiB)", async () => {
    const make = (fillerBytes: number) =>
      testTiff(
        [asciiEntry(tags.make, "Cairn Camera")],
        [bytesEntry(0x9286, new Uint8Array(fillerBytes))],
      ).bytes;
    // The largest TIFF a segment holds: 65,535 bytes less the length and "Exif\0\0".
    const fullTiffBytes = 65_535 - 2 - 6;
    const full = make(fullTiffBytes - make(0).length);
    expect(full.length).toBe(fullTiffBytes);
    const original = exifSegmentOf(full);
    const { segment, outcome } = await edited(original);
    expect(outcome).toEqual({ status: "unchanged-no-room" });
    expectSameBytes(segment, original);
  });

  it("appends up to the segment's limit", async () => {
    const tiff = testTiff([], [bytesEntry(0x9286, new Uint8Array(65_000))]).bytes;
    const { jpeg, outcome } = await edited(exifSegmentOf(tiff));
    expect(outcome).toEqual(written("appended"));
    expect((await exifrDates(jpeg)).DateTimeOriginal).toBe(editedText);
  });
});
