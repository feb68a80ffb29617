import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import type { MediaFacts, UploadMedia } from "../upload/upload-run";
import { createUnavailableConversions } from "./conversion-preference";
import type { NativeConversionResult } from "./native-conversion-contract";
import { uploadMediaPreferringNative } from "./upload-thumbnail-converter";

const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/media");
const tiffBytes = new Uint8Array([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]);
const nativeJPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);

const imageFacts = (mimeType: string): MediaFacts => ({
  kind: "media",
  fileType: FileType.image,
  mimeType,
  embedded: {},
});

const setup = (answer: NativeConversionResult, { thumbnailFailsOnJPEG = false } = {}) => {
  const asked: string[] = [];
  const media: UploadMedia = {
    facts: () => Promise.resolve([]),
    thumbnail: (part, facts) => {
      const type = facts.kind === "media" ? facts.mimeType : "none";
      asked.push(`media ${part.name} ${type} ${String(part.blob.size)} bytes`);
      if (thumbnailFailsOnJPEG && type === "image/jpeg") {
        return Promise.reject(new Error("file conversion failed"));
      }
      return Promise.resolve(new TextEncoder().encode(`thumbnail of ${part.name} as ${type}`));
    },
  };
  const upload = uploadMediaPreferringNative({
    media,
    native: {
      toJPEG: (_bytes, fileName) => {
        asked.push(`native ${fileName}`);
        return Promise.resolve(answer);
      },
    },
    remembered: createUnavailableConversions(),
  });
  return { upload, asked };
};

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("an upload's thumbnail in the desktop app", () => {
  it("is made from the native JPEG of an image the browser cannot decode", async () => {
    const { upload, asked } = setup({ ok: true, bytes: nativeJPEG });
    const thumbnail = await upload.thumbnail(
      { blob: new Blob([tiffBytes]), name: "scan.tiff" },
      imageFacts("image/tiff"),
    );
    expect(text(thumbnail)).toBe("thumbnail of scan.tiff as image/jpeg");
    expect(asked).toEqual(["native scan.tiff", "media scan.tiff image/jpeg 4 bytes"]);
  });

  it("is the media worker's of the original where native cannot convert the kind, and native is not asked again", async () => {
    const { upload, asked } = setup({
      ok: false,
      reason: "not-available",
      message: "HEIC/HEIF (HEVC) images cannot be converted natively on this platform",
    });
    const heic = await readFile(path.join(fixtures, "heic-iphone7.heic"));
    for (const name of ["IMG_1.HEIC", "IMG_2.HEIC"]) {
      const thumbnail = await upload.thumbnail(
        { blob: new Blob([heic]), name },
        imageFacts("image/heic"),
      );
      expect(text(thumbnail)).toBe(`thumbnail of ${name} as image/heic`);
    }
    expect(asked).toEqual([
      "native IMG_1.HEIC",
      `media IMG_1.HEIC image/heic ${String(heic.length)} bytes`,
      `media IMG_2.HEIC image/heic ${String(heic.length)} bytes`,
    ]);
  });

  it("is the media worker's of the original when the native JPEG gives no thumbnail", async () => {
    const { upload, asked } = setup(
      { ok: true, bytes: nativeJPEG },
      { thumbnailFailsOnJPEG: true },
    );
    const thumbnail = await upload.thumbnail(
      { blob: new Blob([tiffBytes]), name: "scan.tif" },
      imageFacts("image/tiff"),
    );
    expect(text(thumbnail)).toBe("thumbnail of scan.tif as image/tiff");
    expect(asked).toEqual([
      "native scan.tif",
      "media scan.tif image/jpeg 4 bytes",
      "media scan.tif image/tiff 8 bytes",
    ]);
  });

  it("asks native nothing for what the browser decodes, nor for videos", async () => {
    const { upload, asked } = setup({ ok: true, bytes: nativeJPEG });
    await upload.thumbnail(
      { blob: new Blob([nativeJPEG]), name: "photo.jpg" },
      imageFacts("image/jpeg"),
    );
    await upload.thumbnail(
      { blob: new Blob(["mov"]), name: "clip.mov" },
      { kind: "media", fileType: FileType.video, mimeType: "video/quicktime", embedded: {} },
    );
    expect(asked).toEqual([
      "media photo.jpg image/jpeg 4 bytes",
      "media clip.mov video/quicktime 3 bytes",
    ]);
  });
});
