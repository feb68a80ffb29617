import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import exifr from "exifr";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exifCreationDate, exifDateToLocalTimeUs } from "../../../shared/model/media/exif-dates";
import { fixtureMediaDir } from "../../../tests/test-support/media";
import {
  type JpegDateWrite,
  type JpegEditedTimeOutcome,
  withEditedTimeInJpeg,
} from "./jpeg-edited-time";
import {
  concat,
  exifSegmentOf,
  exifrDates,
  expectSameBytes,
  fixture,
  isExifSegment,
  jpegSegments,
  jpegWith,
  segmentOf,
  testTiff,
} from "./test-support/jpeg-test-files";

const run = promisify(execFile);

/** µs of a wall-clock time read as local time, as our EXIF reader reads it. */
const localUs = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second).getTime() * 1000;

/** The edited time of the tests: a fraction of a second past the time the tags show. */
const editedTimeUs = localUs(2021, 5, 14, 15, 9, 26) + 535_897;
const editedText = "2021:05:14 15:09:26";

/** `bytes` as chunks of the given sizes, taken in turn. */
async function* chunksOf(bytes: Uint8Array, sizes: number | readonly number[]) {
  const list = typeof sizes === "number" ? [sizes] : sizes;
  for (let offset = 0, i = 0; offset < bytes.length; i++) {
    const size = list[i % list.length] ?? 1;
    // Asynchronous, and a copy, as a download's chunks are.
    await Promise.resolve();
    yield bytes.slice(offset, offset + size);
    offset += size;
  }
}

const fourMiB = 4 * 1024 * 1024;

const exported = async (
  bytes: Uint8Array,
  {
    timeUs = editedTimeUs,
    chunkSizes = fourMiB,
  }: { timeUs?: number; chunkSizes?: number | readonly number[] } = {},
): Promise<{ bytes: Uint8Array; outcome: JpegEditedTimeOutcome | undefined }> => {
  const edited = withEditedTimeInJpeg(chunksOf(bytes, chunkSizes), timeUs);
  const parts: Uint8Array[] = [];
  for await (const chunk of edited.chunks) parts.push(chunk);
  return { bytes: concat(parts), outcome: edited.outcome };
};

const written = (write: JpegDateWrite): JpegEditedTimeOutcome => ({ status: "written", write });

/** Where the image data starts: the SOS marker. */
const imageDataStart = (bytes: Uint8Array) => jpegSegments(bytes).at(-1)?.start ?? 0;

/** The creation time our app reads from a file (spec §5), in µs. */
const readBackTimeUs = async (bytes: Uint8Array): Promise<number | undefined> => {
  const tags = (await exifr.parse(bytes, { xmp: true, iptc: true, reviveValues: false })) as
    Record<string, unknown> | undefined;
  const date = exifCreationDate(tags ?? {});
  return date === null ? undefined : exifDateToLocalTimeUs(date);
};

let dir: string;
let fileCount = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "cairn-jpeg-edited-time-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const saved = async (bytes: Uint8Array) => {
  const file = path.join(dir, `file-${String(fileCount++)}.jpg`);
  await writeFile(file, bytes);
  return file;
};

/** Every tag exiftool reads from a file, but for the file system's and exiftool's own. */
const exiftoolTags = async (bytes: Uint8Array): Promise<Record<string, unknown>> => {
  const { stdout } = await run("exiftool", ["-j", "-a", "-G1", await saved(bytes)]);
  const [tags = {}] = JSON.parse(stdout) as Record<string, unknown>[];
  return Object.fromEntries(
    Object.entries(tags).filter(
      ([name]) =>
        !/^(System|File|Composite):/.test(name) &&
        name !== "SourceFile" &&
        name !== "ExifTool:ExifToolVersion",
    ),
  );
};

/** The EXIF date tags exiftool reads (its names: ModifyDate is DateTime, CreateDate is DateTimeDigitized). */
const exifDateNames = ["IFD0:ModifyDate", "ExifIFD:DateTimeOriginal", "ExifIFD:CreateDate"];
/** The tags a new Exif IFD holds besides the dates. */
const newExifIFDNames = [
  "ExifIFD:ExifVersion",
  "ExifIFD:ComponentsConfiguration",
  "ExifIFD:FlashpixVersion",
  "ExifIFD:ColorSpace",
];
const without = (tags: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(tags).filter(([name]) => !names.includes(name)));
const exifDatesOf = (tags: Record<string, unknown>) =>
  Object.fromEntries(exifDateNames.flatMap((name) => (name in tags ? [[name, tags[name]]] : [])));

