import { describe, expect, it } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import type { MediaFacts } from "../upload/upload-run";
import { fixtureBytes } from "./image/test-support/images";
import { typeOnlyFacts } from "./upload-media";

const mp4Head = Uint8Array.of(
  ...[0x00, 0x00, 0x00, 0x18],
  ...new TextEncoder().encode("ftypmp42"),
  ...[0x00, 0x00, 0x00, 0x00],
  ...new TextEncoder().encode("mp42isom"),
);

describe("typeOnlyFacts", () => {
  it.each<[string, () => Promise<Uint8Array<ArrayBuffer>>, string, MediaFacts]>([
    [
      "a phone photo (its EXIF left unread)",
      () => fixtureBytes("IMG_20180725_163423-tiny.jpg"),
      "IMG_1.jpg",
      { kind: "media", fileType: FileType.image, mimeType: "image/jpeg", embedded: {} },
    ],
    [
      "a HEIC named as a JPEG",
      () => fixtureBytes("heic-iphone7.heic"),
      "IMG_2.JPG",
      { kind: "media", fileType: FileType.image, mimeType: "image/heic", embedded: {} },
    ],
    [
      "a video (its container left unread)",
      () => Promise.resolve(new Uint8Array([...mp4Head, ...new Uint8Array(4000)])),
      "clip.mp4",
      { kind: "media", fileType: FileType.video, mimeType: "video/mp4", embedded: {} },
    ],
    [
      "a text file",
      () => Promise.resolve(new TextEncoder().encode("not a photo")),
      "notes.txt",
      { kind: "unsupported" },
    ],
    [
      "an empty file",
      () => Promise.resolve(new Uint8Array(0)),
      "empty.jpg",
      { kind: "unsupported" },
    ],
  ])("%s", async (_what, bytes, name, expected) => {
    expect(await typeOnlyFacts({ blob: new Blob([await bytes()]), name })).toEqual(expected);
  });
});
