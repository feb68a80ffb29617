import { describe, expect, it, vi } from "vitest";
import { displayJPEG, displayJPEGQuality } from "./display-jpeg";
import { FileConversionFailedError } from "./file-conversion-error";
import { createTestImageCodec, decodeForTest } from "./test-image-codec";
import { fixtureBytes, psdWithThumbnail, rawFileWithPreview, redBlueImage } from "./test-images";

const displayed = async (bytes: Uint8Array<ArrayBuffer>, mimeType: string) => {
  const codec = createTestImageCodec();
  const encode = vi.spyOn(codec, "encodeJPEG");
  const blob = await displayJPEG(new Blob([bytes]), { mimeType }, { codec });
  expect(blob.type).toBe("image/jpeg");
  expect(encode.mock.calls.map(([, quality]) => quality)).toEqual([displayJPEGQuality]);
  expect(codec.made.every((image) => image.closed)).toBe(true);
  return decodeForTest(new Uint8Array(await blob.arrayBuffer()));
};

describe("displayJPEG", () => {
  it.each([
    ["heic-single.heic", "image/heif", 1440, 960],
    ["heic-iphone7.heic", "image/heic", 4032, 3024],
  ])("converts %s to a JPEG at its full size", async (name, mimeType, widthPx, heightPx) => {
    const image = await displayed(await fixtureBytes(name), mimeType);
    expect([image.widthPx, image.heightPx]).toEqual([widthPx, heightPx]);
  });

  it("converts a RAW file to its preview, turned", async () => {
    const raw = rawFileWithPreview(await redBlueImage("jpg", 1600, 1200), 8);
    const image = await displayed(raw, "image/x-sony-arw");
    expect([image.widthPx, image.heightPx]).toEqual([1200, 1600]);
  });

  it("converts a PSD file to its thumbnail", async () => {
    const psd = psdWithThumbnail(
      await redBlueImage("jpg", 160, 80),
      { widthPx: 160, heightPx: 80 },
      { widthPx: 400, heightPx: 200 },
    );
    const image = await displayed(psd, "image/vnd.adobe.photoshop");
    expect([image.widthPx, image.heightPx]).toEqual([160, 80]);
  });

  it("refuses what cannot be converted with FileConversionFailedError", async () => {
    const codec = createTestImageCodec();
    const failure = displayJPEG(
      new Blob([new Uint8Array(2000)]),
      { mimeType: "image/x-panasonic-rw2" },
      { codec },
    );
    await expect(failure).rejects.toBeInstanceOf(FileConversionFailedError);
    await expect(failure).rejects.toMatchObject({ mimeType: "image/x-panasonic-rw2" });
  });

  it("turns an encoder failure into FileConversionFailedError, freeing the pixels", async () => {
    const codec = createTestImageCodec();
    codec.encodeJPEG = () => Promise.reject(new RangeError("canvas too large"));
    const failure = displayJPEG(
      new Blob([await fixtureBytes("heic-single.heic")]),
      { mimeType: "image/heic" },
      { codec },
    );
    await expect(failure).rejects.toBeInstanceOf(FileConversionFailedError);
    expect(codec.made.length).toBe(1);
    expect(codec.made.every((image) => image.closed)).toBe(true);
  });
});
