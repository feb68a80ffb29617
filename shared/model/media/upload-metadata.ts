// Which creation time, location and caption an uploaded file gets, from
// everything that may tell them: a Google Takeout sidecar, the file's own
// EXIF (or a video container's time), a date in its name, its modification
// time. Pure: the media worker reads the sources and hands them here; `nowMs`
// is the clock.

import { parseExifDate, exifDateToLocalTimeUs } from "./exif-dates";
import type { TakeoutMetadata } from "./takeout-sidecars";

// [Note: Where an uploaded file's time and place come from]
//
// Each value is taken from the first source that has it:
// - creation time: the Takeout sidecar (Google's copy of the capture time,
//   which the export stripped from many files, and which the person may
//   have corrected), then the file's EXIF date or the video container's
//   creation time, then a date in the file name (screenshots and messenger
//   copies carry no EXIF but are named after the moment), then the
//   modification time, which always exists but is often the time of a copy.
// - modification time: the sidecar's, else the file's (an extracted export's
//   files are all as new as the extraction).
// - location: the sidecar's, then the EXIF GPS.
// - caption: the sidecar's description, then the EXIF one.
// A live photo reads its image first and its video second at each step
// (Takeout writes a sidecar for the image half only), and keeps its image's
// modification time.

/** What the file's own bytes tell (EXIF for an image, the container for a video). */
export interface EmbeddedMetadata {
  creationTimeUs?: number | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  caption?: string | undefined;
}

/** Everything known about one picked file before its metadata is decided. */
export interface UploadMetadataSources {
  fileName: string;
  /** `File.lastModified`. */
  lastModifiedMs: number;
  takeout?: TakeoutMetadata | undefined;
  embedded?: EmbeddedMetadata | undefined;
}

/** Where the creation time came from. */
export const CreationTimeSource = {
  takeout: "takeout",
  embedded: "embedded",
  fileName: "file-name",
  modificationTime: "modification-time",
} as const;
export type CreationTimeSource = (typeof CreationTimeSource)[keyof typeof CreationTimeSource];

/** The metadata an upload writes. Times are integer µs since the epoch. */
export interface UploadMetadata {
  creationTimeUs: number;
  creationTimeSource: CreationTimeSource;
  modificationTimeUs: number;
  latitude?: number;
  longitude?: number;
  caption?: string;
}

// ---------------------------------------------------------------------------
// Dates in file names

// [Note: Dates in file names]
//
// Phones, cameras and messengers name files after the moment they made
// them. The patterns below are tried in order (a time with a date before a
// bare date), each at every place of the name it matches, and the first that
// makes a real, plausible date wins:
// - `PXL_20230101_123456789` (Pixel; the clock is UTC, unlike other names)
//   and `20170923_220934000_iOS` (iOS when a photo lost its EXIF; UTC).
// - 8 digits then 6, together or split by one `-`, `_`, ` ` or `T`, with up
//   to 3 digits of milliseconds after: `IMG_20180725_163423`,
//   `IMG_20210921_144423_783`, `VID_…`, `20221107_231730` (Samsung),
//   `IMG20210211125718` (Oppo, OnePlus), `Screenshot_20220807-195908`,
//   `Screen_Recording_20210101-123456`, `DJI_20230615143210_0001`.
// - 8 digits then three pairs: `WIN_20200101_12_34_56_Pro` (Windows Camera).
// - A date written with separators and its time: `2019-05-03 10.11.12`
//   (Dropbox), `Screenshot_2019-12-31-23-59-59`, `signal-2022-12-17-15-16-04`
//   and `signal-2018-08-21-100217` (Signal), `PHOTO-2021-03-13-18-03-24`
//   and `WhatsApp Image 2021-01-01 at 12.34.56` (WhatsApp on iOS),
//   `photo_2021-01-01_12-34-56` (Telegram), `Screenshot 2022-11-06 at
//   21.16.33` and `Screen Shot 2019-05-03 at 1.11.12 PM` (macOS).
// - A bare date: `IMG-20200101-WA0001` and `VID-…` (WhatsApp on Android),
//   `Scan 2001-02-03`. It gives a day, not a moment: when the file's
//   modification time falls on that day, that time is the better guess (a
//   WhatsApp copy's is when it arrived); otherwise the day's start.
// Names are local time (as EXIF dates), but for the two UTC forms. A date
// before 1990 or later than now (give or take the widest gap between two
// time zones) is some other number (`Snapchat-431959199`, a counter), and a
// time that is not a real time leaves its date as a bare day.

