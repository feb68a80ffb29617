// The edited time written into the date tags of a JPEG's EXIF segment (APP1
// "Exif"): the date's text, the TIFF inside the segment read as far as the
// date tags need, and the segment edited or made. Pure: bytes in, bytes out.
// The stream step that finds the segment is in jpeg-edited-time.ts.

import type { ExifDate } from "../../../shared/model/media/exif-dates";
import { concatBytes } from "./concat-bytes";

// [Note: Edited times are written as local wall-clock time]
//
// An EXIF date has no time zone: "2021:03:14 15:09:26" is what the camera's
// clock showed, and we read it as local time (See: [Note: EXIF dates are read
// from raw strings, as local time]). So an edited time, µs since the epoch, is
// written as the wall-clock time it is in this device's time zone, as the
// reference does: reading the exported or downloaded file back gives the
// edited time again, to the second (the tag has no fraction). Two limits come with zone-less
// dates: a time in the hour that a daylight-saving change repeats reads back
// as the first of the two hours, and an OffsetTimeOriginal or SubSecTime tag
// already in the file is left as it was.

/** The largest year the tag's four digits hold, and the smallest our reader takes. */
const maxExifYear = 9999;
const minExifYear = 1;

/**
 * The wall-clock date and time of `timeUs` in this device's time zone, the
 * inverse of `exifDateToLocalTimeUs`; undefined when EXIF cannot hold it.
 * See: [Note: Edited times are written as local wall-clock time]
 */
export const exifDateOfTimeUs = (timeUs: number): ExifDate | undefined => {
  if (!Number.isFinite(timeUs)) return undefined;
  // Floored to the millisecond, so a time before 1970 keeps its second.
  const local = new Date(Math.floor(timeUs / 1000));
  if (Number.isNaN(local.getTime())) return undefined;
  const year = local.getFullYear();
  if (year < minExifYear || year > maxExifYear) return undefined;
  return {
    year,
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: local.getSeconds(),
  };
};

const padded = (value: number, digits: number) => String(value).padStart(digits, "0");

/** EXIF's date text, "YYYY:MM:DD HH:MM:SS" (the tag stores it with a NUL after it). */
export const exifDateText = ({ year, month, day, hour, minute, second }: ExifDate): string =>
  `${padded(year, 4)}:${padded(month, 2)}:${padded(day, 2)} ` +
  `${padded(hour, 2)}:${padded(minute, 2)}:${padded(second, 2)}`;

// [Note: The edited time goes into the three EXIF date tags]
//
// The reference sets DateTimeOriginal alone (0x9003 in the Exif IFD), the tag
// readers take first for when a photo was taken (our own preference, spec §5,
// and exiftool's composite dates among them). We write it
// and, with it, the two other EXIF dates: DateTimeDigitized (0x9004,
// exiftool's CreateDate) and IFD0's DateTime (0x0132, ModifyDate), the three
// that exiftool's -AllDates sets when a person fixes a photo's time, so that
// no EXIF date of the file still tells the old time. DateTimeOriginal is
// always written; the other two are overwritten where the file has them, and
// added only when the EXIF is extended anyway (no DateTimeOriginal) or new:
// adding them alone would mean extending a camera's EXIF for tags that no
// reader prefers to DateTimeOriginal. XMP and IPTC dates are left as they are
// (the reference leaves them too): every reader we know prefers EXIF's.

const tag = {
  dateTime: 0x0132,
  exifIFDPointer: 0x8769,
  dateTimeOriginal: 0x9003,
  dateTimeDigitized: 0x9004,
} as const;

/** TIFF field types written here (TIFF 6.0 §2). */
const fieldType = { ascii: 2, short: 3, long: 4, undefined: 7, ifd: 13 } as const;

/** "YYYY:MM:DD HH:MM:SS" and its NUL. */
const exifDateBytes = 20;

const dateTags = [
  { tag: tag.dateTime, ifd: "ifd0" },
  { tag: tag.dateTimeOriginal, ifd: "exif" },
  { tag: tag.dateTimeDigitized, ifd: "exif" },
] as const;

// [Note: A JPEG's EXIF is edited without moving a byte]
//
// EXIF is a small TIFF whose entries find their values by offset from its
// start, and whose maker notes (a camera's private block) hold offsets of
// their own that no reader can find to fix. So nothing in the segment moves:
//
// - "in-place": DateTimeOriginal and every other date tag the file has are
//   ASCII of 20 bytes or more; the new text overwrites the old (same size).
// - "appended": otherwise (no DateTimeOriginal, a date of another type or
//   size, an EXIF without an Exif IFD), copies of IFD0 and the Exif IFD with
//   the date entries set are appended to the segment, the date values after
//   them, and the TIFF header points at the copy of IFD0. Every other entry is
//   copied as it is, so its offset still finds its value (GPS, the thumbnail
//   of IFD1, maker notes); the old IFDs stay behind, unreferenced.
// - "inserted": a JPEG without EXIF gets a new APP1 segment with IFD0
//   (DateTime) and an Exif IFD (DateTimeOriginal, DateTimeDigitized and the
//   tags Exif requires there), after SOI and the JFIF APP0, where Exif and
//   exiftool place it.
//
// An APP1 segment holds at most 65,535 bytes with its length field: when the
// copies would not fit, the file is given unchanged ("unchanged-no-room").

