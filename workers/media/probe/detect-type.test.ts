import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileType } from "../../../shared/model/library/file-metadata";
import {
  UnsupportedFileFormatError,
  type UnsupportedFileReason,
} from "../../../shared/model/media/file-kinds";
import { fixtureMediaDir } from "../../../tests/test-support/media";
import { type DetectedFileType, detectFileType, typeDetectionBytes } from "./detect-type";

const run = promisify(execFile);

const fixture = async (name: string): Promise<Blob> =>
  new Blob([await readFile(path.join(fixtureMediaDir, name))]);

const image = (mimeType: string, extension: string): DetectedFileType => ({
  kind: "media",
  fileType: FileType.image,
  mimeType,
  extension,
});
const video = (mimeType: string, extension: string): DetectedFileType => ({
  kind: "media",
  fileType: FileType.video,
  mimeType,
  extension,
});

/** The reason `detectFileType` refused the file with, or a failure when it did not. */
const refusal = async (file: Blob, fileName: string): Promise<UnsupportedFileReason> => {
  const error: unknown = await detectFileType(file, fileName).then(
    (detected) => new Error(`Taken as ${JSON.stringify(detected)}`),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof UnsupportedFileFormatError)) throw error;
  return error.detail;
};

describe("detectFileType on the shared fixtures", () => {
  it.each([
    ["IMG_20180725_163423-tiny.jpg", image("image/jpeg", "jpg")],
    ["canon-dslr.jpg", image("image/jpeg", "jpg")],
    ["Bush-dog.jpg", image("image/jpeg", "jpg")],
    ["noexif.jpg", image("image/jpeg", "jpg")],
    ["broken1.jpg", image("image/jpeg", "jpg")],
    ["f6t.jpg", image("image/jpeg", "jpg")],
    // exiftool: FileType HEIC, MIMEType image/heic (major brand heic).
    ["heic-iphone7.heic", image("image/heic", "heic")],
    // exiftool: FileType HEIF, MIMEType image/heif (major brand mif1).
    ["heic-single.heic", image("image/heif", "heic")],
    ["png_with_exif_and_gps.png", image("image/png", "png")],
  ])("%s", async (name, expected) => {
    expect(await detectFileType(await fixture(name), name)).toEqual(expected);
  });

  it("goes by the bytes, not the name: a HEIC named .JPG is a HEIC", async () => {
    expect(await detectFileType(await fixture("heic-iphone7.heic"), "IMG_0001.JPG")).toEqual(
      image("image/heic", "heic"),
    );
  });
});

describe("detectFileType on media made with ffmpeg", () => {
  let dir: string;
  const made = new Map<string, Blob>();
  const ffmpeg = (...args: string[]) => run("ffmpeg", ["-v", "error", "-y", ...args]);
  const picture = ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1"];
  const sound = ["-f", "lavfi", "-i", "sine=duration=1"];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-detect-type-"));
    const out = (name: string) => path.join(dir, name);
    const still = ["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1"];
    await Promise.all([
      ffmpeg(...still, out("still.gif")),
      ffmpeg(...still, out("still.bmp")),
      ffmpeg(...still, out("still.webp")),
      // ffmpeg's TIFF encoder writes the IFD after the pixels, past 4100 bytes.
      ffmpeg("-f", "lavfi", "-i", "testsrc2=size=160x120", "-frames:v", "1", out("scan.tif")),
      ffmpeg(...picture, "-c:v", "libx264", "-pix_fmt", "yuv420p", out("clip.mp4")),
      ffmpeg(...picture, "-c:v", "libx264", "-pix_fmt", "yuv420p", out("clip.mov")),
      ffmpeg(...picture, "-c:v", "libvpx", out("clip.webm")),
      ffmpeg(...picture, out("clip.mkv")),
      ffmpeg(...picture, out("clip.avi")),
      ffmpeg(...picture, out("clip.mpg")),
      ffmpeg(...picture, "-s", "176x144", out("clip.3gp")),
      // Sound mapped first: the ASF and Ogg headers declare the audio stream first.
      ffmpeg(...sound, ...picture, "-map", "0", "-map", "1", out("party.wmv")),
      ffmpeg(...sound, ...picture, "-map", "0", "-map", "1", "-c:v", "libtheora", out("talk.ogv")),
      ffmpeg(...sound, out("song.ogg")),
    ]);
    for (const name of [
      "still.gif",
      "still.bmp",
      "still.webp",
      "scan.tif",
      "clip.mp4",
      "clip.mov",
      "clip.webm",
      "clip.mkv",
      "clip.avi",
      "clip.mpg",
      "clip.3gp",
      "party.wmv",
      "talk.ogv",
      "song.ogg",
    ]) {
      made.set(name, new Blob([await readFile(out(name))]));
    }
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const madeFile = (name: string): Blob => {
    const file = made.get(name);
    if (file === undefined) throw new Error(`${name} was not made`);
    return file;
  };

  it.each([
    ["still.gif", image("image/gif", "gif")],
    ["still.bmp", image("image/bmp", "bmp")],
    ["still.webp", image("image/webp", "webp")],
    ["clip.mp4", video("video/mp4", "mp4")],
    ["clip.mov", video("video/quicktime", "mov")],
    ["clip.webm", video("video/webm", "webm")],
    ["clip.mkv", video("video/matroska", "mkv")],
    ["clip.avi", video("video/vnd.avi", "avi")],
    ["clip.mpg", video("video/mp1s", "mpg")],
    ["clip.3gp", video("video/3gpp", "3gp")],
    // See: [Note: A container the sniffer cannot tell from its first bytes]
    ["party.wmv", video("video/x-ms-asf", "asf")],
    ["talk.ogv", video("video/ogg", "ogv")],
    // See: [Note: Images the sniffer does not recognise in 4100 bytes]
    ["scan.tif", image("image/tiff", "tif")],
  ])("%s", async (name, expected) => {
    expect(await detectFileType(madeFile(name), name)).toEqual(expected);
  });

  it("refuses an Ogg audio file, and a WMV's bytes under another name", async () => {
    expect(await refusal(madeFile("song.ogg"), "song.ogg")).toEqual({
      reason: "not-media",
      mimeType: "audio/ogg",
    });
    expect(await refusal(madeFile("party.wmv"), "party.asf")).toEqual({
      reason: "not-media",
      mimeType: "audio/x-ms-asf",
    });
  });

  it("refuses a far-IFD TIFF named as a JPEG (the sniffer recognised nothing)", async () => {
    expect(await refusal(madeFile("scan.tif"), "scan.jpg")).toEqual({
      reason: "unrecognised",
      extension: "jpg",
    });
  });
});

