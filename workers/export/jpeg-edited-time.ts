// A file's edited creation time written into its exported JPEG (spec §5:
// "Exported JPEG gets the edited time written if present"), as a step of the
// export's stream between decryption and the disk. Only the JPEG's head (its
// marker segments before the image data) is read and held; at most its EXIF
// segment changes; every other byte passes through as it came.

import type { ExifDate } from "../../shared/model/media/exif-dates";

/** How the date tags went in. See: [Note: An exported JPEG's EXIF is edited without moving a byte] */
export type JpegDateWrite = "in-place" | "appended" | "inserted";

/**
 * What the step did to a file, for the export's log. Every status but
 * "written" means the file was exported byte for byte as it came.
 * See: [Note: A JPEG that cannot be edited safely is exported unchanged]
 */
export type JpegEditedTimeOutcome =
  | { status: "written"; write: JpegDateWrite }
  | { status: "not-a-jpeg" }
  | { status: "unchanged-malformed"; reason: string }
  | { status: "unchanged-no-room" }
  | { status: "unchanged-time-out-of-range" };

export interface JpegWithEditedTime {
  /** The file's bytes, with the edited time in its EXIF when it is a JPEG that can take it. */
  chunks: AsyncIterable<Uint8Array>;
  /** What was done: undefined until the head has been read, always set once `chunks` has ended. */
  readonly outcome: JpegEditedTimeOutcome | undefined;
}

// [Note: Edited times are written as local wall-clock time]
//
// An EXIF date has no time zone: "2021:03:14 15:09:26" is what the camera's
// clock showed, and we read it as local time (See: [Note: EXIF dates are read
// from raw strings, as local time]). So an edited time, µs since the epoch, is
// written as the wall-clock time it is in this device's time zone, as the
// reference does: reading the exported file back gives the edited time again,
// to the second (the tag has no fraction). Two limits come with zone-less
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

/** The byte after 0xFF of each marker this step reads (ITU T.81 Table B.1). */
const marker = { soi: 0xd8, sos: 0xda, app0: 0xe0, app1: 0xe1 } as const;

const tag = {
  dateTime: 0x0132,
  exifIFDPointer: 0x8769,
  dateTimeOriginal: 0x9003,
  dateTimeDigitized: 0x9004,
} as const;

/** TIFF field types this step writes (TIFF 6.0 §2). */
const fieldType = { ascii: 2, short: 3, long: 4, undefined: 7, ifd: 13 } as const;

/** "YYYY:MM:DD HH:MM:SS" and its NUL. */
const exifDateBytes = 20;

const dateTags = [
  { tag: tag.dateTime, ifd: "ifd0" },
  { tag: tag.dateTimeOriginal, ifd: "exif" },
  { tag: tag.dateTimeDigitized, ifd: "exif" },
] as const;

// [Note: An exported JPEG's EXIF is edited without moving a byte]
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
// copies would not fit, the file is exported unchanged ("unchanged-no-room").

/** The largest TIFF an APP1 segment holds: its 16-bit length counts itself (2) and "Exif\0\0" (6). */
const maxTiffBytes = 0xffff - 2 - 6;
const segmentHeaderBytes = 4;
const exifIdentifier = new TextEncoder().encode("Exif\0\0");
const tiffStartInSegment = segmentHeaderBytes + exifIdentifier.length;
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

/** Reading stops with the reason, for the export's log. */
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