/** Digital photos before then are scans named by hand, or numbers that are no date. */
const earliestNameYear = 1990;

/**
 * How far a name's local time may run ahead of the uploader's clock: the
 * device that named it may be in a zone up to 26 hours ahead (UTC+14 against
 * UTC−12).
 */
const nameClockAheadToleranceMs = 26 * 60 * 60 * 1000;

/** A date read from a file name: a moment, or a day when the name holds no time. */
export type FileNameDate =
  | { kind: "moment"; timeUs: number }
  | { kind: "day"; year: number; month: number; day: number; startUs: number };

interface NamePattern {
  regex: RegExp;
  /** The name's clock is UTC, not local. */
  utc?: boolean;
}

const namePatterns: readonly NamePattern[] = [
  {
    regex:
      /^PXL_(?<y>\d{4})(?<mo>\d{2})(?<d>\d{2})_(?<h>\d{2})(?<mi>\d{2})(?<s>\d{2})\d{0,3}(?!\d)/g,
    utc: true,
  },
  {
    regex: /(?<!\d)(?<y>\d{4})(?<mo>\d{2})(?<d>\d{2})_(?<h>\d{2})(?<mi>\d{2})(?<s>\d{2})\d{3}_iOS/g,
    utc: true,
  },
  {
    regex:
      /(?<!\d)(?<y>\d{4})(?<mo>\d{2})(?<d>\d{2})[-_ T]?(?<h>\d{2})(?<mi>\d{2})(?<s>\d{2})\d{0,3}(?!\d)/g,
  },
  {
    regex:
      /(?<!\d)(?<y>\d{4})(?<mo>\d{2})(?<d>\d{2})[-_ ](?<h>\d{2})[-_.:](?<mi>\d{2})[-_.:](?<s>\d{2})(?!\d)/g,
  },
  {
    regex:
      /(?<!\d)(?<y>\d{4})(?<sep>[-_.])(?<mo>\d{2})\k<sep>(?<d>\d{2})(?:[-_ T.]| at |_at_)(?<h>\d{1,2})[-_.:]?(?<mi>\d{2})[-_.:]?(?<s>\d{2})(?!\d)(?:[ \u202f]?(?<ampm>[AaPp][Mm])(?![A-Za-z]))?/g,
  },
  { regex: /(?<!\d)(?<y>\d{4})(?<mo>\d{2})(?<d>\d{2})(?!\d)/g },
  { regex: /(?<!\d)(?<y>\d{4})(?<sep>[-_.])(?<mo>\d{2})\k<sep>(?<d>\d{2})(?!\d)/g },
];

const pad = (value: number, width: number): string => String(value).padStart(width, "0");

/** A real calendar date and time, checked by the rule EXIF dates follow; or null. */
const calendarDate = (...parts: [number, number, number, number, number, number]) => {
  if (!parts.every(Number.isInteger)) return null;
  const [year, month, day, hour, minute, second] = parts;
  return parseExifDate(
    `${pad(year, 4)}:${pad(month, 2)}:${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}`,
  );
};

/** The 24-hour hour of a 12-hour clock reading, or NaN when it is not one. */
const hourOf12 = (hour: number, ampm: string): number => {
  if (hour < 1 || hour > 12) return Number.NaN;
  return (hour % 12) + (ampm.toUpperCase() === "PM" ? 12 : 0);
};

const dateOfMatch = (
  groups: Record<string, string | undefined>,
  utc: boolean,
  latestUs: number,
): FileNameDate | undefined => {
  const year = Number(groups.y);
  const month = Number(groups.mo);
  const day = Number(groups.d);
  if (year < earliestNameYear) return undefined;
  const dayDate = calendarDate(year, month, day, 0, 0, 0);
  if (dayDate === null) return undefined;

  if (groups.h !== undefined) {
    const hour =
      groups.ampm === undefined ? Number(groups.h) : hourOf12(Number(groups.h), groups.ampm);
    const moment = calendarDate(year, month, day, hour, Number(groups.mi), Number(groups.s));
    if (moment !== null) {
      const timeUs = utc
        ? Date.UTC(year, month - 1, day, moment.hour, moment.minute, moment.second) * 1000
        : exifDateToLocalTimeUs(moment);
      return timeUs <= latestUs ? { kind: "moment", timeUs } : undefined;
    }
  }
  const startUs = exifDateToLocalTimeUs(dayDate);
  return startUs <= latestUs ? { kind: "day", year, month, day, startUs } : undefined;
};

