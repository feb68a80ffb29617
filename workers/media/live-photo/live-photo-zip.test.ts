import { readFile } from "node:fs/promises";
import path from "node:path";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { FileType } from "../../../shared/model/library/file-metadata";
import { fixtureMediaDir, generatedJpeg, generatedMp4 } from "../../../tests/test-support/media";
import { openOriginal } from "../../gallery/media/open-original";
import {
  InvalidLivePhotoError,
  decodeLivePhoto,
  encodeLivePhoto,
  livePhotoEntryKind,
  livePhotoEntryName,
  type LivePhotoPartKind,
} from "./live-photo-zip";

const blobOf = (bytes: Uint8Array, type = ""): Blob =>
  new Blob([bytes as Uint8Array<ArrayBuffer>], { type });

const bytesOf = async (blob: Blob): Promise<Uint8Array> => new Uint8Array(await blob.arrayBuffer());

/** Whether a Blob holds exactly `bytes` (vitest's deep equality is slow on megabytes). */
const holds = async (blob: Blob, bytes: Uint8Array): Promise<boolean> =>
  Buffer.from(await bytesOf(blob)).equals(bytes);

const heicBytes = () => readFile(path.join(fixtureMediaDir, "heic-iphone7.heic"));

/** A zip of the given entries, as another client may have written it. */
const zipOf = async (entries: Record<string, Uint8Array>): Promise<Blob> => {
  const zip = new JSZip();
  for (const [name, bytes] of Object.entries(entries)) zip.file(name, bytes);
  return blobOf(await zip.generateAsync({ type: "uint8array" }), "application/zip");
};

const entryNamesOf = async (zip: Blob): Promise<string[]> =>
  Object.keys((await JSZip.loadAsync(await zip.arrayBuffer())).files).sort();

/** Why `decodeLivePhoto` refuses the zip (it fails the test when it does not). */
const refusal = async (zip: Blob) => {
  try {
    await decodeLivePhoto(zip);
  } catch (error) {
    if (error instanceof InvalidLivePhotoError) {
      return { reason: error.reason, missing: error.missing, name: error.name };
    }
    throw error;
  }
  throw new Error("The zip was not refused");
};

