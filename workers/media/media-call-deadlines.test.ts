import { describe, expect, it } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import {
  displayImageDeadlineMs,
  factsBatchDeadlineMs,
  factsDeadlineMs,
  imageFactsDeadlineMs,
  imageFactsInBatchMs,
  thumbnailDeadlineMs,
  videoFactsBaseMs,
  videoFactsInBatchMs,
  videoThumbnailBaseMs,
} from "./media-call-deadlines";

const MiB = 1024 * 1024;

describe("media call deadlines", () => {
  it.each([
    ["IMG_0001.JPG", 4 * MiB, imageFactsDeadlineMs],
    ["IMG_0002.heic", 2 * MiB, imageFactsDeadlineMs],
    ["scan.tiff", 300 * MiB, imageFactsDeadlineMs],
    ["clip.mp4", 0, videoFactsBaseMs],
    ["clip.MOV", 100 * MiB, videoFactsBaseMs + 10_000],
    ["long.mkv", 2048 * MiB, videoFactsBaseMs + 204_800],
    // Not an image's name: it may be a video, so it gets a video's time.
    ["DSC_0001.NEF", 0, videoFactsBaseMs],
    ["untitled", 10 * MiB, videoFactsBaseMs + 1000],
  ])("facts of %s (%d bytes) → %d ms", (name, sizeBytes, expectedMs) => {
    expect(factsDeadlineMs({ name, sizeBytes })).toBe(expectedMs);
  });

  it.each([
    [FileType.image, 0, 30_000],
    [FileType.image, 4 * MiB, 32_000],
    [FileType.image, 100 * MiB, 80_000],
    [FileType.video, 0, videoThumbnailBaseMs],
    [FileType.video, 1024 * MiB, videoThumbnailBaseMs + 102_400],
  ])("thumbnail of a file of type %d and %d bytes → %d ms", (fileType, sizeBytes, expectedMs) => {
    expect(thumbnailDeadlineMs(fileType, sizeBytes)).toBe(expectedMs);
  });

  it("gives the viewer's conversion an image's deadline, growing with the file", () => {
    expect(displayImageDeadlineMs(2 * MiB)).toBe(31_000);
    expect(displayImageDeadlineMs(60 * MiB)).toBe(60_000);
    expect(displayImageDeadlineMs(3 * MiB + 1)).toBeGreaterThan(displayImageDeadlineMs(3 * MiB));
  });

  it("leaves a video thumbnail more than the processor's own timeouts add up to", () => {
    // Two frame attempts of 60 s, a probe of 30 s and two re-encodes of 10 s.
    expect(videoThumbnailBaseMs).toBeGreaterThan(2 * 60_000 + 30_000 + 2 * 10_000);
    expect(videoFactsBaseMs).toBeGreaterThan(30_000);
  });

  it.each([
    ["one photo", [["a.jpg", MiB]], imageFactsDeadlineMs],
    [
      "three photos",
      [
        ["a.jpg", MiB],
        ["b.jpg", MiB],
        ["c.heic", MiB],
      ],
      imageFactsDeadlineMs + 2 * imageFactsInBatchMs,
    ],
    [
      "a video and two photos: the video's own, and the photos' shares",
      [
        ["a.jpg", MiB],
        ["clip.mp4", 100 * MiB],
        ["b.jpg", MiB],
      ],
      videoFactsBaseMs + 10_000 + 2 * imageFactsInBatchMs,
    ],
    [
      "two videos: the longer one's own, the other's share",
      [
        ["short.mp4", MiB],
        ["long.mov", 100 * MiB],
      ],
      videoFactsBaseMs + 10_000 + videoFactsInBatchMs,
    ],
  ] as const)("facts of a batch: %s", (_, parts, expectedMs) => {
    expect(factsBatchDeadlineMs(parts.map(([name, sizeBytes]) => ({ name, sizeBytes })))).toBe(
      expectedMs,
    );
  });
});
