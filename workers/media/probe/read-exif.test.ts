import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileType } from "../../../shared/model/library/file-metadata";
import type { ExifFields } from "../../../shared/model/media/exif-fields";
import { fixtureMediaDir, generatedHeic } from "../../../tests/test-support/media";
import { readExif } from "./read-exif";

const run = promisify(execFile);

const fixtureBytes = async (name: string): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await readFile(path.join(fixtureMediaDir, name)));

const jpeg = { fileType: FileType.image, mimeType: "image/jpeg" } as const;
const heic = { fileType: FileType.image, mimeType: "image/heic" } as const;
const heif = { fileType: FileType.image, mimeType: "image/heif" } as const;
const png = { fileType: FileType.image, mimeType: "image/png" } as const;
const tiff = { fileType: FileType.image, mimeType: "image/tiff" } as const;

/** µs of a wall-clock time read as local time, as the spec reads EXIF dates. */
const localUs = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second).getTime() * 1000;

/** Compares fields, the coordinates to 1e-10 degrees (exiftool prints 15 digits). */
const expectFields = (actual: ExifFields, expected: ExifFields) => {
  const { latitude, longitude, ...rest } = actual;
  const { latitude: expectedLatitude, longitude: expectedLongitude, ...expectedRest } = expected;
  expect(rest).toEqual(expectedRest);
  if (expectedLatitude === undefined || expectedLongitude === undefined) {
    expect({ latitude, longitude }).toEqual({ latitude: undefined, longitude: undefined });
  } else {
    expect(latitude).toBeCloseTo(expectedLatitude, 10);
    expect(longitude).toBeCloseTo(expectedLongitude, 10);
  }
};

interface Reads {
  /** [start, end) of every slice taken of the file. */
  slices: [number, number][];
  wholeReads: number;
}

/**
 * A Blob of `sizeBytes` whose first bytes are `bytes` (zeros after them),
 * recording what is read of it: a 2 GB file that is never in memory.
 */
const recordedBlob = (bytes: Uint8Array<ArrayBuffer>, sizeBytes = bytes.length) => {
  const reads: Reads = { slices: [], wholeReads: 0 };
  const sliceOf = (start: number, end: number): Blob => {
    reads.slices.push([start, end]);
    const part = new Uint8Array(Math.max(0, end - start));
    part.set(bytes.subarray(start, Math.min(end, bytes.length)));
    return new Blob([part]);
  };
  const blob = {
    size: sizeBytes,
    slice: (start = 0, end = sizeBytes) => sliceOf(start, Math.min(end, sizeBytes)),
    arrayBuffer: () => {
      reads.wholeReads += 1;
      return sliceOf(0, sizeBytes).arrayBuffer();
    },
  } as unknown as Blob;
  return { blob, reads };
};

const bytesRead = ({ slices }: Reads): number =>
  slices.reduce((total, [start, end]) => total + end - start, 0);

// Expected values read from the fixtures with exiftool (-n for coordinates).
const canonDslrFields: ExifFields = {
  creationTimeUs: localUs(2019, 10, 26, 16, 7, 24),
  widthPx: 5184,
  heightPx: 3456,
  cameraMake: "Canon",
  cameraModel: "Canon EOS 1300D",
  orientation: 1,
};