/** APP1, the marker of an EXIF segment (ITU T.81 Table B.1). */
export const exifSegmentMarker = 0xe1;
/** Where "Exif\0\0" starts in the segment: after its marker (2) and length (2). */
const exifIdentifierAt = 4;
const exifIdentifier = new TextEncoder().encode("Exif\0\0");
const tiffStartInSegment = exifIdentifierAt + exifIdentifier.length;
/** The bytes that tell an EXIF segment from another APP1: its marker, length and "Exif\0\0". */
export const exifSegmentPrefixBytes = tiffStartInSegment;

/**
 * Whether an APP1 segment is an EXIF segment, from its first
 * `exifSegmentPrefixBytes` bytes as `byteAt` gives them (0 is its marker's 0xFF).
 */
export const hasExifIdentifier = (byteAt: (index: number) => number): boolean =>
  exifIdentifier.every((byte, i) => byteAt(exifIdentifierAt + i) === byte);

/** The largest TIFF an APP1 segment holds: its 16-bit length counts itself (2) and "Exif\0\0" (6). */
const maxTiffBytes = 0xffff - 2 - 6;
const tiffHeaderBytes = 8;
const ifdEntryBytes = 12;
/** An IFD: its entry count (2), its entries, the offset of the next IFD (4). */
const ifdBytes = (entryCount: number) => 2 + entryCount * ifdEntryBytes + 4;

interface IFDEntry {
  tag: number;
  type: number;
  count: number;
  /** The entry's last 4 bytes as they are in the file: the value, or its offset. */
  valueField: Uint8Array;
}

/**
 * The tags Exif requires of an Exif IFD that we can state without reading the
 * image, which exiftool also writes into an Exif IFD it creates: ExifVersion
 * 2.32, ComponentsConfiguration Y Cb Cr (a JPEG's), FlashpixVersion 1.0,
 * ColorSpace uncalibrated (we do not know it). All fit in their entries.
 */
const newExifIFDEntries = (littleEndian: boolean): IFDEntry[] => {
  const shortField = (value: number) => {
    const field = new Uint8Array(4);
    new DataView(field.buffer).setUint16(0, value, littleEndian);
    return field;
  };
  const ascii = (text: string) => new TextEncoder().encode(text);
  return [
    { tag: 0x9000, type: fieldType.undefined, count: 4, valueField: ascii("0232") },
    { tag: 0x9101, type: fieldType.undefined, count: 4, valueField: new Uint8Array([1, 2, 3, 0]) },
    { tag: 0xa000, type: fieldType.undefined, count: 4, valueField: ascii("0100") },
    { tag: 0xa001, type: fieldType.short, count: 1, valueField: shortField(0xffff) },
  ];
};

interface IFD {
  entries: IFDEntry[];
  /** [start, end) of the IFD itself in the TIFF. */
  start: number;
  end: number;
  nextIFDOffset: number;
}

/** A TIFF being read: its bytes and byte order. */
interface Tiff {
  bytes: Uint8Array;
  view: DataView;
  littleEndian: boolean;
}

/** Reading stops with the reason, for the caller's log. */
class MalformedExif extends Error {
  override name = "MalformedExif";
}

const readTiff = (bytes: Uint8Array): Tiff => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < tiffHeaderBytes) throw new MalformedExif("the EXIF has no TIFF header");
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) throw new MalformedExif("the EXIF has no byte order");
  const littleEndian = order === 0x4949;
  if (view.getUint16(2, littleEndian) !== 42) throw new MalformedExif("the EXIF is not a TIFF");
  return { bytes, view, littleEndian };
};

const readIFD = (tiff: Tiff, start: number, name: string): IFD => {
  const { bytes, view, littleEndian } = tiff;
  if (start < tiffHeaderBytes || start + 2 > bytes.length) {
    throw new MalformedExif(`${name} is outside the EXIF`);
  }
  const count = view.getUint16(start, littleEndian);
  const entriesEnd = start + 2 + count * ifdEntryBytes;
  if (entriesEnd > bytes.length) throw new MalformedExif(`${name} runs past the EXIF`);
  const entries: IFDEntry[] = [];
  for (let at = start + 2; at < entriesEnd; at += ifdEntryBytes) {
    entries.push({
      tag: view.getUint16(at, littleEndian),
      type: view.getUint16(at + 2, littleEndian),
      count: view.getUint32(at + 4, littleEndian),
      valueField: bytes.subarray(at + 8, at + 12),
    });
  }
  // Some writers end the last IFD without the next-IFD offset: none follows.
  const hasNext = entriesEnd + 4 <= bytes.length;
  return {
    entries,
    start,
    end: hasNext ? entriesEnd + 4 : entriesEnd,
    nextIFDOffset: hasNext ? view.getUint32(entriesEnd, littleEndian) : 0,
  };
};

