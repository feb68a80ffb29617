import { describe, expect, it } from "vitest";
import { FileType } from "../../../../shared/model/library/file-metadata";
import type { OriginalMedia } from "../../../../workers/gallery/gallery-contract";
import {
  copyableImageOf,
  isCopyableFileType,
  outcomeOfWriteError,
  type CopyImageOutcome,
} from "./copy-image";

describe("isCopyableFileType", () => {
  it.each([
    [FileType.image, true],
    [FileType.livePhoto, true],
    [FileType.video, false],
    [FileType.others, false],
  ])("file type %s → %s", (fileType, expected) => {
    expect(isCopyableFileType(fileType)).toBe(expected);
  });
});

describe("copyableImageOf", () => {
  const image = new Blob(["jpeg"], { type: "image/jpeg" });
  const video = new Blob(["mov"], { type: "video/quicktime" });
  it.each<[string, OriginalMedia, Blob | undefined]>([
    ["an image: the image shown", { fileID: 1, kind: "image", blob: image }, image],
    ["a live photo: its still", { fileID: 2, kind: "live-photo", image, video }, image],
    ["a video: nothing", { fileID: 3, kind: "video", blob: video }, undefined],
    ["another file: nothing", { fileID: 4, kind: "other", blob: video }, undefined],
  ])("%s", (_name, media, expected) => {
    expect(copyableImageOf(media)).toBe(expected);
  });
});

describe("outcomeOfWriteError", () => {
  it.each<[string, unknown, CopyImageOutcome]>([
    [
      "permission denied",
      new DOMException("Write permission denied.", "NotAllowedError"),
      "refused",
    ],
    ["a policy forbids it", new DOMException("Blocked", "SecurityError"), "refused"],
    ["the image could not be read", new DOMException("Bad image", "DataError"), "failed"],
    ["any other error", new TypeError("oops"), "failed"],
    ["not an error at all", "no", "failed"],
  ])("%s → %s", (_name, error, expected) => {
    expect(outcomeOfWriteError(error)).toBe(expected);
  });
});