describe("readExif on the shared fixtures", () => {
  it.each<[string, typeof jpeg | typeof heic | typeof heif | typeof png, ExifFields]>([
    [
      "IMG_20180725_163423-tiny.jpg",
      jpeg,
      {
        creationTimeUs: localUs(2018, 7, 25, 16, 34, 23),
        latitude: 50.2996027777778,
        longitude: 14.8202944444444,
        // ExifImageWidth/Height (the camera's size; the file was resized to 1012 × 759).
        widthPx: 4048,
        heightPx: 3036,
        cameraMake: "Google",
        cameraModel: "Pixel",
        orientation: 1,
      },
    ],
    ["canon-dslr.jpg", jpeg, canonDslrFields],
    [
      "door-knocker.jpg",
      jpeg,
      {
        creationTimeUs: localUs(2018, 4, 27, 13, 17, 26),
        cameraMake: "OLYMPUS IMAGING CORP.",
        cameraModel: "E-M10",
      },
    ],
    [
      "Bush-dog.jpg",
      jpeg,
      {
        // No DateTimeOriginal: XMP photoshop:DateCreated (IPTC DateCreated agrees).
        creationTimeUs: localUs(2003, 8, 30),
        widthPx: 400,
        heightPx: 398,
        caption:
          "President Bush, along with first lady, Laura Bush, and members of the Waco Midway " +
          "Little League Softball World Series championship team, react as Bush accidentally " +
          "drops his dog, Barney, Saturday, Aug. 30, 2003, at TSTC Airfield in Waco, Texas. " +
          "Bush quickly scooped up the dog who was not injured. (AP Photo/Duane A. Laverty)",
      },
    ],
    [
      // Its GPS block has empty GPSLatitude and GPSLongitude: no location.
      "broken1.jpg",
      jpeg,
      {
        creationTimeUs: localUs(2007, 8, 15, 10, 13, 13),
        widthPx: 3504,
        heightPx: 2336,
        cameraMake: "Canon",
        cameraModel: "Canon EOS 30D",
      },
    ],
    ["f6t.jpg", jpeg, { orientation: 6 }],
    // XMP only: xmp:CreateDate.
    ["issue-exifr-4.jpg", jpeg, { creationTimeUs: localUs(2019, 3, 22, 12, 33, 4) }],
    ["noexif.jpg", jpeg, {}],
    [
      "heic-iphone7.heic",
      heic,
      {
        creationTimeUs: localUs(2019, 10, 20, 18, 34, 30),
        latitude: 38.0466416666667,
        longitude: 12.9944111111111,
        widthPx: 4032,
        heightPx: 3024,
        cameraMake: "Apple",
        cameraModel: "iPhone 7",
        orientation: 1,
      },
    ],
    // A HEIF without an Exif item.
    ["heic-single.heic", heif, {}],
    [
      "png_with_exif_and_gps.png",
      png,
      {
        creationTimeUs: localUs(2003, 12, 14, 12, 1, 44),
        latitude: 50.2996027777778,
        longitude: 14.8202944444444,
        // The PNG's own IHDR (1 × 1), not its EXIF's 2272 × 1704.
        widthPx: 1,
        heightPx: 1,
        cameraMake: "Canon",
        cameraModel: "Canon PowerShot S40",
        orientation: 1,
      },
    ],
  ])("%s", async (name, kind, expected) => {
    expectFields(await readExif(new Blob([await fixtureBytes(name)]), kind), expected);
  });
});