const concatBytes = (parts: readonly Uint8Array[]): Uint8Array => {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
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
 * See: [Note: An exported JPEG's EXIF is edited without moving a byte]
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
  segment.set([0xff, marker.app1], 0);
  new DataView(segment.buffer).setUint16(2, segment.length - 2);
  segment.set(exifIdentifier, segmentHeaderBytes);
  segment.set(tiff, tiffStartInSegment);
  return segment;
};

/** A new EXIF segment holding only the date tags, for a JPEG that has none. */
const newExifSegment = (dateText: string): Uint8Array => {
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
 * An EXIF APP1 segment (marker to end) with the date tags set, or the reason
 * it is kept as it is.
 * See: [Note: The edited time goes into the three EXIF date tags]
 */
const exifSegmentWithDate = (
  segment: Uint8Array,
  dateText: string,
): { segment: Uint8Array; outcome: JpegEditedTimeOutcome } => {
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

// [Note: Only a JPEG's head is held while its EXIF is found]
//
// A JPEG is SOI, marker segments (APPn, tables, frame header), then SOS and
// the image data. The segments are read one by one and held back until the
// step knows what to write: at the EXIF segment (APP1 "Exif"), the held ones
// go out unchanged and the edited EXIF after them; at SOS without an EXIF, a
// new one goes in after SOI and APP0 and the held ones follow. From there,
// every chunk passes through as it came, so a 2 GiB file costs its head. The
// head of a JPEG without EXIF is a few KB (tables) to a few hundred KB (ICC
// profile, XMP, Photoshop); should the held segments pass
// `maxHeldHeadBytes` (a phone's depth map in extended XMP runs to MBs), they
// go out and a new EXIF goes in where the reading stands, before the next
// segment: later than usual, but exiftool and exifr read an EXIF segment
// wherever it stands before SOS, and the memory stays bounded.

/** One download chunk: the most of a head held at once. See: [Note: Only a JPEG's head is held while its EXIF is found] */
const maxHeldHeadBytes = 4 * 1024 * 1024;

/** TEM, RSTn, SOI and EOI stand alone; every other marker starts a segment with a length. */
const isStandalone = (code: number) => code === 0x01 || (code >= 0xd0 && code <= 0xd9);

/**
 * The source's bytes as far as they have been read, taken from the front.
 * Chunks are kept as they came and taken as views of them.
 */
class ChunkQueue {
  private readonly chunks: Uint8Array[] = [];
  /** Index of the first chunk still queued, and where its bytes start. */
  private first = 0;
  private firstStart = 0;
  private queued = 0;
  private sourceDone = false;

  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  get queuedBytes(): number {
    return this.queued;
  }

  /** Reads chunks until `count` bytes are queued; false when the source ends first. */
  async has(count: number): Promise<boolean> {
    while (this.queued < count && !this.sourceDone) {
      const next = await this.source.next();
      if (next.done === true) this.sourceDone = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.queued += next.value.length;
      }
    }
    return this.queued >= count;
  }

  /** A queued byte (`index` < `queuedBytes`). */
  byteAt(index: number): number {
    let at = index + this.firstStart;
    for (let i = this.first; i < this.chunks.length; i++) {
      const chunk = this.chunks[i];
      if (chunk === undefined) break;
      if (at < chunk.length) return chunk[at] ?? 0;
      at -= chunk.length;
    }
    throw new RangeError("byte not queued");
  }

  /** Removes the first `count` queued bytes (`count` ≤ `queuedBytes`), as views of the chunks. */
  take(count: number): Uint8Array[] {
    const parts: Uint8Array[] = [];
    let left = count;
    while (left > 0) {
      const chunk = this.chunks[this.first];
      if (chunk === undefined) throw new RangeError("bytes not queued");
      const end = Math.min(chunk.length, this.firstStart + left);
      parts.push(chunk.subarray(this.firstStart, end));
      left -= end - this.firstStart;
      if (end === chunk.length) {
        this.first++;
        this.firstStart = 0;
      } else {
        this.firstStart = end;
      }
    }
    this.queued -= count;
    // Taken chunks are let go in batches: tiny chunks would make one at a time quadratic.
    if (this.first > 1024) {
      this.chunks.splice(0, this.first);
      this.first = 0;
    }
    return parts;
  }

  /** The queued bytes, then every chunk still to come, as they come. */
  async *rest(): AsyncGenerator<Uint8Array, void, undefined> {
    yield* this.take(this.queued);
    while (!this.sourceDone) {
      const next = await this.source.next();
      if (next.done === true) this.sourceDone = true;
      else yield next.value;
    }
  }

  /** Lets the source go (a download stops) when the output was not read to its end. */
  async close(): Promise<void> {
    if (this.sourceDone) return;
    this.sourceDone = true;
    await this.source.return?.();
  }
}

/** The head's bytes read and not yet given out, in order. */
class HeldHead {
  parts: Uint8Array[] = [];
  heldBytes = 0;
  /** Bytes of the file read so far, for the log. */
  position = 0;

  hold(parts: readonly Uint8Array[]) {
    for (const part of parts) {
      this.parts.push(part);
      this.heldBytes += part.length;
      this.position += part.length;
    }
  }

  /** Holds the next `count` bytes of `queue` as they arrive; false when the source ends first. */
  async holdFrom(queue: ChunkQueue, count: number): Promise<boolean> {
    let left = count;
    while (left > 0) {
      if (!(await queue.has(1))) return false;
      const taken = Math.min(left, queue.queuedBytes);
      this.hold(queue.take(taken));
      left -= taken;
    }
    return true;
  }

  /** Gives out every held byte, with `inserted` after the first `insertAt` parts. */
  release(insertAt = 0, inserted?: Uint8Array): Uint8Array {
    const parts = this.parts;
    this.parts = [];
    this.heldBytes = 0;
    if (inserted === undefined) return concatBytes(parts);
    return concatBytes([...parts.slice(0, insertAt), inserted, ...parts.slice(insertAt)]);
  }
}

/** Whether the segment at the front of `queue` is an EXIF APP1 ("Exif" and two NULs). */
const isExifSegment = async (queue: ChunkQueue, segmentBytes: number): Promise<boolean> => {
  if (segmentBytes < tiffStartInSegment) return false;
  if (!(await queue.has(tiffStartInSegment))) return false;
  return exifIdentifier.every((byte, i) => queue.byteAt(segmentHeaderBytes + i) === byte);
};

/**
 * Reads the head after SOI, giving out held segments only when they pass
 * `maxHeldHeadBytes`, and returns the rest of the head, with the dates written
 * when it can take them. See: [Note: Only a JPEG's head is held while its EXIF is found]
 */
async function* headWithDate(
  queue: ChunkQueue,
  dateText: string,
  settle: (outcome: JpegEditedTimeOutcome) => void,
): AsyncGenerator<Uint8Array, Uint8Array, undefined> {
  const held = new HeldHead();
  const unchanged = (reason: string) => {
    settle({ status: "unchanged-malformed", reason: `${reason} (byte ${held.position})` });
    return held.release();
  };
  held.hold(queue.take(2));
  // Only SOI, fill bytes and APP0 segments so far: a new EXIF goes after them.
  let leading = true;
  let insertAt = held.parts.length;
  for (;;) {
    if (!(await queue.has(2))) return unchanged("the file ends in its head");
    if (queue.byteAt(0) !== 0xff) return unchanged("no marker where one belongs");
    const code = queue.byteAt(1);
    // Fill bytes: any number of 0xFF may come before a marker (ITU T.81 B.1.1.2).
    if (code === 0xff) {
      held.hold(queue.take(1));
      continue;
    }
    if (code === marker.sos) {
      settle({ status: "written", write: "inserted" });
      return held.release(insertAt, newExifSegment(dateText));
    }
    if (isStandalone(code) || code === 0) {
      return unchanged(`marker ${code.toString(16)} before the image data`);
    }
    if (!(await queue.has(segmentHeaderBytes))) return unchanged("the file ends in a segment");
    const segmentBytes = 2 + ((queue.byteAt(2) << 8) | queue.byteAt(3));
    if (segmentBytes < segmentHeaderBytes) return unchanged("a segment length below 2");
    if (code === marker.app1 && (await isExifSegment(queue, segmentBytes))) {
      if (!(await queue.has(segmentBytes))) return unchanged("the file ends in its EXIF");
      const exifPosition = held.position;
      const edited = exifSegmentWithDate(concatBytes(queue.take(segmentBytes)), dateText);
      settle(
        edited.outcome.status === "unchanged-malformed"
          ? { ...edited.outcome, reason: `${edited.outcome.reason} (EXIF at byte ${exifPosition})` }
          : edited.outcome,
      );
      return concatBytes([held.release(), edited.segment]);
    }
    if (code !== marker.app0) leading = false;
    if (!(await held.holdFrom(queue, segmentBytes))) return unchanged("the file ends in a segment");
    if (leading) insertAt = held.parts.length;
    if (held.heldBytes > maxHeldHeadBytes) {
      yield held.release();
      insertAt = 0;
    }
  }
}

async function* editedChunks(
  chunks: AsyncIterable<Uint8Array>,
  editedTimeUs: number,
  settle: (outcome: JpegEditedTimeOutcome) => void,
): AsyncGenerator<Uint8Array, void, undefined> {
  const queue = new ChunkQueue(chunks[Symbol.asyncIterator]());
  try {
    const date = exifDateOfTimeUs(editedTimeUs);
    if (date === undefined) {
      settle({ status: "unchanged-time-out-of-range" });
    } else if (
      !(await queue.has(2)) ||
      queue.byteAt(0) !== 0xff ||
      queue.byteAt(1) !== marker.soi
    ) {
      settle({ status: "not-a-jpeg" });
    } else {
      const head = yield* headWithDate(queue, exifDateText(date), settle);
      yield head;
    }
    yield* queue.rest();
  } finally {
    await queue.close();
  }
}

// [Note: A JPEG that cannot be edited safely is exported unchanged]
//
// The export writes the person's own file: losing or damaging it to set a
// date would be far worse than a date not set. So a file that does not start
// with SOI, a head that cannot be read to its image data, an EXIF whose TIFF
// cannot be read and an EXIF that would outgrow its segment all give the
// file's bytes exactly as they came, and an outcome that says why. The
// reference decides by the file's extension and falls back the same way when
// its EXIF library fails; here the bytes decide, so a misnamed JPEG gets its
// date and a misnamed PNG passes untouched.

/**
 * The JPEG in `chunks` with `editedTimeUs` (µs since the epoch) written into
 * its EXIF date tags, as a stream: only the head is held, the rest passes
 * through chunk by chunk (the input's chunks must not be reused once given).
 * See: [Note: The edited time goes into the three EXIF date tags]
 */
export const withEditedTimeInJpeg = (
  chunks: AsyncIterable<Uint8Array>,
  editedTimeUs: number,
): JpegWithEditedTime => {
  let outcome: JpegEditedTimeOutcome | undefined;
  return {
    chunks: editedChunks(chunks, editedTimeUs, (settled) => {
      outcome = settled;
    }),
    get outcome() {
      return outcome;
    },
  };
};
