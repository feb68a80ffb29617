import { describe, expect, it } from "vitest";
import { imageSourceKindOf, type ImageSourceKind } from "./image-source-kinds";

const bytesOf = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)),
  );

/** An ISO-BMFF file opening with an ftyp box of these brands (major first). */
const ftyp = (major: string, ...compatible: string[]): Uint8Array => {
  const sizeBytes = 16 + 4 * compatible.length;
  return bytesOf([0, 0, 0, sizeBytes], "ftyp", major, [0, 0, 0, 0], compatible.join(""), "mdat");
};

const jpeg = bytesOf([0xff, 0xd8, 0xff, 0xe0], "JFIF");
const png = bytesOf([0x89], "PNG\r\n", [0x1a, 0x0a]);
const tiff = bytesOf("II*\0", [8, 0, 0, 0], "data");
const cr2 = bytesOf("II*\0", [16, 0, 0, 0], "CR", [2, 0]);
const unknown = bytesOf("nothing known here");

describe("imageSourceKindOf", () => {
  it.each<[string, Uint8Array, string, ImageSourceKind]>([
    ["an iPhone HEIC", ftyp("heic", "mif1", "heic"), "IMG_1.HEIC", { kind: "heif", label: "heif" }],
    ["a HEIC named .jpg", ftyp("heic", "mif1"), "IMG_1.jpg", { kind: "heif", label: "heif" }],
    ["a generic HEIF", ftyp("mif1", "heic"), "a.heif", { kind: "heif", label: "heif" }],
    ["a HEIF sequence", ftyp("msf1", "hevc"), "a.heics", { kind: "heif", label: "heif" }],
    ["an AVIF", ftyp("avif", "mif1", "miaf"), "a.avif", { kind: "readable", label: "avif" }],
    [
      "an AVIF of generic brand",
      ftyp("mif1", "avif"),
      "a.heif",
      { kind: "readable", label: "avif" },
    ],
    ["a CR3", ftyp("crx ", "crx "), "IMG_2.CR3", { kind: "raw", label: "cr3" }],
    ["a PSD", bytesOf("8BPS", [0, 1]), "art.psd", { kind: "psd", label: "psd" }],
    ["a PSD with no name", bytesOf("8BPS", [0, 1]), "art", { kind: "psd", label: "psd" }],
    ["a CR2 by signature", cr2, "IMG_3.tif", { kind: "raw", label: "cr2" }],
    ["an RW2", bytesOf("IIU\0", [8, 0, 0, 0]), "P1.RW2", { kind: "raw", label: "rw2" }],
    ["an ORF", bytesOf("IIRO", [8, 0, 0, 0]), "P1.ORF", { kind: "raw", label: "orf" }],
    ["a RAF", bytesOf("FUJIFILMCCD-RAW 0201"), "D.RAF", { kind: "raw", label: "raf" }],
    ["a NEF (TIFF inside)", tiff, "DSC_1.NEF", { kind: "raw", label: "nef" }],
    ["a DNG (TIFF inside)", tiff, "a.dng", { kind: "raw", label: "dng" }],
    ["unknown bytes named .cr2", unknown, "a.cr2", { kind: "raw", label: "cr2" }],
    ["unknown bytes named .heic", unknown, "a.heic", { kind: "heif", label: "heif" }],
    ["unknown bytes named .psd", unknown, "a.psd", { kind: "psd", label: "psd" }],
    ["a TIFF", tiff, "scan.TIFF", { kind: "readable", label: "tiff" }],
    ["a JPEG named .heic", jpeg, "IMG_4.heic", { kind: "readable", label: "heic" }],
    ["a JPEG named .nef", jpeg, "DSC_2.nef", { kind: "readable", label: "nef" }],
    ["a PNG", png, "a.png", { kind: "readable", label: "png" }],
    ["unknown bytes named .tif", unknown, "a.tif", { kind: "readable", label: "tif" }],
    ["too few bytes", bytesOf("II"), "a.tif", { kind: "readable", label: "tif" }],
  ])("%s", (_case, bytes, fileName, kind) => {
    expect(imageSourceKindOf(bytes, fileName)).toEqual(kind);
  });
});