describe("readExif's reading", () => {
  const twoGigabytes = 2 * 1024 ** 3;

  it("reads a 2 GB JPEG's metadata segments only", async () => {
    const { blob, reads } = recordedBlob(await fixtureBytes("canon-dslr.jpg"), twoGigabytes);
    expectFields(await readExif(blob, jpeg), canonDslrFields);
    expect(reads.wholeReads).toBe(0);
    expect(bytesRead(reads)).toBeLessThanOrEqual(1024 * 1024 + 64);
  });

  it("reads a HEIC's meta box and Exif item only", async () => {
    const bytes = await fixtureBytes("heic-iphone7.heic");
    const { blob, reads } = recordedBlob(bytes);
    expect((await readExif(blob, heic)).cameraModel).toBe("iPhone 7");
    expect(reads.wholeReads).toBe(0);
    expect(bytesRead(reads)).toBeLessThan(bytes.length / 10);
  });

  it("reads only the first MiB of a PNG past the whole-read limit", async () => {
    const { blob, reads } = recordedBlob(
      await fixtureBytes("png_with_exif_and_gps.png"),
      twoGigabytes,
    );
    expect((await readExif(blob, png)).cameraModel).toBe("Canon PowerShot S40");
    expect(reads.slices).toEqual([
      [0, 12],
      [0, 1024 * 1024],
    ]);
  });

  it("never reads the bytes of videos, GIFs and BMPs, nor of containers exifr does not parse", async () => {
    const bytes = await fixtureBytes("canon-dslr.jpg");
    for (const kind of [
      { fileType: FileType.video, mimeType: "video/mp4" },
      { fileType: FileType.image, mimeType: "image/gif" },
      { fileType: FileType.image, mimeType: "image/bmp" },
    ] as const) {
      const { blob, reads } = recordedBlob(bytes);
      expect(await readExif(blob, kind)).toEqual({});
      expect(reads.slices).toEqual([]);
    }
    const webp = new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8X");
    const { blob, reads } = recordedBlob(new Uint8Array(webp), twoGigabytes);
    expect(await readExif(blob, { fileType: FileType.image, mimeType: "image/webp" })).toEqual({});
    expect(reads.slices).toEqual([[0, 12]]);
  });

  it("refuses a damaged length rather than reading gigabytes", async () => {
    // A HEIF whose `meta` box claims to be 2 GB long.
    const ascii = (text: string) => [...new TextEncoder().encode(text)];
    const head = Uint8Array.from([
      ...[0, 0, 0, 24, ...ascii("ftypheic"), 0, 0, 0, 0, ...ascii("mif1heic")],
      ...[0x7f, 0xff, 0xff, 0xf0, ...ascii("meta"), 0, 0, 0, 0],
    ]);
    const { blob, reads } = recordedBlob(head, twoGigabytes);
    expect(await readExif(blob, heic)).toEqual({});
    expect(reads.wholeReads).toBe(0);
    expect(Math.max(...reads.slices.map(([start, end]) => end - start))).toBeLessThanOrEqual(
      16 * 1024 * 1024,
    );
  });
});

describe("readExif on damaged files", () => {
  const noise = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251);
  noise.set([0xff, 0xd8, 0xff, 0xe1], 0);

  // Some fields, or none; never an error, and never a value the whole file does not have.
  it.each<[string, () => Promise<Uint8Array<ArrayBuffer>>, ExifFields]>([
    [
      "a JPEG cut inside its EXIF segment",
      async () => (await fixtureBytes("canon-dslr.jpg")).slice(0, 2000),
      canonDslrFields,
    ],
    [
      "a JPEG cut after its signature",
      async () => (await fixtureBytes("canon-dslr.jpg")).slice(0, 3),
      {},
    ],
    ["a JPEG signature followed by noise", () => Promise.resolve(noise), {}],
    [
      "a HEIC cut inside its meta box",
      async () => (await fixtureBytes("heic-iphone7.heic")).slice(0, 600),
      {},
    ],
    [
      "a PNG cut in its header",
      async () => (await fixtureBytes("png_with_exif_and_gps.png")).slice(0, 20),
      {},
    ],
    [
      "a TIFF header pointing past the end",
      () =>
        Promise.resolve(Uint8Array.of(0x49, 0x49, 0x2a, 0x00, 0xff, 0xff, 0xff, 0x0f, 0, 0, 0, 0)),
      {},
    ],
  ])("%s", async (_, make, wholeFileFields) => {
    const fields = await readExif(new Blob([await make()]), jpeg);
    for (const [name, value] of Object.entries(fields)) {
      expect(wholeFileFields).toHaveProperty(name, value);
    }
  });
});