const fieldValue = (tiff: Tiff, entry: IFDEntry): number =>
  new DataView(entry.valueField.buffer, entry.valueField.byteOffset, 4).getUint32(
    0,
    tiff.littleEndian,
  );

/** A date entry's value, where the new text can overwrite it; undefined when it cannot. */
const inPlaceDate = (
  tiff: Tiff,
  entry: IFDEntry,
  structure: readonly (readonly [number, number])[],
): { start: number; end: number } | undefined => {
  // Some writers pad the text with more NULs (an Olympus file of the fixtures
  // has 21 bytes): the text and NULs fill it as well.
  if (entry.type !== fieldType.ascii || entry.count < exifDateBytes) return undefined;
  const start = fieldValue(tiff, entry);
  const end = start + entry.count;
  if (end > tiff.bytes.length) return undefined;
  // A value overlapping the header or an IFD is damage; overwriting it would spread it.
  const overlaps = structure.some(([from, to]) => start < to && from < end);
  return overlaps ? undefined : { start, end };
};

const u16Bytes = (value: number, littleEndian: boolean) => {
  const bytes = new Uint8Array(2);
  new DataView(bytes.buffer).setUint16(0, value, littleEndian);
  return bytes;
};

const u32Bytes = (value: number, littleEndian: boolean) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, littleEndian);
  return bytes;
};

const ifdBytesOf = (entries: readonly IFDEntry[], nextIFDOffset: number, littleEndian: boolean) =>
  concatBytes([
    u16Bytes(entries.length, littleEndian),
    ...entries.flatMap((entry) => [
      u16Bytes(entry.tag, littleEndian),
      u16Bytes(entry.type, littleEndian),
      u32Bytes(entry.count, littleEndian),
      entry.valueField,
    ]),
    u32Bytes(nextIFDOffset, littleEndian),
  ]);

/** `entries` with those of `set`'s tags replaced (or added), in tag order as TIFF wants. */
const withEntries = (entries: readonly IFDEntry[], set: readonly IFDEntry[]): IFDEntry[] =>
  [...entries.filter((entry) => !set.some(({ tag }) => tag === entry.tag)), ...set].sort(
    (a, b) => a.tag - b.tag,
  );

/**
 * `tiff` with copies of IFD0 and the Exif IFD appended, holding the date
 * entries; undefined when it would not fit an APP1 segment.
 * See: [Note: A JPEG's EXIF is edited without moving a byte]
 */
const tiffWithAppendedDates = (
  tiff: Tiff,
  ifd0: Pick<IFD, "entries" | "nextIFDOffset">,
  exifEntries: readonly IFDEntry[] | undefined,
  date: Uint8Array,
): Uint8Array | undefined => {
  const { littleEndian } = tiff;
  const dateEntry = (dateTag: number, valueOffset: number): IFDEntry => ({
    tag: dateTag,
    type: fieldType.ascii,
    count: exifDateBytes,
    valueField: u32Bytes(valueOffset, littleEndian),
  });
  const ifd0Set = (datesStart: number, exifStart: number): IFDEntry[] => [
    dateEntry(tag.dateTime, datesStart),
    {
      tag: tag.exifIFDPointer,
      type: fieldType.long,
      count: 1,
      valueField: u32Bytes(exifStart, littleEndian),
    },
  ];
  const exifSet = (datesStart: number): IFDEntry[] => [
    dateEntry(tag.dateTimeOriginal, datesStart + exifDateBytes),
    dateEntry(tag.dateTimeDigitized, datesStart + 2 * exifDateBytes),
    ...(exifEntries === undefined ? newExifIFDEntries(littleEndian) : []),
  ];
  // Entry counts do not depend on offsets: counted first, they fix the layout.
  // IFDs start on a word boundary (TIFF 6.0 §2).
  const padding = tiff.bytes.length % 2;
  const ifd0Start = tiff.bytes.length + padding;
  const exifStart = ifd0Start + ifdBytes(withEntries(ifd0.entries, ifd0Set(0, 0)).length);
  const datesStart = exifStart + ifdBytes(withEntries(exifEntries ?? [], exifSet(0)).length);
  if (datesStart + dateTags.length * exifDateBytes > maxTiffBytes) return undefined;

  const newIFD0 = withEntries(ifd0.entries, ifd0Set(datesStart, exifStart));
  const newExif = withEntries(exifEntries ?? [], exifSet(datesStart));
  const bytes = concatBytes([
    tiff.bytes,
    new Uint8Array(padding),
    ifdBytesOf(newIFD0, ifd0.nextIFDOffset, littleEndian),
    // The Exif IFD has no next IFD.
    ifdBytesOf(newExif, 0, littleEndian),
    date,
    date,
    date,
  ]);
  new DataView(bytes.buffer).setUint32(4, ifd0Start, littleEndian);
  return bytes;
};

