// The creation date of a photo from its EXIF, XMP or IPTC tags (spec §5
// "EXIF date"): which tag wins, and how a date string is read. Pure: the
// worker parses the tags (exifr) and hands their raw values here.

// [Note: EXIF dates are read from raw strings, as local time]
//
// Cameras write dates without a time zone ("2018:07:25 16:34:23"), IPTC
// writes a bare date ("20180725"), XMP an ISO date that may carry an offset.
// Spec §5: an 8-character value is year, month, day; any other value gives
// its first six numbers (year, month, day, hour, minute, second), so the
// separators and an XMP offset or fraction do not matter. A value that does
// not make a real calendar date (a camera's "0000:00:00 00:00:00", a 13th
// month) is no date at all: the next tag in the preference is tried. The
// result is read as local time, as the camera's clock was, which is what the
// person saw when taking the photo.

/** Tags that may hold a creation date, most trusted first (spec §5). */
export const exifDateTagPreference = [
  "DateTimeOriginal",
  "DateCreated",
  "CreateDate",
  "MetadataDate",
  "ModifyDate",
] as const;

export type ExifDateTag = (typeof exifDateTagPreference)[number];

/** A calendar date and wall-clock time, as the tag wrote it (month 1 to 12). */
export interface ExifDate {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Numbers of a date string; fewer than year, month and day make no date. */
const minimumDateNumbers = 3;

const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

const isValid = ({ year, month, day, hour, minute, second }: ExifDate): boolean =>
  [year, month, day, hour, minute, second].every(Number.isInteger) &&
  year >= 1 &&
  year <= 9999 &&
  month >= 1 &&
  month <= 12 &&
  day >= 1 &&
  day <= daysInMonth(year, month) &&
  hour >= 0 &&
  hour <= 23 &&
  minute >= 0 &&
  minute <= 59 &&
  // 60: a leap second, which EXIF allows.
  second >= 0 &&
  second <= 60;

/**
 * Reads one tag value as a date, or null when it is not one.
 * See: [Note: EXIF dates are read from raw strings, as local time]
 */
export const parseExifDate = (value: unknown): ExifDate | null => {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return {
      year: value.getFullYear(),
      month: value.getMonth() + 1,
      day: value.getDate(),
      hour: value.getHours(),
      minute: value.getMinutes(),
      second: value.getSeconds(),
    };
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  let date: ExifDate;
  if (text.length === 8) {
    if (!/^\d{8}$/.test(text)) return null;
    date = {
      year: Number(text.slice(0, 4)),
      month: Number(text.slice(4, 6)),
      day: Number(text.slice(6, 8)),
      hour: 0,
      minute: 0,
      second: 0,
    };
  } else {
    const numbers = (text.match(/\d+/g) ?? []).slice(0, 6).map(Number);
    if (numbers.length < minimumDateNumbers) return null;
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = numbers;
    date = { year, month, day, hour, minute, second };
  }
  return isValid(date) ? date : null;
};

/**
 * The creation date of parsed tags: the first tag of the preference that
 * holds a valid date, or null.
 */
export const exifCreationDate = (tags: Readonly<Record<string, unknown>>): ExifDate | null => {
  for (const tag of exifDateTagPreference) {
    const date = parseExifDate(tags[tag]);
    if (date !== null) return date;
  }
  return null;
};

/** µs since the epoch of a date read as local time (the worker's time zone is the page's). */
export const exifDateToLocalTimeUs = ({
  year,
  month,
  day,
  hour,
  minute,
  second,
}: ExifDate): number => {
  const local = new Date(year, month - 1, day, hour, minute, second);
  // `new Date(y, …)` maps years 0 to 99 to 1900 to 1999.
  local.setFullYear(year);
  return local.getTime() * 1000;
};