describe("readExif on images made with ffmpeg and exiftool", () => {
  let dir: string;
  let noisyPng: Uint8Array<ArrayBuffer>;
  let taggedTiff: Uint8Array<ArrayBuffer>;

  /** The PNG's chunks as [type, whole chunk bytes (length, type, data, CRC)]. */
  const pngChunks = (bytes: Uint8Array): [string, Uint8Array][] => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const chunks: [string, Uint8Array][] = [];
    for (let offset = 8; offset + 8 <= bytes.length;) {
      const length = view.getUint32(offset) + 12;
      const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
      chunks.push([type, bytes.subarray(offset, offset + length)]);
      offset += length;
    }
    return chunks;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-read-exif-"));
    const noisy = path.join(dir, "noisy.png");
    const tif = path.join(dir, "scan.tif");
    await Promise.all([
      // Noise does not compress: the image data is far past exifr's first 64 KiB.
      run("ffmpeg", [
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "nullsrc=s=640x480,geq=random(1)*255:128:128",
        "-frames:v",
        "1",
        noisy,
      ]),
      run("ffmpeg", [
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc2=size=320x240",
        "-frames:v",
        "1",
        tif,
      ]),
    ]);
    await run("exiftool", [
      "-q",
      "-overwrite_original",
      "-DateTimeOriginal=2021:06:15 08:30:00",
      "-GPSLatitude=33.8688",
      "-GPSLatitudeRef=S",
      "-GPSLongitude=151.2093",
      "-GPSLongitudeRef=E",
      "-Make=Epson",
      "-Model=Perfection V600",
      "-ImageDescription=Grandpa's letters",
      tif,
    ]);
    // The fixture's eXIf chunk moved after the noisy PNG's image data, before IEND.
    const fixtureExif = pngChunks(await fixtureBytes("png_with_exif_and_gps.png")).find(
      ([type]) => type === "eXIf",
    );
    if (fixtureExif === undefined) throw new Error("the PNG fixture has no eXIf chunk");
    const noisyBytes = new Uint8Array(await readFile(noisy));
    const end = pngChunks(noisyBytes).find(([type]) => type === "IEND");
    if (end === undefined) throw new Error("ffmpeg's PNG has no IEND");
    const iendOffset = noisyBytes.length - end[1].length;
    noisyPng = new Uint8Array(noisyBytes.length + fixtureExif[1].length);
    noisyPng.set(noisyBytes.subarray(0, iendOffset));
    noisyPng.set(fixtureExif[1], iendOffset);
    noisyPng.set(end[1], iendOffset + fixtureExif[1].length);
    taggedTiff = new Uint8Array(await readFile(tif));
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("finds a PNG's eXIf chunk after 400 KB of image data", async () => {
    // exifr, reading in pieces, would look at the first 64 KiB only.
    expect(noisyPng.length).toBeGreaterThan(400_000);
    expectFields(await readExif(new Blob([noisyPng]), png), {
      creationTimeUs: localUs(2003, 12, 14, 12, 1, 44),
      latitude: 50.2996027777778,
      longitude: 14.8202944444444,
      widthPx: 640,
      heightPx: 480,
      cameraMake: "Canon",
      cameraModel: "Canon PowerShot S40",
      orientation: 1,
    });
  });

  it("reads a TIFF's tags, south latitude negative", async () => {
    expectFields(await readExif(new Blob([taggedTiff]), tiff), {
      creationTimeUs: localUs(2021, 6, 15, 8, 30, 0),
      latitude: -33.8688,
      longitude: 151.2093,
      widthPx: 320,
      heightPx: 240,
      cameraMake: "Epson",
      cameraModel: "Perfection V600",
      caption: "Grandpa's letters",
    });
  });

  it("reads a HEIC written by libheif, whose Exif item lies at its iloc base offset", async () => {
    // See: [Note: HEIF item locations add the base offset]
    const bytes = await generatedHeic({ dateTimeOriginal: "2022:12:24 18:05:10" });
    const fields = await readExif(new Blob([bytes]), heic);
    expect(fields.creationTimeUs).toBe(localUs(2022, 12, 24, 18, 5, 10));
    expect(fields.latitude).toBeCloseTo(50.2996027777778, 9);
    expect(fields.longitude).toBeCloseTo(14.8202944444444, 9);
  });
});