describe("withEditedTimeInJpeg on camera and phone JPEGs", () => {
  it.each<[string, JpegDateWrite, string]>([
    ["IMG_20180725_163423-tiny.jpg", "in-place", "a phone's EXIF with all three dates"],
    ["canon-dslr.jpg", "in-place", "a DSLR's EXIF with maker notes"],
    ["broken1.jpg", "in-place", "an EXIF with damaged tags elsewhere, and XMP dates"],
    ["door-knocker.jpg", "in-place", "DateTimeOriginal padded to 21 bytes"],
    ["Bush-dog.jpg", "appended", "an Exif IFD without DateTimeOriginal, after an APP14"],
    ["f6t.jpg", "appended", "IFD0 alone (an orientation)"],
    ["noexif.jpg", "inserted", "no EXIF"],
    ["issue-exifr-4.jpg", "inserted", "XMP dates and no EXIF"],
  ])("%s (%s): %s reads as the edited time", async (name, write) => {
    const original = await fixture(name);
    const { bytes, outcome } = await exported(original);

    expect(outcome).toEqual(written(write));
    expect(await readBackTimeUs(bytes)).toBe(editedTimeUs - 535_897);
    expect((await exifrDates(bytes)).DateTimeOriginal).toBe(editedText);
    expect((await exiftoolTags(bytes))["ExifIFD:DateTimeOriginal"]).toBe(editedText);
    // The image data is untouched.
    expectSameBytes(
      bytes.subarray(imageDataStart(bytes)),
      original.subarray(imageDataStart(original)),
    );
  });

  it("overwrites the dates in place: same size, only the date bytes differ", async () => {
    const original = await fixture("IMG_20180725_163423-tiny.jpg");
    const { bytes } = await exported(original);
    expect(bytes.length).toBe(original.length);
    const changed = original.reduce((count, byte, i) => count + (byte === bytes[i] ? 0 : 1), 0);
    // Three dates of 19 characters, some of whose digits stay the same.
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThanOrEqual(3 * 19);
  });

  it.each([
    {
      name: "IMG_20180725_163423-tiny.jpg",
      dates: {
        "IFD0:ModifyDate": editedText,
        "ExifIFD:DateTimeOriginal": editedText,
        "ExifIFD:CreateDate": editedText,
      },
    },
    // See: [Note: The edited time goes into the three EXIF date tags]: present
    // ones are overwritten, missing ones are not added to an EXIF kept in place.
    { name: "door-knocker.jpg", dates: { "ExifIFD:DateTimeOriginal": editedText } },
    {
      name: "Bush-dog.jpg",
      dates: {
        "IFD0:ModifyDate": editedText,
        "ExifIFD:DateTimeOriginal": editedText,
        "ExifIFD:CreateDate": editedText,
      },
    },
    {
      name: "noexif.jpg",
      dates: {
        "IFD0:ModifyDate": editedText,
        "ExifIFD:DateTimeOriginal": editedText,
        "ExifIFD:CreateDate": editedText,
      },
    },
  ])("$name: exiftool reads the EXIF dates $dates", async ({ name, dates }) => {
    const { bytes } = await exported(await fixture(name));
    expect(exifDatesOf(await exiftoolTags(bytes))).toEqual(dates);
  });

  it.each<[string, string[]]>([
    ["canon-dslr.jpg", []],
    ["Bush-dog.jpg", []],
    ["f6t.jpg", newExifIFDNames],
    ["broken1.jpg", []],
  ])("%s: every other tag exiftool reads is as it was, warnings included", async (name, added) => {
    const original = await fixture(name);
    const { bytes } = await exported(original);
    const before = await exiftoolTags(original);
    const after = await exiftoolTags(bytes);
    expect(without(after, [...exifDateNames, ...added])).toEqual(without(before, exifDateNames));
  });

  describe("on files exiftool took the dates out of", () => {
    const variants = [
      ["canon-dslr.jpg", "maker notes and a thumbnail"],
      ["IMG_20180725_163423-tiny.jpg", "GPS and a thumbnail"],
    ] as const;
    const withoutDates = async (name: string) => {
      const output = path.join(dir, `no-dates-${name}`);
      await run("exiftool", [
        "-q",
        "-o",
        output,
        "-DateTimeOriginal=",
        "-CreateDate=",
        path.join(fixtureMediaDir, name),
      ]);
      return new Uint8Array(await readFile(output));
    };

    it.each(variants)("%s: the dates are appended; %s read as before", async (name) => {
      const original = await withoutDates(name);
      const { bytes, outcome } = await exported(original);
      expect(outcome).toEqual(written("appended"));
      const before = await exiftoolTags(original);
      const after = await exiftoolTags(bytes);
      expect(exifDatesOf(after)).toEqual({
        "IFD0:ModifyDate": editedText,
        "ExifIFD:DateTimeOriginal": editedText,
        "ExifIFD:CreateDate": editedText,
      });
      expect(without(after, exifDateNames)).toEqual(without(before, exifDateNames));
      expect(await exifr.thumbnail(bytes)).toEqual(await exifr.thumbnail(original));
      expect(await exifr.gps(bytes)).toEqual(await exifr.gps(original));
    });
  });

  it("finds the EXIF of a JPEG without APP0 and with fill bytes before its markers", async () => {
    const phone = await fixture("IMG_20180725_163423-tiny.jpg");
    const [app0] = jpegSegments(phone);
    // SOI, fill bytes, the segments after APP0.
    const original = concat([
      phone.subarray(0, 2),
      new Uint8Array([0xff, 0xff]),
      phone.subarray(app0?.end),
    ]);
    const { bytes, outcome } = await exported(original);
    expect(outcome).toEqual(written("in-place"));
    expect((await exifrDates(bytes)).DateTimeOriginal).toBe(editedText);
  });

  it("inserts the new EXIF after SOI and APP0, the rest of the file following unchanged", async () => {
    const original = await fixture("noexif.jpg");
    const { bytes } = await exported(original);
    const [app0, exif] = jpegSegments(bytes);
    expect(app0?.code).toBe(0xe0);
    expect(exif && isExifSegment(bytes, exif)).toBe(true);
    const exifEnd = exif?.end ?? 0;
    expectSameBytes(concat([bytes.subarray(0, exif?.start), bytes.subarray(exifEnd)]), original);
  });

  it("inserts the new EXIF right after SOI in a JPEG without APP0", async () => {
    const noexif = await fixture("noexif.jpg");
    const [app0] = jpegSegments(noexif);
    const original = concat([noexif.subarray(0, 2), noexif.subarray(app0?.end)]);
    const { bytes, outcome } = await exported(original);
    expect(outcome).toEqual(written("inserted"));
    const [first] = jpegSegments(bytes);
    expect(first && isExifSegment(bytes, first)).toBe(true);
    expect((await exiftoolTags(bytes))["ExifIFD:DateTimeOriginal"]).toBe(editedText);
  });
});

