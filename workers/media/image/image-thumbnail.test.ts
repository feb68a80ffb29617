import { afterEach, describe, expect, it, vi } from "vitest";
import { thumbnailTargetBytes } from "../../../shared/model/media/thumbnail-rules";
import { FileConversionFailedError } from "./file-conversion-error";
import type { CodecImage, ImageCodec } from "./image-codec";
import { imageThumbnailJPEG, thumbnailTimeoutMs } from "./image-thumbnail";
import { createTestImageCodec, decodeForTest } from "./test-support/image-codec";
import { fixtureBytes, noiseJpeg, rawFileWithPreview, redBlueImage } from "./test-support/images";

/** The thumbnail of `bytes`, checked to be a JPEG of the size it claims, with every codec image closed. */
const thumbnailOf = async (bytes: Uint8Array<ArrayBuffer>, mimeType: string) => {
  const codec = createTestImageCodec();
  const thumbnail = await imageThumbnailJPEG(new Blob([bytes]), { mimeType }, { codec });
  expect(codec.made.every((image) => image.closed)).toBe(true);
  expect(Array.from(thumbnail.jpeg.subarray(0, 3))).toEqual([0xff, 0xd8, 0xff]);
  const decoded = await decodeForTest(thumbnail.jpeg);
  expect([decoded.widthPx, decoded.heightPx]).toEqual([thumbnail.widthPx, thumbnail.heightPx]);
  return thumbnail;
};

describe("imageThumbnailJPEG through ffmpeg", () => {
  it.each([
    ["canon-dslr.jpg", "image/jpeg", 720, 480],
    ["IMG_20180725_163423-tiny.jpg", "image/jpeg", 720, 540],
    ["Bush-dog.jpg", "image/jpeg", 400, 398],
    ["f6t.jpg", "image/jpeg", 48, 80],
    ["png_with_exif_and_gps.png", "image/png", 1, 1],
    ["heic-single.heic", "image/heif", 720, 480],
    ["heic-iphone7.heic", "image/heic", 720, 540],
  ])("makes a thumbnail of %s (%s): %i×%i", async (name, mimeType, widthPx, heightPx) => {
    const thumbnail = await thumbnailOf(await fixtureBytes(name), mimeType);
    expect([thumbnail.widthPx, thumbnail.heightPx]).toEqual([widthPx, heightPx]);
    expect(thumbnail.jpeg.byteLength).toBeLessThanOrEqual(thumbnailTargetBytes);
    expect(thumbnail.quality).toBe(0.7);
  });

  it("lowers the quality of a thumbnail that is over the target", async () => {
    const thumbnail = await thumbnailOf(await noiseJpeg(1440, 1440), "image/jpeg");
    expect([thumbnail.widthPx, thumbnail.heightPx]).toEqual([720, 720]);
    expect(thumbnail.quality).toBeLessThan(0.7);
    expect(thumbnail.quality).toBeGreaterThanOrEqual(0.5);
  });

  it("makes the thumbnail of a RAW file from its preview, turned", async () => {
    const raw = rawFileWithPreview(await redBlueImage("jpg", 1600, 1200), 6);
    const thumbnail = await thumbnailOf(raw, "image/x-canon-cr2");
    expect([thumbnail.widthPx, thumbnail.heightPx]).toEqual([540, 720]);
  });

  it.each([
    ["a JPEG that is not one", "image/jpeg", Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 9, 9])],
    ["a RAW file without a preview", "image/x-adobe-dng", new Uint8Array(1000)],
  ])("refuses %s with FileConversionFailedError", async (_, mimeType, bytes) => {
    const codec = createTestImageCodec();
    const failure = imageThumbnailJPEG(new Blob([bytes]), { mimeType }, { codec });
    await expect(failure).rejects.toBeInstanceOf(FileConversionFailedError);
    await expect(failure).rejects.toMatchObject({ key: "fileConversionFailed", mimeType });
    expect(codec.made.every((image) => image.closed)).toBe(true);
  });
});

