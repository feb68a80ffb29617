import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDirectory, type StaticServer } from "../../bench/lib/static-server";
import { benchPageViteConfig } from "../../bench/lib/vite-page-config";
import { fromB64 } from "../../shared/crypto/base64";
import { thumbnailTargetBytes } from "../../shared/model/media/thumbnail-rules";
import type { ExifOrientation } from "../../workers/media/image/orientation";
import { staticThumbnailSidePx } from "../../workers/media/image/static-thumbnail";
import { decodeForTest, pixelAt } from "../../workers/media/image/test-support/image-codec";
import {
  fixtureBytes,
  heicOf,
  noiseJpeg,
  psdWithThumbnail,
  rawFileWithPreview,
  redBlueImage,
  redSide,
  stripesPng,
  withExifOrientation,
  withHEIFRotation,
} from "../../workers/media/image/test-support/images";
import type { ImageOutcome } from "./pages/media-image/media-image.worker";
import { launchPatientChromium } from "./test-support/patient-browser";

// The media worker's image path in Chromium: a dedicated worker built by vite
// decodes with createImageBitmap (HEIC through libheif's wasm, RAW and PSD
// through their embedded JPEG), scales and encodes with OffscreenCanvas.

const here = path.dirname(fileURLToPath(import.meta.url));
const pageRoot = path.join(here, "pages/media-image");
const outDir = path.join(here, ".build/media-image");

const fixtures = [
  "canon-dslr.jpg",
  "IMG_20180725_163423-tiny.jpg",
  "f6t.jpg",
  "heic-single.heic",
  "heic-iphone7.heic",
  "png_with_exif_and_gps.png",
  "broken1.jpg",
];
const turnedRawOrientations: ExifOrientation[] = [2, 3, 5, 6, 7, 8];
const phonePhotoOrientations: ExifOrientation[] = [1, 2, 3, 5, 6, 7, 8];

let server: StaticServer;
let browser: Browser;
let page: Page;

/** Writes the media the tests open beside the built page, under `media/`. */
const writeMedia = async () => {
  const mediaDir = path.join(outDir, "media");
  await mkdir(mediaDir, { recursive: true });
  const media = new Map<string, Uint8Array>();
  for (const name of fixtures) media.set(name, await fixtureBytes(name));
  const preview = await redBlueImage("jpg", 1600, 1200);
  media.set("plain.cr2", rawFileWithPreview(preview, undefined));
  for (const orientation of turnedRawOrientations) {
    media.set(`turned-${orientation}.cr2`, rawFileWithPreview(preview, orientation));
  }
  media.set("no-preview.dng", new Uint8Array(4096).fill(7));
  const phonePhoto = await redBlueImage("jpg", 4000, 3000);
  for (const orientation of phonePhotoOrientations) {
    media.set(`phone-${orientation}.jpg`, await withExifOrientation(phonePhoto, orientation));
  }
  media.set(
    "thumbnail.psd",
    psdWithThumbnail(
      await redBlueImage("jpg", 160, 80),
      { widthPx: 160, heightPx: 80 },
      { widthPx: 400, heightPx: 200 },
    ),
  );
  media.set("plain.tiff", await redBlueImage("tiff", 64, 32));
  media.set(
    "turned.heic",
    withHEIFRotation(await heicOf(await redBlueImage("png", 64, 32), "png"), 1),
  );
  media.set("noise.jpg", await noiseJpeg(1440, 1440));
  media.set("stripes.png", await stripesPng(2000, 1500));
  media.set("not-an-image.jpg", new TextEncoder().encode("<html>not a photo</html>"));
  await Promise.all([...media].map(([name, bytes]) => writeFile(path.join(mediaDir, name), bytes)));
};

