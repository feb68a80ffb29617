import { describe, expect, it, vi } from "vitest";
import { displayJPEG, displayJPEGOfFile, displayJPEGQuality } from "./display-jpeg";
import { FileConversionFailedError } from "./file-conversion-error";
import { createTestImageCodec, decodeForTest } from "./test-support/image-codec";
import {
  fixtureBytes,
  psdWithThumbnail,
  rawFileWithPreview,
  redBlueImage,
} from "./test-support/images";

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

describe("displayJPEGOfFile", () => {
  const converted = async (bytes: Uint8Array<ArrayBuffer>, fileName: string) => {
    const codec = createTestImageCodec();
    const blob = await displayJPEGOfFile(new Blob([bytes]), fileName, { codec });
    expect(blob.type).toBe("image/jpeg");
    return decodeForTest(new Uint8Array(await blob.arrayBuffer()));
  };

  it("sniffs a HEIC from its bytes, whatever its name, and converts it", async () => {
    const bytes = await fixtureBytes("heic-single.heic");
    for (const name of ["heic-single.heic", "IMG_0001.JPG", "untitled"]) {
      const image = await converted(bytes, name);
      expect([image.widthPx, image.heightPx]).toEqual([1440, 960]);
    }
  });

  it("converts a RAW file the viewer could only name (a TIFF-based one, by its extension)", async () => {
    const raw = rawFileWithPreview(await redBlueImage("jpg", 1600, 1200), 1);
    const image = await converted(raw, "DSC_0001.NEF");
    expect([image.widthPx, image.heightPx]).toEqual([1600, 1200]);
  });

  it.each([
    ["a text file", new TextEncoder().encode("not a photo at all"), "notes.heic"],
    ["an empty file", new Uint8Array(0), "empty.heic"],
    ["a heic of zeros", new Uint8Array(5000), "zeros.heic"],
  ])("refuses %s with FileConversionFailedError", async (_what, bytes, name) => {
    const codec = createTestImageCodec();
    await expect(
      displayJPEGOfFile(new Blob([bytes], { type: "image/heic" }), name, { codec }),
    ).rejects.toBeInstanceOf(FileConversionFailedError);
  });

  it("refuses a video with FileConversionFailedError naming its type", async () => {
    const mp4Head = Uint8Array.of(
      ...[0x00, 0x00, 0x00, 0x18],
      ...new TextEncoder().encode("ftypmp42"),
      ...[0x00, 0x00, 0x00, 0x00],
      ...new TextEncoder().encode("mp42isom"),
    );
    const codec = createTestImageCodec();
    const failure = displayJPEGOfFile(new Blob([mp4Head, new Uint8Array(5000)]), "clip.heic", {
      codec,
    });
    await expect(failure).rejects.toBeInstanceOf(FileConversionFailedError);
    await expect(failure).rejects.toMatchObject({ mimeType: "video/mp4" });
  });
});
