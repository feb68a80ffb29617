import { describe, expect, it } from "vitest";
import {
  extensionsNeedingDisplayConversion,
  imageTypesNeedingDisplayConversion,
  needsDisplayConversion,
} from "./display-conversion";
import { extensionsNeedingConversion } from "./file-kinds";

describe("needsDisplayConversion", () => {
  it.each([
    // Bytes a browser shows: as they are, whatever the name says.
    ["image/jpeg", "IMG_0001.JPG", false],
    ["image/jpeg", "IMG_0002.HEIC", false],
    ["image/png", "scan.tif", false],
    ["image/gif", "loop.gif", false],
    ["image/webp", "sticker.webp", false],
    ["image/bmp", "old.bmp", false],
    ["image/avif", "modern.avif", false],
    // HEIF, TIFF (and TIFF-based RAW), RAW and PSD: through a JPEG.
    ["image/heic", "IMG_0003.HEIC", true],
    ["image/heif", "photo.heif", true],
    ["image/heic", "IMG_0004.JPG", true],
    ["image/heic-sequence", "burst.heic", true],
    ["image/HEIC", "upper.heic", true],
    ["image/heic; charset=binary", "typed.heic", true],
    ["image/tiff", "scan.tiff", true],
    ["image/tiff", "DSC_0001.NEF", true],
    ["image/x-canon-cr3", "IMG_0005.CR3", true],
    ["image/x-fujifilm-raf", "DSCF0001.RAF", true],
    ["image/vnd.adobe.photoshop", "poster.psd", true],
    // Untyped originals go by their extension (spec §5's list, heif and orf).
    ["application/octet-stream", "IMG_0006.CR3", true],
    ["application/octet-stream", "P1000001.RW2", true],
    ["application/octet-stream", "DSCF0002.raf", true],
    ["application/octet-stream", "poster.PSD", true],
    ["application/octet-stream", "PA010001.ORF", true],
    ["", "photo.heif", true],
    [undefined, "IMG_0007.heic", true],
    [undefined, "DSC_0002.dng", true],
    ["application/octet-stream", "notes.txt", false],
    ["application/octet-stream", "no-extension", false],
    [undefined, "IMG_0008.jpg", false],
  ])("%j named %j → %j", (mimeType, fileName, expected) => {
    expect(needsDisplayConversion({ mimeType, fileName })).toBe(expected);
  });

  it("covers every extension of spec §5's conversion list", () => {
    for (const extension of extensionsNeedingConversion) {
      expect(extensionsNeedingDisplayConversion.has(extension)).toBe(true);
      expect(needsDisplayConversion({ mimeType: undefined, fileName: `a.${extension}` })).toBe(
        true,
      );
    }
  });

  it("names no type a browser shows natively", () => {
    for (const shown of ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"]) {
      expect(imageTypesNeedingDisplayConversion.has(shown)).toBe(false);
    }
  });
});