describe("withEditedTimeInJpeg passes what it cannot edit through byte for byte", () => {
  it.each(["png_with_exif_and_gps.png", "heic-single.heic"])("%s is not a JPEG", async (name) => {
    const original = await fixture(name);
    const { bytes, outcome } = await exported(original, { chunkSizes: 1000 });
    expect(outcome).toEqual({ status: "not-a-jpeg" });
    expectSameBytes(bytes, original);
  });

  it.each([
    ["empty", []],
    ["one byte", [0xff]],
    ["an EOI", [0xff, 0xd9, 0, 0]],
  ])("%s is not a JPEG", async (_, input) => {
    const original = new Uint8Array(input);
    const { bytes, outcome } = await exported(original, { chunkSizes: 1 });
    expect(outcome).toEqual({ status: "not-a-jpeg" });
    expectSameBytes(bytes, original);
  });

  const soi = [0xff, 0xd8];
  const badTiffs: [string, () => Promise<Uint8Array>][] = [
    ["SOI and no marker", () => Promise.resolve(new Uint8Array([...soi, 0x12, 0x34, 0xff, 0xda]))],
    ["SOI and EOI", () => Promise.resolve(new Uint8Array([...soi, 0xff, 0xd9]))],
    ["a restart marker in the head", () => Promise.resolve(new Uint8Array([...soi, 0xff, 0xd0]))],
    ["a segment length of 1", () => Promise.resolve(new Uint8Array([...soi, 0xff, 0xe0, 0, 1]))],
    ["a head cut before SOS", async () => (await fixture("noexif.jpg")).subarray(0, 300)],
    [
      "an EXIF cut short",
      async () => (await fixture("IMG_20180725_163423-tiny.jpg")).subarray(0, 2000),
    ],
    [
      "a TIFF without byte order",
      () => jpegWith(exifSegmentOf(new Uint8Array([0x58, 0x58, 0, 42, 0, 0, 0, 8, 0, 0]))),
    ],
    [
      "IFD0 outside the EXIF",
      () => jpegWith(exifSegmentOf(new Uint8Array([0x4d, 0x4d, 0, 42, 0, 0, 0xff, 0xff]))),
    ],
    [
      "IFD0 with more entries than bytes",
      () => jpegWith(exifSegmentOf(new Uint8Array([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 3, 0xe8]))),
    ],
    [
      "an Exif IFD pointer outside the EXIF",
      () => {
        const tiff = testTiff([], []).bytes;
        new DataView(tiff.buffer).setUint32(8 + 2 + 8, 0xfff0);
        return jpegWith(exifSegmentOf(tiff));
      },
    ],
    [
      "an Exif IFD pointer that is text",
      () => {
        const tiff = testTiff([], []).bytes;
        new DataView(tiff.buffer).setUint16(8 + 2 + 2, 2);
        return jpegWith(exifSegmentOf(tiff));
      },
    ],
  ];

  it.each(badTiffs)("%s: unchanged, malformed", async (_, make) => {
    const original = await make();
    for (const chunkSizes of [1, fourMiB]) {
      const { bytes, outcome } = await exported(original, { chunkSizes });
      expect(outcome).toMatchObject({ status: "unchanged-malformed" });
      expectSameBytes(bytes, original);
    }
  });

  it("says why, with where", async () => {
    const cut = (await fixture("IMG_20180725_163423-tiny.jpg")).subarray(0, 2000);
    const { outcome } = await exported(cut);
    expect(outcome).toEqual({
      status: "unchanged-malformed",
      reason: "the file ends in its EXIF (byte 20)",
    });
  });

  it("exports unchanged when the edited time is out of EXIF's range", async () => {
    const original = await fixture("IMG_20180725_163423-tiny.jpg");
    const { bytes, outcome } = await exported(original, { timeUs: Number.NaN });
    expect(outcome).toEqual({ status: "unchanged-time-out-of-range" });
    expectSameBytes(bytes, original);
  });
});

