// Downloads of files with an edited time (spec §5): a JPEG carries it in its
// EXIF, as the desktop export writes it, as a file of its own, in a zip and as
// a live photo's image; everything else is saved byte for byte. The originals
// are opened as the gallery opens them, from fixture bytes instead of a server.

import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileType } from "../../../shared/model/library/file-metadata";
import { generatedMp4 } from "../../../tests/test-support/media";
import type { DecryptedFile } from "../../library/decrypted-records";
import {
  expectSameBytes,
  fixture,
  jpegSegments,
} from "../../media/jpeg/test-support/jpeg-test-files";
import { testFile } from "../../sync/test-support/sync-store";
import type { DownloadedFile } from "../gallery-contract";
import { type DownloadMode, downloadSelection } from "./downloads";
import { type OpenedOriginal, openOriginal } from "./open-original";
import { typeSniffBytes } from "./original-download";

const run = promisify(execFile);

/** µs of the edited time, a fraction of a second past the second the tags show (local time). */
const editedTimeUs = new Date(2021, 4, 14, 15, 9, 26).getTime() * 1000 + 535_897;
const editedText = "2021:05:14 15:09:26";

let dir: string;
let savedCount = 0;
let phoneJpeg: Uint8Array;
let noExifJpeg: Uint8Array;
let png: Uint8Array;
let heic: Uint8Array;
let mp4: Uint8Array;
let livePhotoZip: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "cairn-downloads-"));
  phoneJpeg = await fixture("IMG_20180725_163423-tiny.jpg");
  noExifJpeg = await fixture("noexif.jpg");
  png = await fixture("png_with_exif_and_gps.png");
  heic = await fixture("heic-single.heic");
  mp4 = await generatedMp4(1);
  const zip = new JSZip();
  zip.file("IMG_0042.jpg", phoneJpeg);
  zip.file("IMG_0042.mp4", mp4);
  livePhotoZip = await zip.generateAsync({ type: "uint8array" });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The EXIF dates exiftool reads from a saved file (ModifyDate is DateTime, CreateDate DateTimeDigitized). */
const exiftoolDates = async (bytes: Uint8Array): Promise<Record<string, unknown>> => {
  const file = path.join(dir, `saved-${String(savedCount++)}.jpg`);
  await writeFile(file, bytes);
  const { stdout } = await run("exiftool", [
    ...["-j", "-G1", "-DateTimeOriginal", "-CreateDate", "-ModifyDate", file],
  ]);
  const [tags = {}] = JSON.parse(stdout) as Record<string, unknown>[];
  return Object.fromEntries(Object.entries(tags).filter(([name]) => name !== "SourceFile"));
};

const allDates = {
  "IFD0:ModifyDate": editedText,
  "ExifIFD:DateTimeOriginal": editedText,
  "ExifIFD:CreateDate": editedText,
};

/** A JPEG's image data: from its SOS marker to its end. */
const imageData = (bytes: Uint8Array) => bytes.subarray(jpegSegments(bytes).at(-1)?.start);

const bytesOf = async (blob: Blob | undefined): Promise<Uint8Array> =>
  new Uint8Array(await (blob ?? new Blob()).arrayBuffer());

interface TestLibraryFile {
  file: DecryptedFile;
  bytes: Uint8Array;
}

const libraryFile = (
  id: number,
  title: string,
  fileType: FileType,
  bytes: Uint8Array,
  timeUs?: number,
): TestLibraryFile => ({
  file: testFile(id, 1, {
    metadata: { title, creationTime: 1_600_000_000_000_000, fileType },
    ...(timeUs === undefined
      ? {}
      : { pubMagicMetadata: { version: 1, count: 1, data: { editedTime: timeUs } } }),
  }),
  bytes,
});

/** Downloads `files` as the gallery does, each original opened from its bytes; the opened originals are kept. */
const download = async (files: readonly TestLibraryFile[], mode: DownloadMode) => {
  const byID = new Map(files.map((entry) => [entry.file.id, entry]));
  const opened: OpenedOriginal[] = [];
  const handed: DownloadedFile[] = [];
  await downloadSelection(
    {
      fileByID: (id) => byID.get(id)?.file,
      openForDownload: async (file) => {
        const bytes = byID.get(file.id)?.bytes ?? new Uint8Array();
        const original = await openOriginal(
          file,
          {
            blob: new Blob([bytes.slice()]),
            head: bytes.slice(0, typeSniffBytes),
          },
          { readCamera: false },
        );
        opened.push(original);
        return original;
      },
      nowMs: () => new Date(2024, 2, 5, 12).getTime(),
    },
    {
      fileIDs: files.map((entry) => entry.file.id),
      mode,
      onProgress: () => undefined,
      onFile: (file) => handed.push(file),
    },
  );
  return { handed, opened };
};

/** The files handed over, by name, as bytes. */
const savedFiles = async (handed: readonly DownloadedFile[]) =>
  new Map(
    await Promise.all(handed.map(async (file) => [file.name, await bytesOf(file.blob)] as const)),
  );

