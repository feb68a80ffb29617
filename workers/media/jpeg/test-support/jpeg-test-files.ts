// JPEGs for the tests of the JPEG edited-time step (jpeg-edited-time.ts and
// exif-date-tags.ts): fixtures, hand-made EXIF (a TIFF built from entries, for
// layouts no fixture has) in a real JPEG, and readers of what a step wrote
// that are independent of the code under test.

import { readFile } from "node:fs/promises";
import path from "node:path";
import exifr from "exifr";
import { expect } from "vitest";
import { fixtureMediaDir } from "../../../../tests/test-support/media";
import { concatBytes } from "../concat-bytes";

export const fixture = async (name: string): Promise<Uint8Array> =>
  new Uint8Array(await readFile(path.join(fixtureMediaDir, name)));

/** `parts` as one array. */
export const concat = concatBytes;

/**
 * Byte equality without a deep comparison (slow on megabytes): the first
 * difference is reported.
 */
export const expectSameBytes = (actual: Uint8Array, expected: Uint8Array) => {
  const length = Math.min(actual.length, expected.length);
  let at = 0;
  while (at < length && actual[at] === expected[at]) at++;
  expect({ firstDifferenceAt: at, length: actual.length }).toEqual({
    firstDifferenceAt: expected.length,
    length: expected.length,
  });
};

/** A JPEG's segments up to SOS, read here independently of the code under test. */
export const jpegSegments = (bytes: Uint8Array) => {
  const segments: { code: number; start: number; end: number }[] = [];
  let at = 2;
  for (;;) {
    while (bytes[at + 1] === 0xff) at++;
    const code = bytes[at + 1] ?? 0;
    const end = at + 2 + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
    segments.push({ code, start: at, end });
    if (code === 0xda) return segments;
    at = end;
  }
};

/** Whether a segment of `jpegSegments` is an EXIF APP1. */
export const isExifSegment = (
  bytes: Uint8Array,
  { code, start }: { code: number; start: number },
) =>
  code === 0xe1 && new TextDecoder().decode(bytes.subarray(start + 4, start + 10)) === "Exif\0\0";

/** The EXIF dates exifr reads from a file, as their text. */
export const exifrDates = async (bytes: Uint8Array) => {
  const tags = (await exifr.parse(bytes, {
    pick: ["DateTimeOriginal", "CreateDate", "ModifyDate"],
    reviveValues: false,
  })) as Record<string, unknown> | undefined;
  return tags ?? {};
};

// Hand-made EXIF: a big-endian TIFF from entries, for layouts no fixture has.
export interface TestEntry {
  tag: number;
  type: number;
  count: number;
  /** Big-endian value bytes; longer than 4, they go after the IFDs. */
  value: Uint8Array;
}
export const asciiEntry = (tag: number, text: string): TestEntry => ({
  tag,
  type: 2,
  count: text.length + 1,
  value: new TextEncoder().encode(`${text}\0`),
});
export const bytesEntry = (tag: number, value: Uint8Array): TestEntry => ({
  tag,
  type: 7,
  count: value.length,
  value,
});
export const tags = {
  make: 0x010f,
  dateTime: 0x0132,
  exifPointer: 0x8769,
  dateTimeOriginal: 0x9003,
};
export const makerNoteTag = 0x927c;

/** A big-endian TIFF: IFD0 at 8, the Exif IFD after it, then the values; with each value's offset. */
export const testTiff = (ifd0: TestEntry[], exif?: TestEntry[]) => {
  const ifdSize = (count: number) => 2 + 12 * count + 4;
  const ifd0Entries = [...ifd0];
  const pointer = { tag: tags.exifPointer, type: 4, count: 1, value: new Uint8Array(4) };
  if (exif !== undefined) ifd0Entries.push(pointer);
  const exifStart = 8 + ifdSize(ifd0Entries.length);
  new DataView(pointer.value.buffer).setUint32(0, exifStart);
  const ifds = [ifd0Entries, exif ?? []];
  let valuesAt = exifStart + (exif === undefined ? 0 : ifdSize(exif.length));
  const parts: Uint8Array[] = [new Uint8Array([0x4d, 0x4d, 0, 42, 0, 0, 0, 8])];
  const values: Uint8Array[] = [];
  const valueOffsets = new Map<number, number>();
  for (const entries of exif === undefined ? [ifd0Entries] : ifds) {
    const ifd = new Uint8Array(ifdSize(entries.length));
    const view = new DataView(ifd.buffer);
    view.setUint16(0, entries.length);
    entries.forEach((entry, i) => {
      const at = 2 + 12 * i;
      view.setUint16(at, entry.tag);
      view.setUint16(at + 2, entry.type);
      view.setUint32(at + 4, entry.count);
      if (entry.value.length <= 4) {
        ifd.set(entry.value, at + 8);
      } else {
        view.setUint32(at + 8, valuesAt);
        valueOffsets.set(entry.tag, valuesAt);
        values.push(entry.value);
        valuesAt += entry.value.length;
      }
    });
    parts.push(ifd);
  }
  return { bytes: concat([...parts, ...values]), valueOffsets };
};

/** A JPEG segment: marker, length and `body`. */
export const segmentOf = (code: number, body: Uint8Array) => {
  const segment = new Uint8Array(4 + body.length);
  segment.set([0xff, code]);
  new DataView(segment.buffer).setUint16(2, body.length + 2);
  segment.set(body, 4);
  return segment;
};
export const exifSegmentOf = (tiff: Uint8Array) =>
  segmentOf(0xe1, concat([new TextEncoder().encode("Exif\0\0"), tiff]));

/** A real JPEG (noexif.jpg's image) with `segments` after SOI and APP0. */
export const jpegWith = async (...segments: Uint8Array[]) => {
  const noexif = await fixture("noexif.jpg");
  const [app0] = jpegSegments(noexif);
  return concat([noexif.subarray(0, app0?.end), ...segments, noexif.subarray(app0?.end)]);
};
