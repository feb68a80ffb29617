// Image files for the image tests, made with Debian's tools (ffmpeg,
// heif-enc) or assembled here where no tool writes them (a RAW file around a
// preview, a PSD with its thumbnail, a HEIF turned by an `irot` property).
// Shared by the Node tests and the browser test. Test support only.

import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fixtureMediaDir } from "../../../../tests/test-support/media";
import type { ExifOrientation } from "../orientation";
import { type RawImage, pixelAt } from "./image-codec";

const run = promisify(execFile);

/** The bytes of a photo of the shared fixtures. */
export const fixtureBytes = async (name: string): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await readFile(path.join(fixtureMediaDir, name)));

const inTemporaryDir = async <T>(make: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-image-"));
  try {
    return await make(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/**
 * An image whose left half is red and right half blue, so that a test can
 * tell how it was turned: as JPEG (4:4:4, so that the colours stay clean up
 * to the middle), PNG or TIFF.
 */
export const redBlueImage = (
  format: "jpg" | "png" | "tiff",
  widthPx: number,
  heightPx: number,
): Promise<Uint8Array<ArrayBuffer>> =>
  inTemporaryDir(async (dir) => {
    const out = path.join(dir, `image.${format}`);
    const halfPx = Math.floor(widthPx / 2);
    await run("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      `color=c=red:s=${widthPx}x${heightPx}[left];color=c=blue:s=${widthPx - halfPx}x${heightPx}[right];[left][right]overlay=x=${halfPx}`,
      "-frames:v",
      "1",
      ...(format === "jpg" ? ["-q:v", "3", "-pix_fmt", "yuvj444p"] : []),
      out,
    ]);
    return new Uint8Array(await readFile(out));
  });

const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 180 && g < 80 && b < 80;

/**
 * Where the red half of a (possibly turned) `redBlueImage` is: the half of
 * the image nearly all red whose opposite half has nearly no red.
 */
export const redSide = (image: RawImage): "left" | "right" | "top" | "bottom" | "unclear" => {
  const { widthPx: w, heightPx: h } = image;
  const redShare = (x0: number, y0: number, x1: number, y1: number) => {
    let red = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) if (isRed(pixelAt(image, x, y))) red++;
    }
    return red / ((x1 - x0) * (y1 - y0));
  };
  const halves = {
    left: redShare(0, 0, w >> 1, h),
    right: redShare(w - (w >> 1), 0, w, h),
    top: redShare(0, 0, w, h >> 1),
    bottom: redShare(0, h - (h >> 1), w, h),
  };
  const opposite = { left: "right", right: "left", top: "bottom", bottom: "top" } as const;
  const sides = Object.keys(halves) as (keyof typeof halves)[];
  return sides.find((side) => halves[side] > 0.9 && halves[opposite[side]] < 0.1) ?? "unclear";
};

/** A noisy JPEG (hard to compress) of the given size, to push thumbnails over their size target. */
/** A JPEG with its EXIF orientation set to `orientation` (exiftool), pixels untouched. */
export const withExifOrientation = (
  jpeg: Uint8Array,
  orientation: ExifOrientation,
): Promise<Uint8Array<ArrayBuffer>> =>
  inTemporaryDir(async (dir) => {
    const file = path.join(dir, "image.jpg");
    await writeFile(file, jpeg);
    await run("exiftool", ["-q", "-overwrite_original", `-Orientation#=${orientation}`, file]);
    return new Uint8Array(await readFile(file));
  });

/** One frame of ffmpeg's `lavfi` source `source`, written as `fileName` (its extension picks the format). */
const lavfiStill = (
  fileName: string,
  source: string,
  outputArgs: readonly string[] = [],
): Promise<Uint8Array<ArrayBuffer>> =>
  inTemporaryDir(async (dir) => {
    const out = path.join(dir, fileName);
    await run("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      source,
      "-frames:v",
      "1",
      ...outputArgs,
      out,
    ]);
    return new Uint8Array(await readFile(out));
  });

export const noiseJpeg = (widthPx: number, heightPx: number): Promise<Uint8Array<ArrayBuffer>> =>
  lavfiStill("noise.jpg", `nullsrc=s=${widthPx}x${heightPx},geq=random(1)*255:128:128`, [
    "-q:v",
    "2",
  ]);