/** The date a file's name tells, if any. See: [Note: Dates in file names] */
export const parseFileNameDate = (fileName: string, nowMs: number): FileNameDate | undefined => {
  const name = fileName.trim();
  const latestUs = (nowMs + nameClockAheadToleranceMs) * 1000;
  for (const { regex, utc = false } of namePatterns) {
    for (const match of name.matchAll(regex)) {
      if (match.groups === undefined) continue;
      const date = dateOfMatch(match.groups, utc, latestUs);
      if (date !== undefined) return date;
    }
  }
  return undefined;
};

// ---------------------------------------------------------------------------
// Precedence

const isTime = (value: number | undefined): value is number =>
  value !== undefined && Number.isFinite(value);

const isLocation = (latitude: number | undefined, longitude: number | undefined): boolean =>
  isTime(latitude) &&
  isTime(longitude) &&
  latitude >= -90 &&
  latitude <= 90 &&
  longitude >= -180 &&
  longitude <= 180;

const isText = (text: string | undefined): text is string =>
  typeof text === "string" && text.trim() !== "";

const sameLocalDay = (
  timeUs: number,
  { year, month, day }: { year: number; month: number; day: number },
) => {
  const date = new Date(timeUs / 1000);
  return date.getFullYear() === year && date.getMonth() + 1 === month && date.getDate() === day;
};

const creationTimeOf = (
  sources: readonly UploadMetadataSources[],
  modificationTimeUs: number,
  nowMs: number,
): Pick<UploadMetadata, "creationTimeUs" | "creationTimeSource"> => {
  for (const { takeout } of sources) {
    if (isTime(takeout?.creationTimeUs)) {
      return {
        creationTimeUs: takeout.creationTimeUs,
        creationTimeSource: CreationTimeSource.takeout,
      };
    }
  }
  for (const { embedded } of sources) {
    if (isTime(embedded?.creationTimeUs)) {
      return {
        creationTimeUs: embedded.creationTimeUs,
        creationTimeSource: CreationTimeSource.embedded,
      };
    }
  }
  for (const { fileName } of sources) {
    const date = parseFileNameDate(fileName, nowMs);
    if (date?.kind === "moment") {
      return { creationTimeUs: date.timeUs, creationTimeSource: CreationTimeSource.fileName };
    }
    if (date?.kind === "day") {
      return sameLocalDay(modificationTimeUs, date)
        ? {
            creationTimeUs: modificationTimeUs,
            creationTimeSource: CreationTimeSource.modificationTime,
          }
        : { creationTimeUs: date.startUs, creationTimeSource: CreationTimeSource.fileName };
    }
  }
  return {
    creationTimeUs: modificationTimeUs,
    creationTimeSource: CreationTimeSource.modificationTime,
  };
};

/** The sources of one file, or of a live photo's image then video, in order. */
const resolve = (
  sources: readonly [UploadMetadataSources, ...UploadMetadataSources[]],
  nowMs: number,
): UploadMetadata => {
  const takeoutModificationUs = sources
    .map(({ takeout }) => takeout?.modificationTimeUs)
    .find(isTime);
  const modificationTimeUs = Math.round(takeoutModificationUs ?? sources[0].lastModifiedMs * 1000);
  const { creationTimeUs, creationTimeSource } = creationTimeOf(sources, modificationTimeUs, nowMs);
  const metadata: UploadMetadata = {
    creationTimeUs: Math.round(creationTimeUs),
    creationTimeSource,
    modificationTimeUs,
  };

  const located = [
    ...sources.map(({ takeout }) => takeout),
    ...sources.map(({ embedded }) => embedded),
  ].find((source) => isLocation(source?.latitude, source?.longitude));
  if (located?.latitude !== undefined && located.longitude !== undefined) {
    metadata.latitude = located.latitude;
    metadata.longitude = located.longitude;
  }

  const caption = [
    ...sources.map(({ takeout }) => takeout?.caption),
    ...sources.map(({ embedded }) => embedded?.caption),
  ].find(isText);
  if (caption !== undefined) metadata.caption = caption;
  return metadata;
};

/**
 * The creation time, modification time, location and caption of a file.
 * See: [Note: Where an uploaded file's time and place come from]
 */
export const resolveUploadMetadata = (file: UploadMetadataSources, nowMs: number): UploadMetadata =>
  resolve([file], nowMs);

/**
 * The same for a live photo: its image's sources first, then its video's.
 * See: [Note: Where an uploaded file's time and place come from]
 */
export const resolveLivePhotoMetadata = (
  { image, video }: { image: UploadMetadataSources; video: UploadMetadataSources },
  nowMs: number,
): UploadMetadata => resolve([image, video], nowMs);