beforeAll(async () => {
  await build(benchPageViteConfig(pageRoot, outDir));
  await writeMedia();
  server = await serveDirectory(outDir);
  browser = await launchPatientChromium();
  page = await browser.newPage();
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => window.cairnMediaImageTest !== undefined);
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

const thumbnail = (name: string, mimeType: string): Promise<ImageOutcome | undefined> =>
  page.evaluate(([n, t]) => window.cairnMediaImageTest?.thumbnail(n, t), [name, mimeType] as const);

const display = (name: string, mimeType: string): Promise<ImageOutcome | undefined> =>
  page.evaluate(([n, t]) => window.cairnMediaImageTest?.display(n, t), [name, mimeType] as const);

/** The JPEG of a successful outcome, decoded in Node (ffmpeg), checked to be of the size claimed. */
const decodedJPEG = async (outcome: ImageOutcome | undefined) => {
  if (outcome?.ok !== true) throw new Error(`no image: ${JSON.stringify(outcome)}`);
  const jpeg = fromB64(outcome.jpegB64);
  expect(Array.from(jpeg.subarray(0, 3))).toEqual([0xff, 0xd8, 0xff]);
  const image = await decodeForTest(jpeg);
  expect([image.widthPx, image.heightPx]).toEqual([outcome.widthPx, outcome.heightPx]);
  return { jpeg, image, quality: outcome.quality };
};

it("runs the image modules in a worker without a DOM", async () => {
  expect(await page.evaluate(() => window.cairnMediaImageTest?.hasDOM())).toBe(false);
});

describe("thumbnails in Chromium", () => {
  it.each([
    ["canon-dslr.jpg", "image/jpeg", 720, 480],
    ["IMG_20180725_163423-tiny.jpg", "image/jpeg", 720, 540],
    // Stored 80×48 with EXIF orientation 6: shown (and thumbnailed) 48×80.
    ["f6t.jpg", "image/jpeg", 48, 80],
    ["heic-single.heic", "image/heif", 720, 480],
    ["heic-iphone7.heic", "image/heic", 720, 540],
    ["png_with_exif_and_gps.png", "image/png", 1, 1],
    // Its EXIF block is damaged, its image data is not: Chromium decodes it.
    ["broken1.jpg", "image/jpeg", 480, 720],
  ])(
    "of %s (%s) is a JPEG of %i×%i, at most 100 KiB",
    async (name, mimeType, widthPx, heightPx) => {
      const { jpeg, image, quality } = await decodedJPEG(await thumbnail(name, mimeType));
      expect([image.widthPx, image.heightPx]).toEqual([widthPx, heightPx]);
      expect(jpeg.byteLength).toBeLessThanOrEqual(thumbnailTargetBytes);
      expect(quality).toBeGreaterThanOrEqual(0.5);
      expect(quality).toBeLessThanOrEqual(0.7);
    },
  );

  it("of a photo over the size target at 0.7 is encoded again at a lower quality", async () => {
    const { image, quality } = await decodedJPEG(await thumbnail("noise.jpg", "image/jpeg"));
    expect([image.widthPx, image.heightPx]).toEqual([720, 720]);
    expect(quality).toBeGreaterThanOrEqual(0.5);
    expect(quality).toBeLessThan(0.7);
  });

  it("of one-pixel stripes is an even grey, without moiré", async () => {
    // See: [Note: Large downscales go by halves]
    const { image } = await decodedJPEG(await thumbnail("stripes.png", "image/png"));
    expect([image.widthPx, image.heightPx]).toEqual([720, 540]);
    const lumas: number[] = [];
    for (let yPx = 20; yPx < image.heightPx - 20; yPx += 37) {
      for (let xPx = 20; xPx < image.widthPx - 20; xPx += 7) {
        lumas.push(pixelAt(image, xPx, yPx)[1] ?? 0);
      }
    }
    expect(Math.min(...lumas)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...lumas)).toBeLessThanOrEqual(155);
  });

  it("of a HEIC turned by its irot property is turned", async () => {
    const { image } = await decodedJPEG(await thumbnail("turned.heic", "image/heic"));
    expect([image.widthPx, image.heightPx, redSide(image)]).toEqual([32, 64, "bottom"]);
  });

  it("of a RAW file is its preview's", async () => {
    const { image } = await decodedJPEG(await thumbnail("plain.cr2", "image/x-canon-cr2"));
    expect([image.widthPx, image.heightPx, redSide(image)]).toEqual([720, 540, "left"]);
  });

  /**
   * How a 4:3 red-left image shows once turned by an EXIF orientation, as a
   * 720 px thumbnail: its size and where its red half is.
   */
  const turnedRedBlue = {
    1: { size: [720, 540], side: "left" },
    2: { size: [720, 540], side: "right" },
    3: { size: [720, 540], side: "right" },
    5: { size: [540, 720], side: "top" },
    6: { size: [540, 720], side: "top" },
    7: { size: [540, 720], side: "bottom" },
    8: { size: [540, 720], side: "bottom" },
  } as const;

  const expectTurned = async (name: string, mimeType: string, orientation: ExifOrientation) => {
    const { image } = await decodedJPEG(await thumbnail(name, mimeType));
    const expected = turnedRedBlue[orientation as keyof typeof turnedRedBlue];
    expect({ size: [image.widthPx, image.heightPx], side: redSide(image) }).toEqual(expected);
  };

  it.each(turnedRawOrientations)(
    "of a RAW file with orientation %i is its preview turned by OffscreenCanvas",
    (orientation) => expectTurned(`turned-${orientation}.cr2`, "image/x-nikon-nef", orientation),
  );

  // Decoded at 2/8 (1000×750) by WebCodecs, turned by its VideoFrame's
  // rotation and flip. See: [Note: A thumbnail's JPEG is decoded at a reduced size]
  it.each(phonePhotoOrientations)(
    "of a 12-megapixel JPEG with orientation %i is 720 px and upright",
    (orientation) => expectTurned(`phone-${orientation}.jpg`, "image/jpeg", orientation),
  );

  it("of a PSD file is its embedded thumbnail", async () => {
    const { image } = await decodedJPEG(
      await thumbnail("thumbnail.psd", "image/vnd.adobe.photoshop"),
    );
    expect([image.widthPx, image.heightPx, redSide(image)]).toEqual([160, 80, "left"]);
  });

  it.each([
    // Chromium has no TIFF decoder, and a plain TIFF carries no JPEG.
    ["plain.tiff", "image/tiff"],
    ["no-preview.dng", "image/x-adobe-dng"],
    ["not-an-image.jpg", "image/jpeg"],
  ])("of %s fails with FileConversionFailedError", async (name, mimeType) => {
    expect(await thumbnail(name, mimeType)).toEqual({
      ok: false,
      errorName: "FileConversionFailedError",
      key: "fileConversionFailed",
      mimeType,
      ...(name === "not-an-image.jpg" ? { causeName: "InvalidStateError" } : {}),
    });
  });

  it("has a static stand-in Chromium decodes", async () => {
    expect(await page.evaluate(() => window.cairnMediaImageTest?.staticThumbnailSize())).toEqual({
      widthPx: staticThumbnailSidePx,
      heightPx: staticThumbnailSidePx,
    });
  });
});

describe("display conversion in Chromium", () => {
  it.each([
    ["heic-single.heic", "image/heif", 1440, 960],
    ["heic-iphone7.heic", "image/heic", 4032, 3024],
    ["turned-6.cr2", "image/x-canon-cr2", 1200, 1600],
  ])("turns %s into a full-size JPEG", async (name, mimeType, widthPx, heightPx) => {
    const { image } = await decodedJPEG(await display(name, mimeType));
    expect([image.widthPx, image.heightPx]).toEqual([widthPx, heightPx]);
  });

  it("fails on a TIFF with FileConversionFailedError", async () => {
    expect(await display("plain.tiff", "image/tiff")).toMatchObject({
      ok: false,
      errorName: "FileConversionFailedError",
      key: "fileConversionFailed",
    });
  });
});