/**
 * A lossless PNG of one-pixel black and white columns: the pattern a
 * downscale that skips source pixels turns into moiré, and one that
 * averages them into an even grey.
 */
export const stripesPng = (widthPx: number, heightPx: number): Promise<Uint8Array<ArrayBuffer>> =>
  lavfiStill(
    "stripes.png",
    `nullsrc=s=${widthPx}x${heightPx},geq=lum='mod(X,2)*255':cb=128:cr=128,format=gray`,
  );

/** An image file converted to HEIC with heif-enc. */
export const heicOf = (
  image: Uint8Array,
  extension: "png" | "jpg",
): Promise<Uint8Array<ArrayBuffer>> =>
  inTemporaryDir(async (dir) => {
    const input = path.join(dir, `input.${extension}`);
    const out = path.join(dir, "image.heic");
    await writeFile(input, image);
    await run("heif-enc", ["-q", "90", "-o", out, input]);
    return new Uint8Array(await readFile(out));
  });

// ---------------------------------------------------------------------------
// ISO boxes (HEIF)

interface Box {
  type: string;
  start: number;
  end: number;
  /** Where the children (or the payload) start: after the header, and after version and flags for a full box. */
  contentStart: number;
}

const fullBoxes = new Set(["meta", "pitm", "iloc", "ipma", "iinf"]);

const boxesIn = (bytes: Uint8Array, start: number, end: number): Box[] => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    const size = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (size < 8) throw new Error(`unsupported ISO box size ${size} of ${type}`);
    boxes.push({
      type,
      start: at,
      end: at + size,
      contentStart: at + 8 + (fullBoxes.has(type) ? 4 : 0),
    });
    at += size;
  }
  return boxes;
};

const child = (bytes: Uint8Array, parent: Box, type: string): Box => {
  const found = boxesIn(bytes, parent.contentStart, parent.end).find((box) => box.type === type);
  if (found === undefined) throw new Error(`no ${type} box in ${parent.type}`);
  return found;
};

/** The bytes of an ASCII text (box types, signatures). */
const ascii = (text: string): number[] => Array.from(new TextEncoder().encode(text));

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
};

const withSize = (box: Uint8Array, sizeBytes: number): Uint8Array => {
  const copy = box.slice();
  new DataView(copy.buffer).setUint32(0, sizeBytes);
  return copy;
};

