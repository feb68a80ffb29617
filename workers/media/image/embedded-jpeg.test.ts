import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { embeddedJPEGs } from "./embedded-jpeg";
import {
  fixtureBytes,
  psdWithThumbnail,
  rawFileWithPreview,
  redBlueImage,
} from "./test-support/images";

const run = promisify(execFile);

const concat = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
};

/** Bytes that hold no JPEG marker sequence (no 0xff at all). */
const filler = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + 5) % 255);

/** The offset of the first marker `code` of a JPEG. */
const markerOffset = (jpeg: Uint8Array, code: number) => {
  for (let i = 0; i + 1 < jpeg.length; i++) if (jpeg[i] === 0xff && jpeg[i + 1] === code) return i;
  throw new Error(`no marker ${code.toString(16)}`);
};

const withFrameMarker = (jpeg: Uint8Array, code: number) => {
  const copy = jpeg.slice();
  copy[markerOffset(copy, 0xc0) + 1] = code;
  return copy;
};

/** A JPEG with a smaller JPEG as its EXIF thumbnail (IFD1), written by exiftool. */
const jpegWithExifThumbnail = async (jpeg: Uint8Array, thumbnail: Uint8Array) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-embedded-"));
  try {
    await writeFile(path.join(dir, "image.jpg"), jpeg);
    await writeFile(path.join(dir, "thumbnail.jpg"), thumbnail);
    await run("exiftool", [
      "-q",
      "-overwrite_original",
      `-ThumbnailImage<=${path.join(dir, "thumbnail.jpg")}`,
      path.join(dir, "image.jpg"),
    ]);
    return new Uint8Array(await readFile(path.join(dir, "image.jpg")));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe("embeddedJPEGs", () => {
  it("finds a JPEG file as one JPEG of its size", async () => {
    const jpeg = await fixtureBytes("canon-dslr.jpg");
    expect(embeddedJPEGs(jpeg)).toEqual([
      { start: 0, end: jpeg.length, widthPx: 5184, heightPx: 3456 },
    ]);
  });

  it("finds the JPEGs inside other bytes, largest first, at their exact ranges", async () => {
    const small = await redBlueImage("jpg", 40, 20);
    const large = await redBlueImage("jpg", 320, 240);
    const bytes = concat(filler(1000), small, filler(333), large, filler(77));
    const found = embeddedJPEGs(bytes);
    expect(found.map(({ widthPx, heightPx }) => [widthPx, heightPx])).toEqual([
      [320, 240],
      [40, 20],
    ]);
    expect(bytes.slice(found[0]?.start, found[0]?.end)).toEqual(large);
    expect(bytes.slice(found[1]?.start, found[1]?.end)).toEqual(small);
  });

  it("does not list the EXIF thumbnail inside a JPEG apart from it", async () => {
    const thumbnail = await redBlueImage("jpg", 32, 24);
    const jpeg = await jpegWithExifThumbnail(await redBlueImage("jpg", 320, 240), thumbnail);
    expect(Buffer.from(jpeg).includes(Buffer.from(thumbnail))).toBe(true);
    expect(embeddedJPEGs(jpeg)).toEqual([
      { start: 0, end: jpeg.length, widthPx: 320, heightPx: 240 },
    ]);
  });

  it("finds a real photo's JPEG through its damaged EXIF block", async () => {
    const jpeg = await fixtureBytes("broken1.jpg");
    expect(embeddedJPEGs(jpeg)).toEqual([
      { start: 0, end: jpeg.length, widthPx: 600, heightPx: 900 },
    ]);
  });

  it("finds the preview of a RAW file and skips its lossless sensor data", async () => {
    const preview = await redBlueImage("jpg", 160, 120);
    const raw = rawFileWithPreview(preview, 6);
    const found = embeddedJPEGs(raw);
    expect(found).toHaveLength(1);
    expect(raw.slice(found[0]?.start, found[0]?.end)).toEqual(preview);
  });

  it("finds the thumbnail of a PSD file", async () => {
    const thumbnail = await redBlueImage("jpg", 160, 80);
    const psd = psdWithThumbnail(
      thumbnail,
      { widthPx: 160, heightPx: 80 },
      { widthPx: 400, heightPx: 200 },
    );
    const found = embeddedJPEGs(psd);
    expect(found.map(({ widthPx, heightPx }) => [widthPx, heightPx])).toEqual([[160, 80]]);
    expect(psd.slice(found[0]?.start, found[0]?.end)).toEqual(thumbnail);
  });

  it.each([
    ["a baseline", 0xc0, 1],
    ["an extended sequential", 0xc1, 1],
    ["a progressive", 0xc2, 1],
    ["a lossless", 0xc3, 0],
    ["an arithmetic-coded", 0xc9, 0],
    ["a hierarchical", 0xc5, 0],
  ])("lists %s frame only if browsers decode it", async (_, code, count) => {
    const jpeg = withFrameMarker(await redBlueImage("jpg", 40, 20), code);
    expect(embeddedJPEGs(concat(filler(10), jpeg))).toHaveLength(count);
  });

  it("lists nothing for a truncated JPEG", async () => {
    const jpeg = await redBlueImage("jpg", 320, 240);
    expect(embeddedJPEGs(jpeg.slice(0, jpeg.length - 2))).toEqual([]);
    expect(embeddedJPEGs(jpeg.slice(0, jpeg.length / 2))).toEqual([]);
  });

  it("lists nothing for a JPEG without quantisation tables (a TIFF's abbreviated strip)", async () => {
    const jpeg = await redBlueImage("jpg", 40, 20);
    const dqt = markerOffset(jpeg, 0xdb);
    const dqtLength = ((jpeg[dqt + 2] ?? 0) << 8) | (jpeg[dqt + 3] ?? 0);
    const withoutTables = concat(jpeg.subarray(0, dqt), jpeg.subarray(dqt + 2 + dqtLength));
    expect(embeddedJPEGs(withoutTables)).toEqual([]);
  });

  it("reads entropy data with stuffed bytes, restart markers and fill bytes", () => {
    const stream = Uint8Array.from([
      ...[0xff, 0xd8],
      ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1)],
      ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x00, 0x20, 0x01, 0x01, 0x11, 0x00],
      ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00],
      ...[0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78],
      ...[0xff, 0xff, 0xd9],
    ]);
    expect(embeddedJPEGs(concat(filler(5), stream, filler(5)))).toEqual([
      { start: 5, end: 5 + stream.length, widthPx: 32, heightPx: 16 },
    ]);
  });

  it("lists nothing in bytes that only look like a start of image", () => {
    const falseStarts = concat(
      filler(100),
      Uint8Array.from([0xff, 0xd8, 0xff, 0x12, 0x34]),
      filler(100),
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Uint8Array.from([0xff, 0xd8, 0xff]),
    );
    expect(embeddedJPEGs(falseStarts)).toEqual([]);
    expect(embeddedJPEGs(new Uint8Array(0))).toEqual([]);
  });
});
