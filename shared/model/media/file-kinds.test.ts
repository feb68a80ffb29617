import { describe, expect, it } from "vitest";
import { CairnError } from "../errors";
import { FileType } from "../library/file-metadata";
import {
  extensionOf,
  extensionsNeedingConversion,
  type FileKind,
  fileKindOf,
  imageExtensions,
  knownUnsupportedExtensions,
  needsConversion,
  type SniffedType,
  UnsupportedFileFormatError,
  type UnsupportedFileReason,
  videoExtensions,
} from "./file-kinds";
import { failureOutcomeOf, UploadResult } from "./upload-outcomes";

const tiffLittleEndian = Uint8Array.of(0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00);
const tiffBigEndian = Uint8Array.of(0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08);
const text = new TextEncoder().encode("Shopping list: eggs, milk");
const jpegHead = Uint8Array.of(0xff, 0xd8, 0xff, 0xe1);

const sniffed = (mimeType: string, extension: string): SniffedType => ({ mimeType, extension });
const image = (mimeType: string, extension: string): FileKind => ({
  kind: "media",
  fileType: FileType.image,
  mimeType,
  extension,
});
const video = (mimeType: string, extension: string): FileKind => ({
  kind: "media",
  fileType: FileType.video,
  mimeType,
  extension,
});

const unsupported = (detail: UnsupportedFileReason): FileKind => ({ kind: "unsupported", detail });

describe("extensionOf", () => {
  it.each([
    ["IMG_0001.JPG", "jpg"],
    ["clip.MoV", "mov"],
    ["DCIM/100APPLE/IMG_0002.HEIC", "heic"],
    ["C:\\Users\\ana\\Pictures\\scan.Tiff", "tiff"],
    ["backup.tar.gz", "gz"],
    ["holiday.2019/README", ""],
    [".DS_Store", ""],
    ["folder/.hidden", ""],
    ["trailing.", ""],
    ["", ""],
  ])("%j → %j", (fileName, expected) => {
    expect(extensionOf(fileName)).toBe(expected);
  });
});

describe("the spec's extension lists", () => {
  it("are spec §5's lists, exactly", () => {
    expect([...imageExtensions].sort()).toEqual(
      ["heic", "heif", "jpeg", "jpg", "png", "gif", "bmp", "tiff", "webp"].sort(),
    );
    expect([...videoExtensions].sort()).toEqual(
      ["mov", "mp4", "m4v", "avi", "wmv", "flv", "mkv", "webm", "3gp", "3g2", "ogv", "mpg"].sort(),
    );
    expect([...extensionsNeedingConversion].sort()).toEqual(
      ["heic", "rw2", "tiff", "arw", "cr3", "cr2", "raf", "nef", "psd", "dng", "tif"].sort(),
    );
  });

  it("never refuse by name a media extension, nor Takeout's JSON sidecars", () => {
    const media = [...imageExtensions, ...videoExtensions, ...extensionsNeedingConversion];
    expect(media.filter((extension) => knownUnsupportedExtensions.has(extension))).toEqual([]);
    expect(knownUnsupportedExtensions.has("json")).toBe(false);
  });

  it.each([
    ["heic", true],
    ["HEIC", true],
    ["tif", true],
    ["dng", true],
    ["psd", true],
    ["jpg", false],
    ["png", false],
    ["heif", false],
    ["mp4", false],
  ])("needsConversion(%j) is %j", (extension, expected) => {
    expect(needsConversion(extension)).toBe(expected);
  });
});