/** An APP1 segment around `tiff`. */
const exifSegmentOf = (tiff: Uint8Array): Uint8Array => {
  const segment = new Uint8Array(tiffStartInSegment + tiff.length);
  segment.set([0xff, exifSegmentMarker], 0);
  new DataView(segment.buffer).setUint16(2, segment.length - 2);
  segment.set(exifIdentifier, exifIdentifierAt);
  segment.set(tiff, tiffStartInSegment);
  return segment;
};

/** A new EXIF segment holding only the date tags, for a JPEG that has none. */
export const newExifSegment = (dateText: string): Uint8Array => {
  // Big-endian, as exiftool writes a new EXIF; every reader takes both orders.
  const header = new Uint8Array([0x4d, 0x4d, 0, 42, 0, 0, 0, tiffHeaderBytes]);
  const tiff = tiffWithAppendedDates(
    readTiff(header),
    { entries: [], nextIFDOffset: 0 },
    undefined,
    new TextEncoder().encode(`${dateText}\0`),
  );
  // Three dates and two small IFDs are far below the limit.
  if (tiff === undefined) throw new Error("a new EXIF does not fit an APP1 segment");
  return exifSegmentOf(tiff);
};

/**
 * What editing an EXIF segment did: "written", or the reason the segment is
 * kept as it is. See: [Note: A JPEG's EXIF is edited without moving a byte]
 */
export type ExifDateEdit =
  | { status: "written"; write: "in-place" | "appended" }
  | { status: "unchanged-malformed"; reason: string }
  | { status: "unchanged-no-room" };

/**
 * An EXIF APP1 segment (marker to end) with the date tags set, or the reason
 * it is kept as it is.
 * See: [Note: The edited time goes into the three EXIF date tags]
 */
export const exifSegmentWithDate = (
  segment: Uint8Array,
  dateText: string,
): { segment: Uint8Array; outcome: ExifDateEdit } => {
  const date = new TextEncoder().encode(`${dateText}\0`);
  try {
    const tiff = readTiff(segment.subarray(tiffStartInSegment));
    const ifd0 = readIFD(tiff, tiff.view.getUint32(4, tiff.littleEndian), "IFD0");
    const pointer = ifd0.entries.find((entry) => entry.tag === tag.exifIFDPointer);
    if (
      pointer !== undefined &&
      ((pointer.type !== fieldType.long && pointer.type !== fieldType.ifd) || pointer.count !== 1)
    ) {
      throw new MalformedExif("the Exif IFD pointer is not an offset");
    }
    const exif =
      pointer === undefined ? undefined : readIFD(tiff, fieldValue(tiff, pointer), "the Exif IFD");
    const structure: [number, number][] = [
      [0, tiffHeaderBytes],
      [ifd0.start, ifd0.end],
    ];
    if (exif !== undefined) structure.push([exif.start, exif.end]);

    const present = dateTags.flatMap(({ tag: dateTag, ifd }) => {
      const entry = (ifd === "ifd0" ? ifd0 : exif)?.entries.find((e) => e.tag === dateTag);
      return entry === undefined
        ? []
        : [{ tag: dateTag, value: inPlaceDate(tiff, entry, structure) }];
    });
    const inPlace =
      present.some(({ tag: dateTag }) => dateTag === tag.dateTimeOriginal) &&
      present.every(({ value }) => value !== undefined);
    if (inPlace) {
      const edited = segment.slice();
      for (const { value } of present) {
        if (value === undefined) continue;
        edited.fill(0, tiffStartInSegment + value.start, tiffStartInSegment + value.end);
        edited.set(date, tiffStartInSegment + value.start);
      }
      return { segment: edited, outcome: { status: "written", write: "in-place" } };
    }
    const appended = tiffWithAppendedDates(tiff, ifd0, exif?.entries, date);
    if (appended === undefined) return { segment, outcome: { status: "unchanged-no-room" } };
    return {
      segment: exifSegmentOf(appended),
      outcome: { status: "written", write: "appended" },
    };
  } catch (e) {
    if (!(e instanceof MalformedExif)) throw e;
    return { segment, outcome: { status: "unchanged-malformed", reason: e.message } };
  }
};