/** Moves every file offset of the `iloc` box (construction method 0) at or after `from` by `delta`. */
const shiftItemLocations = (iloc: Uint8Array, from: number, delta: number): Uint8Array => {
  const copy = iloc.slice();
  const view = new DataView(copy.buffer);
  const version = view.getUint8(8);
  const offsetSize = view.getUint8(12) >> 4;
  const lengthSize = view.getUint8(12) & 0xf;
  const baseOffsetSize = view.getUint8(13) >> 4;
  const indexSize = version >= 1 ? view.getUint8(13) & 0xf : 0;
  const readN = (at: number, n: number) =>
    n === 0 ? 0 : n === 4 ? view.getUint32(at) : Number(view.getBigUint64(at));
  const writeN = (at: number, n: number, value: number) => {
    if (n === 4) view.setUint32(at, value);
    else if (n === 8) view.setBigUint64(at, BigInt(value));
  };
  let at = 14;
  const itemCount = version < 2 ? view.getUint16(at) : view.getUint32(at);
  at += version < 2 ? 2 : 4;
  for (let item = 0; item < itemCount; item++) {
    at += version < 2 ? 2 : 4;
    const constructionMethod = version >= 1 ? view.getUint16(at) & 0xf : 0;
    if (version >= 1) at += 2;
    at += 2; // data reference index
    const baseOffsetAt = at;
    const baseOffset = readN(at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = view.getUint16(at);
    at += 2;
    const shiftsBase = constructionMethod === 0 && baseOffsetSize > 0 && baseOffset >= from;
    if (shiftsBase) writeN(baseOffsetAt, baseOffsetSize, baseOffset + delta);
    for (let extent = 0; extent < extentCount; extent++) {
      at += indexSize;
      const offset = readN(at, offsetSize);
      if (constructionMethod === 0 && !shiftsBase && baseOffset === 0 && offset >= from) {
        writeN(at, offsetSize, offset + delta);
      }
      at += offsetSize + lengthSize;
    }
  }
  return copy;
};

/**
 * The HEIF file turned by an `irot` property on its primary item (as a
 * camera that stores the pixels as the sensor saw them writes it): `quarters`
 * quarter turns anticlockwise. No tool of Debian writes one.
 */
export const withHEIFRotation = (
  heif: Uint8Array,
  quarters: 1 | 2 | 3,
): Uint8Array<ArrayBuffer> => {
  const top = boxesIn(heif, 0, heif.length);
  const meta = top.find((box) => box.type === "meta");
  if (meta === undefined) throw new Error("no meta box");
  const view = new DataView(heif.buffer, heif.byteOffset, heif.byteLength);
  const pitm = child(heif, meta, "pitm");
  const primaryItemID = view.getUint16(pitm.contentStart);
  const iprp = child(heif, meta, "iprp");
  const ipco = child(heif, iprp, "ipco");
  const ipma = child(heif, iprp, "ipma");
  const propertyIndex = boxesIn(heif, ipco.contentStart, ipco.end).length + 1;
  if (propertyIndex > 127 || (view.getUint32(ipma.start + 8) & 1) !== 0) {
    throw new Error("unsupported ipma layout");
  }
  const irot = Uint8Array.from([0, 0, 0, 9, ...ascii("irot"), quarters]);

  // ipma, version 0: entries of (item ID 16 bits, count 8 bits, 1 byte an association).
  const ipmaParts: Uint8Array[] = [heif.subarray(ipma.start, ipma.contentStart + 4)];
  const entryCount = view.getUint32(ipma.contentStart);
  let at = ipma.contentStart + 4;
  for (let entry = 0; entry < entryCount; entry++) {
    const itemID = view.getUint16(at);
    const count = view.getUint8(at + 2);
    const associations = heif.subarray(at + 3, at + 3 + count);
    if (itemID === primaryItemID) {
      // Essential: a reader that ignores rotation must not show the image unturned.
      ipmaParts.push(Uint8Array.from([itemID >> 8, itemID & 0xff, count + 1]), associations);
      ipmaParts.push(Uint8Array.from([0x80 | propertyIndex]));
    } else {
      ipmaParts.push(heif.subarray(at, at + 3 + count));
    }
    at += 3 + count;
  }
  const newIpmaBody = concat(...ipmaParts);
  const newIpma = withSize(newIpmaBody, newIpmaBody.length);
  const newIpco = withSize(
    concat(heif.subarray(ipco.start, ipco.end), irot),
    ipco.end - ipco.start + irot.length,
  );
  const iprpParts = boxesIn(heif, iprp.contentStart, iprp.end).map((box) =>
    box.type === "ipco"
      ? newIpco
      : box.type === "ipma"
        ? newIpma
        : heif.subarray(box.start, box.end),
  );
  const newIprpBody = concat(heif.subarray(iprp.start, iprp.contentStart), ...iprpParts);
  const newIprp = withSize(newIprpBody, newIprpBody.length);
  const delta = newIprp.length - (iprp.end - iprp.start);

  const metaParts = boxesIn(heif, meta.contentStart, meta.end).map((box) =>
    box.type === "iprp"
      ? newIprp
      : box.type === "iloc"
        ? shiftItemLocations(heif.subarray(box.start, box.end), meta.end, delta)
        : heif.subarray(box.start, box.end),
  );
  const newMetaBody = concat(heif.subarray(meta.start, meta.contentStart), ...metaParts);
  const newMeta = withSize(newMetaBody, newMetaBody.length);
  return concat(...top.map((box) => (box === meta ? newMeta : heif.subarray(box.start, box.end))));
};

// ---------------------------------------------------------------------------
// RAW and PSD

/**
 * A TIFF-based RAW file as cameras write them (CR2, NEF, ARW, DNG): IFD0
 * with the EXIF orientation and a JPEG preview (`JPEGInterchangeFormat`),
 * then sensor data that no browser decodes (here noise, with a lossless
 * JPEG frame as CR2 and DNG store their sensor data).
 */
export const rawFileWithPreview = (
  preview: Uint8Array,
  orientation: ExifOrientation | undefined,
): Uint8Array<ArrayBuffer> => {
  const tags: [tag: number, type: number, value: number][] = [
    [254, 4, 1], // NewSubfileType: reduced-resolution image
    ...(orientation === undefined ? [] : [[274, 3, orientation] as [number, number, number]]),
    [513, 4, 0], // JPEGInterchangeFormat, set below
    [514, 4, preview.length], // JPEGInterchangeFormatLength
  ];
  const ifdBytes = 2 + tags.length * 12 + 4;
  const previewOffset = 8 + ifdBytes;
  const header = new Uint8Array(8 + ifdBytes);
  const view = new DataView(header.buffer);
  header.set([0x49, 0x49, 0x2a, 0x00]); // "II*\0": little-endian TIFF
  view.setUint32(4, 8, true);
  view.setUint16(8, tags.length, true);
  tags.forEach(([tag, type, value], index) => {
    const at = 10 + index * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, 1, true);
    const stored = tag === 513 ? previewOffset : value;
    if (type === 3) view.setUint16(at + 8, stored, true);
    else view.setUint32(at + 8, stored, true);
  });
  const sensorNoise = Uint8Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919 + 13) % 251);
  // A lossless (SOF3) JPEG frame header, as the sensor data of CR2 and DNG starts.
  const losslessFrame = Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xdb,
    0x00,
    0x43,
    0x00,
    ...new Array<number>(64).fill(1),
    0xff,
    0xc3,
    0x00,
    0x0b,
    0x0e,
    0x00,
    0x10,
    0x00,
    0x10,
    0x01,
    0x01,
    0x11,
    0x00,
    0xff,
    0xda,
    0x00,
    0x08,
    0x01,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0x12,
    0x34,
    0xff,
    0xd9,
  ]);
  return concat(header, preview, losslessFrame, sensorNoise);
};

