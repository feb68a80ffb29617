import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createUnavailableConversions } from "./conversion-preference";
import { displayImagePreferringNative } from "./display-image-converter";
import type { NativeConversionResult } from "./native-conversion-contract";

const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/media");
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
const webJPEG = new Uint8Array([0xff, 0xd8, 1, 0xff, 0xd9]);

const setup = (answer: NativeConversionResult) => {
  const asked: string[] = [];
  const display = displayImagePreferringNative({
    native: {
      toJPEG: (_bytes, fileName) => {
        asked.push(`native ${fileName}`);
        return Promise.resolve(answer);
      },
    },
    web: (_image, fileName) => {
      asked.push(`web ${fileName}`);
      return Promise.resolve(new Blob([webJPEG]));
    },
    remembered: createUnavailableConversions(),
  });
  return { display, asked };
};

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe("the viewer's JPEG in the desktop app", () => {
  it("is the native conversion's when it has one", async () => {
    const { display, asked } = setup({ ok: true, bytes: jpeg });
    const shown = await display(new Blob([new Uint8Array([0x49, 0x49, 0x2a, 0])]), "scan.tiff");
    expect(await bytesOf(shown)).toEqual(jpeg);
    expect(shown.type).toBe("image/jpeg");
    expect(asked).toEqual(["native scan.tiff"]);
  });

  it("is the web path's for a kind native cannot convert, and native is not asked again for that kind", async () => {
    const { display, asked } = setup({
      ok: false,
      reason: "not-available",
      message: "HEIC images cannot be converted natively",
    });
    const heic = new Uint8Array(await readFile(path.join(fixtures, "heic-iphone7.heic")));
    expect(await bytesOf(await display(new Blob([heic]), "IMG_1.heic"))).toEqual(webJPEG);
    // The same kind under another name, even a misleading one.
    expect(await bytesOf(await display(new Blob([heic]), "IMG_2.jpg"))).toEqual(webJPEG);
    expect(asked).toEqual(["native IMG_1.heic", "web IMG_1.heic", "web IMG_2.jpg"]);
  });

  it("is the web path's for a file native failed on, and native is still asked for the next", async () => {
    const { display, asked } = setup({ ok: false, reason: "failed", message: "truncated" });
    await display(new Blob([new Uint8Array([0x49, 0x49, 0x2a, 0])]), "a.tiff");
    await display(new Blob([new Uint8Array([0x49, 0x49, 0x2a, 0])]), "b.tiff");
    expect(asked).toEqual(["native a.tiff", "web a.tiff", "native b.tiff", "web b.tiff"]);
  });
});