/** A codec whose images are sizes only and whose JPEGs have scripted lengths. */
const scriptedCodec = (
  sourceSize: [number, number],
  jpegSizesBytes: number[],
): ImageCodec & { qualities: number[]; open: Set<CodecImage> } => {
  const open = new Set<CodecImage>();
  const image = (widthPx: number, heightPx: number): CodecImage => {
    const made: CodecImage = {
      widthPx,
      heightPx,
      close: () => open.delete(made),
    };
    open.add(made);
    return made;
  };
  const qualities: number[] = [];
  return {
    qualities,
    open,
    decode: () => Promise.resolve(image(...sourceSize)),
    fromRGBA: ({ widthPx, heightPx }) => Promise.resolve(image(widthPx, heightPx)),
    reorient: (source) => Promise.resolve(image(source.heightPx, source.widthPx)),
    resize: (_, { widthPx, heightPx }) => Promise.resolve(image(widthPx, heightPx)),
    crop: (_, { widthPx, heightPx }) => Promise.resolve(image(widthPx, heightPx)),
    encodeJPEG: (_, quality) => {
      qualities.push(quality);
      const sizeBytes = jpegSizesBytes[qualities.length - 1];
      if (sizeBytes === undefined) throw new Error("asked for one encoding too many");
      // Each encoding is filled with its index, so the test sees which one was kept.
      return Promise.resolve(new Uint8Array(sizeBytes).fill(qualities.length));
    },
    encodePNG: () => Promise.reject(new Error("a thumbnail is never a PNG")),
  };
};

describe("imageThumbnailJPEG's quality stepping", () => {
  it.each([
    ["one encoding under the target", [50_000], [0.7], 0],
    ["steps until under the target", [300_000, 150_000, 90_000], [0.7, 0.6, 0.5], 2],
    ["stops when a step shrinks by less than 10 %", [200_000, 190_000], [0.7, 0.6], 1],
    ["keeps the smaller one when a step grew", [200_000, 230_000], [0.7, 0.6], 0],
    ["stops at 0.5 even when still over", [900_000, 600_000, 400_000], [0.7, 0.6, 0.5], 2],
  ])("%s", async (_, sizes, qualities, keptIndex) => {
    const codec = scriptedCodec([5184, 3456], sizes);
    const thumbnail = await imageThumbnailJPEG(
      new Blob([new Uint8Array(4)]),
      { mimeType: "image/jpeg" },
      { codec },
    );
    expect(codec.qualities).toEqual(qualities);
    expect(thumbnail).toMatchObject({ widthPx: 720, heightPx: 480, quality: qualities[keptIndex] });
    expect(thumbnail.jpeg.byteLength).toBe(sizes[keptIndex]);
    expect(thumbnail.jpeg[0]).toBe(keptIndex + 1);
    expect(codec.open.size).toBe(0);
  });

  it("does not resize an image already small enough", async () => {
    const codec = scriptedCodec([640, 480], [40_000]);
    const resize = vi.spyOn(codec, "resize");
    const thumbnail = await imageThumbnailJPEG(
      new Blob([new Uint8Array(4)]),
      { mimeType: "image/png" },
      { codec },
    );
    expect(resize).not.toHaveBeenCalled();
    expect([thumbnail.widthPx, thumbnail.heightPx]).toEqual([640, 480]);
    expect(codec.open.size).toBe(0);
  });

  it("turns an encoder failure into FileConversionFailedError, freeing the pixels", async () => {
    const codec = scriptedCodec([5184, 3456], []);
    const failure = imageThumbnailJPEG(
      new Blob([new Uint8Array(4)]),
      { mimeType: "image/webp" },
      { codec },
    );
    await expect(failure).rejects.toBeInstanceOf(FileConversionFailedError);
    await expect(failure).rejects.toMatchObject({ mimeType: "image/webp" });
    expect(codec.open.size).toBe(0);
  });
});

describe("imageThumbnailJPEG's deadline", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`gives up after ${thumbnailTimeoutMs} ms, with a TimeoutError as the cause, and frees late pixels`, async () => {
    vi.useFakeTimers();
    const codec = scriptedCodec([800, 600], [10_000]);
    let finishDecode: (() => void) | undefined;
    codec.decode = () =>
      new Promise((resolve) => {
        finishDecode = () => {
          const image: CodecImage = {
            widthPx: 800,
            heightPx: 600,
            close: () => codec.open.delete(image),
          };
          codec.open.add(image);
          resolve(image);
        };
      });
    let settled: unknown;
    const attempt = imageThumbnailJPEG(
      new Blob([new Uint8Array(4)]),
      { mimeType: "image/jpeg" },
      { codec },
    ).then(
      () => (settled = "thumbnail"),
      (error: unknown) => (settled = error),
    );

    await vi.advanceTimersByTimeAsync(thumbnailTimeoutMs - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await attempt;
    expect(settled).toBeInstanceOf(FileConversionFailedError);
    expect((settled as Error).cause).toMatchObject({ name: "TimeoutError" });

    // The decode finishing late: its result is encoded and dropped, its pixels freed.
    finishDecode?.();
    await vi.runAllTimersAsync();
    expect(codec.open.size).toBe(0);
  });
});
