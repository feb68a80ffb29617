import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { FileConversionFailedError } from "./file-conversion-error";
import { type DecodeRoute, decodeImage, decodeRouteFor } from "./image-decode";
import type { ExifOrientation } from "./orientation";
import { FFmpegRunError, createTestImageCodec } from "./test-support/image-codec";
import { psdWithThumbnail, rawFileWithPreview, redBlueImage, redSide } from "./test-support/images";

const run = promisify(execFile);

describe("decodeRouteFor", () => {
  it.each<[string, DecodeRoute]>([
    ["image/jpeg", "native"],
    ["image/png", "native"],
    ["image/gif", "native"],
    ["image/webp", "native"],
    ["image/bmp", "native"],
    ["image/avif", "native"],
    ["image/x-icon", "native"],
    ["image/heic", "heif"],
    ["image/heif", "heif"],
    ["image/heic-sequence", "heif"],
    ["image/heif-sequence", "heif"],
    ["image/x-adobe-dng", "embeddedPreview"],
    ["image/x-canon-cr2", "embeddedPreview"],
    ["image/x-canon-cr3", "embeddedPreview"],
    ["image/x-nikon-nef", "embeddedPreview"],
    ["image/x-sony-arw", "embeddedPreview"],
    ["image/x-panasonic-rw2", "embeddedPreview"],
    ["image/x-fujifilm-raf", "embeddedPreview"],
    ["image/x-olympus-orf", "embeddedPreview"],
    ["image/tiff", "nativeElseEmbeddedPreview"],
    ["image/vnd.adobe.photoshop", "psdThumbnail"],
  ])("decodes %s by the %s route", (mimeType, route) => {
    expect(decodeRouteFor({ mimeType })).toBe(route);
  });
});

/** The JPEG with an EXIF Orientation tag of its own, written by exiftool. */
const withOwnOrientation = async (jpeg: Uint8Array, orientation: ExifOrientation) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-orientation-"));
  try {
    const file = path.join(dir, "image.jpg");
    await writeFile(file, jpeg);
    await run("exiftool", ["-q", "-overwrite_original", `-Orientation#=${orientation}`, file]);
    return new Uint8Array(await readFile(file));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const decoded = async (bytes: Uint8Array<ArrayBuffer>, mimeType: string) => {
  const codec = createTestImageCodec();
  const image = await decodeImage(new Blob([bytes]), { mimeType }, codec);
  // Every image made on the way is closed, except the one handed back.
  expect(codec.made.filter((made) => !made.closed)).toEqual([image]);
  return image;
};

describe("decodeImage", () => {
  it("decodes a natively readable image", async () => {
    const image = await decoded(await redBlueImage("png", 64, 32), "image/png");
    expect([image.widthPx, image.heightPx, redSide(image)]).toEqual([64, 32, "left"]);
  });

  it.each<[ExifOrientation | undefined, [number, number], string]>([
    [undefined, [160, 120], "left"],
    [1, [160, 120], "left"],
    [3, [160, 120], "right"],
    [6, [120, 160], "top"],
    [8, [120, 160], "bottom"],
  ])(
    "shows a RAW file's preview turned by the RAW's orientation %s",
    async (orientation, size, side) => {
      const raw = rawFileWithPreview(await redBlueImage("jpg", 160, 120), orientation);
      const image = await decoded(raw, "image/x-canon-cr2");
      expect([image.widthPx, image.heightPx]).toEqual(size);
      expect(redSide(image)).toBe(side);
    },
  );

  it("turns a RAW preview that has an orientation of its own once, not twice", async () => {
    const preview = await withOwnOrientation(await redBlueImage("jpg", 160, 120), 6);
    const image = await decoded(rawFileWithPreview(preview, 6), "image/x-nikon-nef");
    expect([image.widthPx, image.heightPx, redSide(image)]).toEqual([120, 160, "top"]);
  });

  it("shows a PSD file's thumbnail, unturned", async () => {
    const psd = psdWithThumbnail(
      await redBlueImage("jpg", 160, 80),
      { widthPx: 160, heightPx: 80 },
      { widthPx: 400, heightPx: 200 },
    );
    const image = await decoded(psd, "image/vnd.adobe.photoshop");
    expect([image.widthPx, image.heightPx, redSide(image)]).toEqual([160, 80, "left"]);
  });

  it("decodes a TIFF natively where the platform can (ffmpeg here, Safari in browsers)", async () => {
    const image = await decoded(await redBlueImage("tiff", 64, 32), "image/tiff");
    expect([image.widthPx, image.heightPx, redSide(image)]).toEqual([64, 32, "left"]);
  });

  it("falls back to the preview of a TIFF-based RAW file reported as TIFF", async () => {
    const raw = rawFileWithPreview(await redBlueImage("jpg", 160, 120), 6);
    const image = await decoded(raw, "image/tiff");
    expect([image.widthPx, image.heightPx, redSide(image)]).toEqual([120, 160, "top"]);
  });

  it.each([
    [
      "a RAW file whose preview is cut short",
      "image/x-sony-arw",
      async () => {
        const preview = await redBlueImage("jpg", 160, 120);
        return rawFileWithPreview(preview.slice(0, preview.length - 100), 1);
      },
    ],
    [
      "a PSD file without a thumbnail",
      "image/vnd.adobe.photoshop",
      () =>
        Promise.resolve(
          Uint8Array.from([0x38, 0x42, 0x50, 0x53, ...new Array<number>(100).fill(0)]),
        ),
    ],
    ["a HEIC that is not one", "image/heic", () => redBlueImage("jpg", 16, 16)],
  ])("refuses %s with FileConversionFailedError", async (_, mimeType, bytes) => {
    const codec = createTestImageCodec();
    const failure = decodeImage(new Blob([await bytes()]), { mimeType }, codec);
    await expect(failure).rejects.toBeInstanceOf(FileConversionFailedError);
    await expect(failure).rejects.toMatchObject({ mimeType, key: "fileConversionFailed" });
    expect(codec.made.every((image) => image.closed)).toBe(true);
  });

  it("refuses an image the platform cannot decode, the platform's error as the cause", async () => {
    const failure = decodeImage(
      new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]),
      { mimeType: "image/jpeg" },
      createTestImageCodec(),
    );
    await expect(failure).rejects.toBeInstanceOf(FileConversionFailedError);
    await expect(failure.catch((error: unknown) => (error as Error).cause)).resolves.toBeInstanceOf(
      FFmpegRunError,
    );
  });
});