describe("a download of a file with an edited time", () => {
  it.each([
    ["IMG_20180725_163423-tiny.jpg", "overwrites the phone's dates"],
    ["noexif.jpg", "inserts an EXIF"],
    ["Bush-dog.jpg", "appends the dates"],
  ])("%s: the JPEG carries it in its EXIF, its image data as it was (%s)", async (name) => {
    const original = await fixture(name);
    const { handed } = await download(
      [libraryFile(1, name, FileType.image, original, editedTimeUs)],
      "files",
    );
    expect(handed.map((file) => file.name)).toEqual([name]);
    expect(handed[0]?.blob.type).toBe("image/jpeg");
    const saved = await bytesOf(handed[0]?.blob);
    expect(await exiftoolDates(saved)).toMatchObject({ "ExifIFD:DateTimeOriginal": editedText });
    expectSameBytes(imageData(saved), imageData(original));
  });

  it("writes the three EXIF dates exiftool reads, and leaves the original the viewer holds as it was", async () => {
    const { handed, opened } = await download(
      [libraryFile(1, "IMG_1.jpg", FileType.image, phoneJpeg, editedTimeUs)],
      "files",
    );
    expect(await exiftoolDates(await bytesOf(handed[0]?.blob))).toEqual(allDates);
    const [original] = opened;
    expectSameBytes(
      await bytesOf(original?.media.kind === "image" ? original.media.blob : undefined),
      phoneJpeg,
    );
  });

  it("saves a live photo's JPEG with it, its video byte for byte", async () => {
    const { handed } = await download(
      [libraryFile(1, "IMG_0042.jpg", FileType.livePhoto, livePhotoZip, editedTimeUs)],
      "files",
    );
    const saved = await savedFiles(handed);
    expect([...saved.keys()].sort()).toEqual(["IMG_0042.jpg", "IMG_0042.mp4"]);
    const image = saved.get("IMG_0042.jpg") ?? new Uint8Array();
    expect(await exiftoolDates(image)).toEqual(allDates);
    expectSameBytes(imageData(image), imageData(phoneJpeg));
    expectSameBytes(saved.get("IMG_0042.mp4") ?? new Uint8Array(), mp4);
  });

  it("saves a PNG, a HEIC and a video byte for byte", async () => {
    const { handed } = await download(
      [
        libraryFile(1, "screenshot.png", FileType.image, png, editedTimeUs),
        libraryFile(2, "IMG_0050.HEIC", FileType.image, heic, editedTimeUs),
        libraryFile(3, "clip.mp4", FileType.video, mp4, editedTimeUs),
      ],
      "files",
    );
    const saved = await savedFiles(handed);
    expectSameBytes(saved.get("screenshot.png") ?? new Uint8Array(), png);
    expectSameBytes(saved.get("IMG_0050.HEIC") ?? new Uint8Array(), heic);
    expectSameBytes(saved.get("clip.mp4") ?? new Uint8Array(), mp4);
  });

  it("puts it into the zip's JPEG entries, every other entry byte for byte", async () => {
    const { handed } = await download(
      [
        libraryFile(1, "edited.jpg", FileType.image, noExifJpeg, editedTimeUs),
        libraryFile(2, "IMG_0042.jpg", FileType.livePhoto, livePhotoZip, editedTimeUs),
        libraryFile(3, "unedited.jpg", FileType.image, phoneJpeg),
        libraryFile(4, "screenshot.png", FileType.image, png, editedTimeUs),
      ],
      "zip",
    );
    expect(handed.map((file) => file.name)).toEqual(["Cairn-2024-03-05.zip"]);
    const zip = await JSZip.loadAsync(await bytesOf(handed[0]?.blob));
    const entry = async (name: string) =>
      (await zip.file(name)?.async("uint8array")) ?? new Uint8Array();

    const edited = await entry("edited.jpg");
    expect(await exiftoolDates(edited)).toEqual(allDates);
    expectSameBytes(imageData(edited), imageData(noExifJpeg));
    const livePhotoImage = await entry("IMG_0042.jpg");
    expect(await exiftoolDates(livePhotoImage)).toEqual(allDates);
    expectSameBytes(await entry("IMG_0042.mp4"), mp4);
    expectSameBytes(await entry("unedited.jpg"), phoneJpeg);
    expectSameBytes(await entry("screenshot.png"), png);
  });
});

describe("a download of a file without an edited time", () => {
  it("saves its JPEG byte for byte, its own dates untouched", async () => {
    const { handed } = await download(
      [libraryFile(1, "IMG_1.jpg", FileType.image, phoneJpeg)],
      "files",
    );
    const saved = await bytesOf(handed[0]?.blob);
    expectSameBytes(saved, phoneJpeg);
    expect((await exiftoolDates(saved))["ExifIFD:DateTimeOriginal"]).toBe("2018:07:25 16:34:23");
  });
});