describe("withEditedTimeInJpeg streams", () => {
  const streamedFixtures = [
    "IMG_20180725_163423-tiny.jpg",
    "Bush-dog.jpg",
    "door-knocker.jpg",
    "f6t.jpg",
    "noexif.jpg",
    "issue-exifr-4.jpg",
    "png_with_exif_and_gps.png",
  ];

  it.each(streamedFixtures)("%s: one byte at a time gives the same file", async (name) => {
    const original = await fixture(name);
    const whole = await exported(original);
    const byteByByte = await exported(original, { chunkSizes: 1 });
    expect(byteByByte.outcome).toEqual(whole.outcome);
    expectSameBytes(byteByByte.bytes, whole.bytes);
  });

  it("gives the same file whatever the chunk sizes, for any start of a file", async () => {
    const originals = await Promise.all(
      [...streamedFixtures, "canon-dslr.jpg"].map((name) => fixture(name)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...originals),
        // The head is in the first 30 KB of every fixture; a cut file exercises the ends.
        fc.integer({ min: 0, max: 64 * 1024 }),
        fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1, maxLength: 12 }),
        async (original, cutBytes, chunkSizes) => {
          const bytes = original.subarray(0, cutBytes);
          const whole = await exported(bytes);
          const chunked = await exported(bytes, { chunkSizes });
          expect(chunked.outcome).toEqual(whole.outcome);
          expectSameBytes(chunked.bytes, whole.bytes);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same file whatever the chunk sizes, for whole files", async () => {
    for (const name of [...streamedFixtures, "canon-dslr.jpg"]) {
      const original = await fixture(name);
      const whole = await exported(original);
      for (const chunkSizes of [[7], [1, 2, 3, 5, 8, 13, 65_536], [100_000]]) {
        const chunked = await exported(original, { chunkSizes });
        expect(chunked.outcome).toEqual(whole.outcome);
        expectSameBytes(chunked.bytes, whole.bytes);
      }
    }
  });

  /** A 50 MB JPEG-like file: a fixture's head, then 50 chunks of 1 MiB, counting what was read. */
  const largeJpeg = (head: Uint8Array) => {
    const reads = { tailChunks: 0, finished: false };
    const tail = Array.from({ length: 50 }, (_, i) => new Uint8Array(1024 * 1024).fill(i));
    async function* chunks() {
      try {
        yield head;
        for (const chunk of tail) {
          await Promise.resolve();
          reads.tailChunks++;
          yield chunk;
        }
      } finally {
        reads.finished = true;
      }
    }
    return { chunks: chunks(), reads, tail };
  };
  /** A fixture up to the end of its SOS header, where the image data starts. */
  const headOf = async (name: string) => {
    const bytes = await fixture(name);
    const sos = jpegSegments(bytes).at(-1);
    return bytes.subarray(0, sos?.end);
  };

  it.each(["IMG_20180725_163423-tiny.jpg", "Bush-dog.jpg", "noexif.jpg"])(
    "%s with 50 MB of image data: the head goes out before the image data is read, which passes through as it came",
    async (name) => {
      const { chunks, reads, tail } = largeJpeg(await headOf(name));
      const edited = withEditedTimeInJpeg(chunks, editedTimeUs);
      const output: Uint8Array[] = [];
      let tailChunksReadAtFirstOutput: number | undefined;
      for await (const chunk of edited.chunks) {
        tailChunksReadAtFirstOutput ??= reads.tailChunks;
        output.push(chunk);
      }
      expect(tailChunksReadAtFirstOutput).toBe(0);
      expect(edited.outcome).toMatchObject({ status: "written" });
      // The head, the rest of the input's chunk that held it, then the very chunks of the input.
      expect(output.length).toBe(2 + tail.length);
      output.slice(2).forEach((chunk, i) => {
        expect(chunk).toBe(tail[i]);
      });
      expect((await exifrDates(concat(output.slice(0, 2)))).DateTimeOriginal).toBe(editedText);
    },
  );

  it("holds at most about 4 MiB of a head without EXIF, then inserts the EXIF where it stands", async () => {
    // 80 ICC profile segments of 64 KiB (5 MiB), read 64 KiB at a time.
    const icc = segmentOf(0xe2, new Uint8Array(65_533).fill(7));
    const original = await jpegWith(...Array.from({ length: 80 }, () => icc));
    let bytesRead = 0;
    async function* counted() {
      for await (const chunk of chunksOf(original, 65_536)) {
        bytesRead += chunk.length;
        yield chunk;
      }
    }
    const edited = withEditedTimeInJpeg(counted(), editedTimeUs);
    const output: Uint8Array[] = [];
    let bytesReadAtFirstOutput: number | undefined;
    for await (const chunk of edited.chunks) {
      bytesReadAtFirstOutput ??= bytesRead;
      output.push(chunk);
    }
    expect(edited.outcome).toEqual(written("inserted"));
    // The first chunk out is the part of the head held when it passed 4 MiB.
    const firstChunkBytes = output[0]?.length ?? 0;
    expect(firstChunkBytes).toBeGreaterThan(fourMiB);
    expect(firstChunkBytes).toBeLessThan(fourMiB + 65_536);
    expect(bytesReadAtFirstOutput).toBeLessThan(firstChunkBytes + 2 * 65_536);
    const bytes = concat(output);
    const exif = jpegSegments(bytes).find((segment) => isExifSegment(bytes, segment));
    expect(exif?.start).toBe(firstChunkBytes);
    expect((await exiftoolTags(bytes))["ExifIFD:DateTimeOriginal"]).toBe(editedText);
    expect((await exifrDates(bytes)).DateTimeOriginal).toBe(editedText);
  });

  it("lets the download go when the output is not read to its end", async () => {
    const { chunks, reads } = largeJpeg(await headOf("noexif.jpg"));
    const edited = withEditedTimeInJpeg(chunks, editedTimeUs);
    for await (const chunk of edited.chunks) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(reads.finished).toBe(true);
    expect(reads.tailChunks).toBe(0);
  });

  it("tells the outcome once the head has been read, not before", async () => {
    const edited = withEditedTimeInJpeg(chunksOf(await fixture("noexif.jpg"), 100), editedTimeUs);
    expect(edited.outcome).toBeUndefined();
    const iterator = edited.chunks[Symbol.asyncIterator]();
    await iterator.next();
    expect(edited.outcome).toEqual(written("inserted"));
    await iterator.return?.();
  });
});