describe("fileKindOf", () => {
  it.each<[string, SniffedType | undefined, string, Uint8Array, FileKind]>([
    // image/* is an image, video/* a video (spec §5).
    ["a JPEG", sniffed("image/jpeg", "jpg"), "IMG_1.JPG", jpegHead, image("image/jpeg", "jpg")],
    ["a PNG", sniffed("image/png", "png"), "shot.png", jpegHead, image("image/png", "png")],
    ["a HEIC", sniffed("image/heic", "heic"), "IMG_2.HEIC", jpegHead, image("image/heic", "heic")],
    ["a HEIF", sniffed("image/heif", "heic"), "x.heif", jpegHead, image("image/heif", "heic")],
    ["a GIF", sniffed("image/gif", "gif"), "a.gif", jpegHead, image("image/gif", "gif")],
    [
      "a CR2",
      sniffed("image/x-canon-cr2", "cr2"),
      "a.CR2",
      tiffLittleEndian,
      image("image/x-canon-cr2", "cr2"),
    ],
    ["an AVIF", sniffed("image/avif", "avif"), "a.avif", jpegHead, image("image/avif", "avif")],
    ["an MP4", sniffed("video/mp4", "mp4"), "clip.mp4", jpegHead, video("video/mp4", "mp4")],
    [
      "a MOV",
      sniffed("video/quicktime", "mov"),
      "IMG_3.MOV",
      jpegHead,
      video("video/quicktime", "mov"),
    ],
    ["an MPEG-PS", sniffed("video/MP1S", "mpg"), "old.mpg", jpegHead, video("video/mp1s", "mpg")],
    ["an MPEG-TS", sniffed("video/mp2t", "mts"), "00001.MTS", jpegHead, video("video/mp2t", "mts")],
    // The bytes win over the name.
    [
      "a HEIC named .jpg",
      sniffed("image/heic", "heic"),
      "IMG_4.jpg",
      jpegHead,
      image("image/heic", "heic"),
    ],
    [
      "a JPEG named .mp4",
      sniffed("image/jpeg", "jpg"),
      "odd.mp4",
      jpegHead,
      image("image/jpeg", "jpg"),
    ],
    [
      "a video without extension",
      sniffed("video/webm", "webm"),
      "recording",
      jpegHead,
      video("video/webm", "webm"),
    ],
    // See: [Note: A container the sniffer cannot tell from its first bytes]
    [
      "a WMV declaring its audio first",
      sniffed("audio/x-ms-asf", "asf"),
      "party.WMV",
      jpegHead,
      video("video/x-ms-asf", "asf"),
    ],
    [
      "a WMV with long headers",
      sniffed("application/vnd.ms-asf", "asf"),
      "party.wmv",
      jpegHead,
      video("video/x-ms-asf", "asf"),
    ],
    [
      "an OGV opening with Vorbis",
      sniffed("audio/ogg", "ogg"),
      "talk.ogv",
      jpegHead,
      video("video/ogg", "ogv"),
    ],
    [
      "an OGV opening with Opus",
      sniffed("audio/ogg; codecs=opus", "opus"),
      "talk.ogv",
      jpegHead,
      video("video/ogg", "ogv"),
    ],
    [
      "an OGV opening with an unknown stream",
      sniffed("application/ogg", "ogx"),
      "talk.ogv",
      jpegHead,
      video("video/ogg", "ogv"),
    ],
    // See: [Note: Images the sniffer does not recognise in 4100 bytes]
    [
      "a TIFF whose IFD is far",
      undefined,
      "scan.tif",
      tiffLittleEndian,
      image("image/tiff", "tif"),
    ],
    [
      "a big-endian TIFF whose IFD is far",
      undefined,
      "scan.TIFF",
      tiffBigEndian,
      image("image/tiff", "tiff"),
    ],
    [
      "a DNG whose IFD is far",
      undefined,
      "RAW_1.DNG",
      tiffLittleEndian,
      image("image/x-adobe-dng", "dng"),
    ],
    [
      "an ARW whose IFD is far",
      undefined,
      "DSC1.arw",
      tiffLittleEndian,
      image("image/x-sony-arw", "arw"),
    ],
    [
      "a NEF whose IFD is far",
      undefined,
      "DSC2.nef",
      tiffBigEndian,
      image("image/x-nikon-nef", "nef"),
    ],
  ])("takes %s", (_, sniffedType, fileName, head, expected) => {
    expect(fileKindOf({ sniffed: sniffedType, fileName, head })).toEqual(expected);
  });

  it.each<[string, SniffedType | undefined, string, Uint8Array, FileKind]>([
    // Known unsupported extensions, whatever the bytes.
    // See: [Note: Known unsupported extensions are refused by name]
    [
      "a camera's THM preview (a JPEG)",
      sniffed("image/jpeg", "jpg"),
      "MVI_0001.THM",
      jpegHead,
      unsupported({ reason: "known-unsupported-extension", extension: "thm" }),
    ],
    [
      "a GoPro LRV proxy (an MP4)",
      sniffed("video/mp4", "mp4"),
      "GL010001.LRV",
      jpegHead,
      unsupported({ reason: "known-unsupported-extension", extension: "lrv" }),
    ],
    [
      "an unfinished download",
      sniffed("image/jpeg", "jpg"),
      "IMG_5.jpg.crdownload",
      jpegHead,
      unsupported({ reason: "known-unsupported-extension", extension: "crdownload" }),
    ],
    [
      "a zip",
      sniffed("application/zip", "zip"),
      "photos.zip",
      jpegHead,
      unsupported({ reason: "known-unsupported-extension", extension: "zip" }),
    ],
    [
      "a text file",
      undefined,
      "notes.TXT",
      text,
      unsupported({ reason: "known-unsupported-extension", extension: "txt" }),
    ],
    [
      "an MP3",
      sniffed("audio/mpeg", "mp3"),
      "song.mp3",
      jpegHead,
      unsupported({ reason: "known-unsupported-extension", extension: "mp3" }),
    ],
    [
      "an XMP sidecar of a TIFF",
      undefined,
      "scan.tif.xmp",
      tiffLittleEndian,
      unsupported({ reason: "known-unsupported-extension", extension: "xmp" }),
    ],
    // Recognised, but neither image nor video (spec §5).
    [
      "a PDF under another name",
      sniffed("application/pdf", "pdf"),
      "scan.jpg",
      jpegHead,
      unsupported({ reason: "not-media", mimeType: "application/pdf" }),
    ],
    [
      "an audio file of no listed extension",
      sniffed("audio/mpeg", "mp3"),
      "voice.bin",
      jpegHead,
      unsupported({ reason: "not-media", mimeType: "audio/mpeg" }),
    ],
    [
      "an ASF that is not named .wmv",
      sniffed("audio/x-ms-asf", "asf"),
      "music.asf",
      jpegHead,
      unsupported({ reason: "not-media", mimeType: "audio/x-ms-asf" }),
    ],
    [
      "an Ogg audio file",
      sniffed("audio/ogg", "ogg"),
      "song.ogg",
      jpegHead,
      unsupported({ reason: "not-media", mimeType: "audio/ogg" }),
    ],
    [
      "a zip named .mp4",
      sniffed("application/zip", "zip"),
      "clip.mp4",
      jpegHead,
      unsupported({ reason: "not-media", mimeType: "application/zip" }),
    ],
    // Not recognised, and no trusted fallback.
    [
      "text named .jpg",
      undefined,
      "photo.jpg",
      text,
      unsupported({ reason: "unrecognised", extension: "jpg" }),
    ],
    [
      "text named .mp4",
      undefined,
      "clip.mp4",
      text,
      unsupported({ reason: "unrecognised", extension: "mp4" }),
    ],
    [
      "text named .tif",
      undefined,
      "scan.tif",
      text,
      unsupported({ reason: "unrecognised", extension: "tif" }),
    ],
    [
      "a TIFF header under a non-TIFF name",
      undefined,
      "scan.jpg",
      tiffLittleEndian,
      unsupported({ reason: "unrecognised", extension: "jpg" }),
    ],
    [
      "a TIFF header without a name extension",
      undefined,
      "scan",
      tiffLittleEndian,
      unsupported({ reason: "unrecognised", extension: "" }),
    ],
    [
      "two bytes named .tif",
      undefined,
      "cut.tif",
      Uint8Array.of(0x49, 0x49),
      unsupported({ reason: "unrecognised", extension: "tif" }),
    ],
  ])("refuses %s", (_, sniffedType, fileName, head, expected) => {
    expect(fileKindOf({ sniffed: sniffedType, fileName, head })).toEqual(expected);
  });
});

describe("UnsupportedFileFormatError", () => {
  it("is the catalogue's 'unsupported file format', reported as unsupported", () => {
    const error = new UnsupportedFileFormatError({ reason: "unrecognised", extension: "jpg" });
    expect(error).toBeInstanceOf(CairnError);
    expect(error.name).toBe("UnsupportedFileFormatError");
    expect(error.key).toBe("unsupportedFileFormat");
    expect(error.message).toBe("unsupported file format");
    expect(error.detail).toEqual({ reason: "unrecognised", extension: "jpg" });
    expect(failureOutcomeOf(error)).toEqual({
      result: UploadResult.unsupported,
      errorKey: "unsupportedFileFormat",
    });
  });
});