/**
 * A PSD file (RGB, 8 bits) of `size` whose image resources hold Photoshop's
 * JPEG thumbnail (resource 1036), and a plain white composite image.
 */
export const psdWithThumbnail = (
  thumbnail: Uint8Array,
  thumbnailSize: { widthPx: number; heightPx: number },
  size: { widthPx: number; heightPx: number },
): Uint8Array<ArrayBuffer> => {
  const u16 = (value: number) => [value >> 8, value & 0xff];
  const u32 = (value: number) => [
    value >>> 24,
    (value >> 16) & 0xff,
    (value >> 8) & 0xff,
    value & 0xff,
  ];
  const header = [
    ...ascii("8BPS"),
    ...u16(1),
    0,
    0,
    0,
    0,
    0,
    0,
    ...u16(3),
    ...u32(size.heightPx),
    ...u32(size.widthPx),
    ...u16(8),
    ...u16(3), // RGB
  ];
  // Thumbnail resource: format 1 (JPEG RGB), sizes, 24 bits, 1 plane, then the JFIF.
  const rowBytes = Math.ceil((thumbnailSize.widthPx * 24) / 32) * 4;
  const resourceData = [
    ...u32(1),
    ...u32(thumbnailSize.widthPx),
    ...u32(thumbnailSize.heightPx),
    ...u32(rowBytes),
    ...u32(rowBytes * thumbnailSize.heightPx),
    ...u32(thumbnail.length),
    ...u16(24),
    ...u16(1),
    ...thumbnail,
  ];
  if (resourceData.length % 2 === 1) resourceData.push(0);
  const resource = [
    ...ascii("8BIM"),
    ...u16(1036),
    0,
    0,
    ...u32(resourceData.length),
    ...resourceData,
  ];
  const pixels = size.widthPx * size.heightPx * 3;
  return concat(
    Uint8Array.from(header),
    Uint8Array.from(u32(0)), // colour mode data
    Uint8Array.from([...u32(resource.length), ...resource]),
    Uint8Array.from(u32(0)), // layers and masks
    Uint8Array.from(u16(0)), // raw composite image
    new Uint8Array(pixels).fill(255),
  );
};
