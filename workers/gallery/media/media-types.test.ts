import { describe, expect, it } from "vitest";
import {
  extensionOf,
  hasImageExtension,
  hasVideoExtension,
  imageType,
  mayHoldCameraDetails,
  videoType,
} from "./media-types";

const bytes = (...values: (number | string)[]): Uint8Array =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === "string" ? Array.from(new TextEncoder().encode(value)) : [value],
    ),
  );

/** An ISO-BMFF head: size, `ftyp`, major brand. */
const ftyp = (brand: string) => bytes(0, 0, 0, 0x18, "ftyp", brand, 0, 0, 0, 0);

describe("imageType", () => {
  it.each([
    ["jpeg", bytes(0xff, 0xd8, 0xff, 0xe1), "x.bin", "image/jpeg"],
    ["png", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a), "x", "image/png"],
    ["gif87", bytes("GIF87a"), "x", "image/gif"],
    ["gif89", bytes("GIF89a"), "x", "image/gif"],
    ["webp", bytes("RIFF", 0, 0, 0, 0, "WEBP"), "x", "image/webp"],
    ["tiff little-endian", bytes("II", 0x2a, 0), "x", "image/tiff"],
    ["tiff big-endian", bytes("MM", 0, 0x2a), "x", "image/tiff"],
    ["bmp", bytes("BM", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), "x", "image/bmp"],
    ["heic brand", ftyp("heic"), "x", "image/heic"],
    ["heix brand", ftyp("heix"), "x", "image/heic"],
    ["mif1 brand", ftyp("mif1"), "x", "image/heif"],
    ["avif brand", ftyp("avif"), "x", "image/avif"],
    ["bytes win over a lying extension", ftyp("heic"), "IMG_1.JPG", "image/heic"],
    ["extension fallback", bytes(0, 1, 2, 3), "scan.TIF", "image/tiff"],
    ["extension fallback heic", bytes(), "a.heic", "image/heic"],
    ["unknown", bytes(0, 1, 2, 3), "notes.txt", undefined],
    ["an mp4 is no image", ftyp("isom"), "clip", undefined],
    ["no prototype keys", bytes(), "x.constructor", undefined],
  ])("%s", (_case, head, name, expected) => {
    expect(imageType(head, name)).toBe(expected);
  });
});

describe("videoType", () => {
  it.each([
    ["mp4", "a.mp4", bytes(), "video/mp4"],
    ["mov upper case", "IMG_1.MOV", bytes(), "video/quicktime"],
    ["m4v plays as mp4", "a.m4v", bytes(), "video/mp4"],
    ["webm", "a.webm", bytes(), "video/webm"],
    ["mkv", "a.mkv", bytes(), "video/x-matroska"],
    ["3gp", "a.3gp", bytes(), "video/3gpp"],
    ["extension wins over bytes", "a.mov", ftyp("isom"), "video/quicktime"],
    ["sniffed quicktime", "clip", ftyp("qt  "), "video/quicktime"],
    ["sniffed mp4", "clip", ftyp("isom"), "video/mp4"],
    ["sniffed 3gp", "clip", ftyp("3gp5"), "video/3gpp"],
    ["sniffed matroska/webm", "clip", bytes(0x1a, 0x45, 0xdf, 0xa3), "video/webm"],
    ["a heic is no video", "clip", ftyp("heic"), undefined],
    ["unknown", "clip", bytes(1, 2, 3), undefined],
  ])("%s", (_case, name, head, expected) => {
    expect(videoType(head, name)).toBe(expected);
  });
});

describe("names and extensions", () => {
  it.each([
    ["photo.JPG", "jpg"],
    ["archive.tar.gz", "gz"],
    [".hidden", ""],
    ["noext", ""],
    ["dir.d/file", ""],
  ])("extensionOf(%s) is %s", (name, expected) => {
    expect(extensionOf(name)).toBe(expected);
  });

  it("tells image and video entries of a live photo zip by extension", () => {
    expect([hasImageExtension("image.heic"), hasVideoExtension("image.heic")]).toEqual([
      true,
      false,
    ]);
    expect([hasImageExtension("video.mov"), hasVideoExtension("video.mov")]).toEqual([false, true]);
    expect([hasImageExtension("readme"), hasVideoExtension("readme")]).toEqual([false, false]);
  });

  it.each([
    ["image/jpeg", true],
    ["image/heic", true],
    [undefined, true],
    ["image/gif", false],
    ["image/bmp", false],
  ])("camera details of %s are read: %s", (type, expected) => {
    expect(mayHoldCameraDetails(type)).toBe(expected);
  });
});