describe("detectFileType on files that are not media", () => {
  const text = new Blob(["Things to pack: camera, charger, spare card.\n"]);

  it.each([
    ["notes.txt", { reason: "known-unsupported-extension", extension: "txt" }],
    ["notes.jpg", { reason: "unrecognised", extension: "jpg" }],
    ["notes", { reason: "unrecognised", extension: "" }],
  ] as const)("refuses text named %j", async (name, expected) => {
    expect(await refusal(text, name)).toEqual(expected);
  });

  it("refuses a zip, by its name and by its bytes", async () => {
    const zip = new JSZip();
    zip.file("IMG_0001.jpg", await readFile(path.join(fixtureMediaDir, "noexif.jpg")));
    const bytes = await zip.generateAsync({ type: "arraybuffer" });
    expect(await refusal(new Blob([bytes]), "photos.zip")).toEqual({
      reason: "known-unsupported-extension",
      extension: "zip",
    });
    expect(await refusal(new Blob([bytes]), "photos.jpg")).toEqual({
      reason: "not-media",
      mimeType: "application/zip",
    });
  });

  it("refuses a camera's THM preview although it is a JPEG", async () => {
    expect(await refusal(await fixture("noexif.jpg"), "MVI_0001.THM")).toEqual({
      reason: "known-unsupported-extension",
      extension: "thm",
    });
  });

  it("gives a zero-byte file its own outcome, whatever its name", async () => {
    expect(await detectFileType(new Blob([]), "IMG_0002.JPG")).toEqual({ kind: "empty" });
    expect(await detectFileType(new Blob([]), "notes.txt")).toEqual({ kind: "empty" });
  });

  it("throws the catalogue's 'unsupported file format'", async () => {
    const error: unknown = await detectFileType(text, "notes.jpg").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedFileFormatError);
    expect((error as UnsupportedFileFormatError).message).toBe("unsupported file format");
  });
});

describe("detectFileType's reading", () => {
  it("reads only the first 4100 bytes, however large the file", async () => {
    const jpeg = await readFile(path.join(fixtureMediaDir, "noexif.jpg"));
    const slices: [number | undefined, number | undefined][] = [];
    const twoGigabytes = 2 * 1024 ** 3;
    // Only `size` and `slice` of a Blob may be used: reading the whole of
    // this file would be reading 2 GB.
    const large = {
      size: twoGigabytes,
      slice: (start?: number, end?: number) => {
        slices.push([start, end]);
        return new Blob([jpeg.subarray(start, end)]);
      },
    } as unknown as Blob;
    expect(await detectFileType(large, "big.jpg")).toEqual(image("image/jpeg", "jpg"));
    expect(slices).toEqual([[0, typeDetectionBytes]]);
    expect(typeDetectionBytes).toBe(4100);
  });
});