describe("encodeLivePhoto and decodeLivePhoto", () => {
  it.each([
    [
      "iPhone",
      "IMG_0001.HEIC",
      "IMG_0001.MOV",
      "image.heic",
      "video.mov",
      "image/heic",
      "video/quicktime",
    ],
    [
      "Android",
      "IMG_20240101_101010.jpg",
      "IMG_20240101_101010.mp4",
      "image.jpg",
      "video.mp4",
      "image/jpeg",
      "video/mp4",
    ],
    [
      "Pixel, video without extension",
      "PXL_20230101_123456789.MP.jpg",
      "PXL_20230101_123456789.MP",
      "image.jpg",
      "video.mp",
      "image/jpeg",
      "video/mp4",
    ],
  ])(
    "round-trips a %s live photo",
    async (_, imageName, videoName, imageEntry, videoEntry, imageType, videoType) => {
      const imageBytes = imageName.endsWith("HEIC") ? await heicBytes() : await generatedJpeg(3);
      const videoBytes = await generatedMp4(2);
      const zip = await encodeLivePhoto({
        image: { name: imageName, blob: blobOf(imageBytes) },
        video: { name: videoName, blob: blobOf(videoBytes) },
      });

      expect(zip.type).toBe("application/zip");
      expect(await entryNamesOf(zip)).toEqual([imageEntry, videoEntry]);
      const { image, video } = await decodeLivePhoto(zip);
      expect(image.name).toBe(imageEntry);
      expect(video.name).toBe(videoEntry);
      expect(image.blob.type).toBe(imageType);
      expect(video.blob.type).toBe(videoType);
      expect(await holds(image.blob, imageBytes)).toBe(true);
      expect(await holds(video.blob, videoBytes)).toBe(true);
    },
  );

  it("stores the halves as they are (they are compressed already)", async () => {
    const imageBytes = await generatedJpeg(4);
    const videoBytes = await generatedMp4(2);
    const zip = await encodeLivePhoto({
      image: { name: "a.jpg", blob: blobOf(imageBytes) },
      video: { name: "a.mp4", blob: blobOf(videoBytes) },
    });
    // A stored entry costs its bytes plus headers of a few dozen bytes.
    expect(zip.size).toBeGreaterThan(imageBytes.length + videoBytes.length);
    expect(zip.size).toBeLessThan(imageBytes.length + videoBytes.length + 512);
  });

  it("opens in the viewer as a live photo with both halves", async () => {
    const imageBytes = await heicBytes();
    const videoBytes = await generatedMp4(2);
    const zip = await encodeLivePhoto({
      image: { name: "IMG_0001.HEIC", blob: blobOf(imageBytes) },
      video: { name: "IMG_0001.MOV", blob: blobOf(videoBytes) },
    });
    const opened = await openOriginal(
      {
        id: 7,
        metadata: { title: "IMG_0001.HEIC", creationTime: 0, fileType: FileType.livePhoto },
      },
      { blob: zip, head: (await bytesOf(zip)).slice(0, 4100) },
      { readCamera: false },
    );
    expect(opened.media.kind).toBe("live-photo");
    if (opened.media.kind !== "live-photo") return;
    expect(await holds(opened.media.image, imageBytes)).toBe(true);
    expect(await holds(opened.media.video, videoBytes)).toBe(true);
    expect(opened.livePhotoExtensions).toEqual({ image: "heic", video: "mov" });
  });

  it.each<[string, (jpeg: Uint8Array, mp4: Uint8Array) => Record<string, Uint8Array>]>([
    ["the reference client's entries", (jpeg, mp4) => ({ "image.jpeg": jpeg, "video.mov": mp4 })],
    [
      "entries named after the original files",
      (jpeg, mp4) => ({ "IMG_1.jpg": jpeg, "IMG_1.mp4": mp4 }),
    ],
    ["entries without extensions", (jpeg, mp4) => ({ first: jpeg, second: mp4 })],
    [
      "halves in a folder, beside a stray file",
      (jpeg, mp4) => ({
        "live/IMG_1.jpg": jpeg,
        "live/IMG_1.mp4": mp4,
        "live/notes": new TextEncoder().encode("a note"),
      }),
    ],
  ])("reads a zip with %s", async (_, entries) => {
    const jpeg = await generatedJpeg(5);
    const mp4 = await generatedMp4(2);
    const { image, video } = await decodeLivePhoto(await zipOf(entries(jpeg, mp4)));
    expect(await holds(image.blob, jpeg)).toBe(true);
    expect(await holds(video.blob, mp4)).toBe(true);
    expect(image.blob.type).toBe("image/jpeg");
    expect(video.blob.type).toMatch(/^video\//);
  });

  it.each<[string, (jpeg: Uint8Array, mp4: Uint8Array) => Record<string, Uint8Array>, string[]]>([
    ["an image alone", (jpeg) => ({ "image.jpg": jpeg }), ["video"]],
    ["a video alone", (_, mp4) => ({ "video.mp4": mp4 }), ["image"]],
    ["nothing", () => ({}), ["image", "video"]],
    [
      "two images and a video",
      (jpeg, mp4) => ({ "a.jpg": jpeg, "b.jpg": jpeg, "c.mp4": mp4 }),
      ["image"],
    ],
    [
      "an image and two videos",
      (jpeg, mp4) => ({ "image.jpg": jpeg, "a.mp4": mp4, "b.mov": mp4 }),
      ["video"],
    ],
    [
      "an image and a text file",
      (jpeg) => ({ "image.jpg": jpeg, "notes.txt": new TextEncoder().encode("hi") }),
      ["video"],
    ],
  ])("refuses a zip holding %s", async (_, entries, missing) => {
    const zip = await zipOf(entries(await generatedJpeg(6), await generatedMp4(2)));
    expect(await refusal(zip)).toEqual({
      reason: "wrong-parts",
      missing,
      name: "InvalidLivePhotoError",
    });
  });

  it("refuses bytes that are no zip", async () => {
    expect(await refusal(blobOf(await generatedJpeg(7)))).toEqual({
      reason: "unreadable-zip",
      missing: ["image", "video"],
      name: "InvalidLivePhotoError",
    });
  });
});

describe("livePhotoEntryKind", () => {
  const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0);
  const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom")]);
  const text = new TextEncoder().encode("hello");

  it.each<[string, Uint8Array, "image" | "video" | undefined]>([
    ["image.heic", text, "image"],
    ["video.MP", text, "video"],
    ["video", jpeg, "video"],
    ["IMG_1.JPG", text, "image"],
    ["IMG_1.mov", jpeg, "video"],
    ["folder/IMG_1.webp", text, "image"],
    ["part-1", jpeg, "image"],
    ["part-2", mp4, "video"],
    ["notes.txt", text, undefined],
    ["part-3", text, undefined],
  ])("%s is %s", (name, head, kind) => {
    expect(livePhotoEntryKind(name, head)).toBe(kind);
  });
});

describe("livePhotoEntryName", () => {
  it.each<[LivePhotoPartKind, string, string]>([
    ["image", "IMG_0001.HEIC", "image.heic"],
    ["video", "IMG_0001.MOV", "video.mov"],
    ["image", "PXL_1.MP.jpg", "image.jpg"],
    ["video", "PXL_1.MP", "video.mp"],
    ["video", "clip", "video"],
  ])("the %s %s is %s", (kind, name, entry) => {
    expect(livePhotoEntryName(kind, name)).toBe(entry);
  });
});
