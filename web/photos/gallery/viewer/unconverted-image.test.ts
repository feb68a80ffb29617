import { describe, expect, it } from "vitest";
import type { OriginalMedia } from "../../../../workers/gallery/gallery-contract";
import { isUnconvertedImage } from "./unconverted-image";

const typed = (type: string) => new Blob([new Uint8Array(4)], { type });

describe("isUnconvertedImage", () => {
  it.each<[string, OriginalMedia, string, boolean]>([
    [
      "a converted HEIC (a JPEG now)",
      { fileID: 1, kind: "image", blob: typed("image/jpeg") },
      "IMG_0001.HEIC",
      false,
    ],
    [
      "a HEIC left as it was",
      { fileID: 1, kind: "image", blob: typed("image/heic") },
      "IMG_0001.HEIC",
      true,
    ],
    [
      "a TIFF left as it was",
      { fileID: 1, kind: "image", blob: typed("image/tiff") },
      "scan.tif",
      true,
    ],
    [
      "an untyped RAW left as it was",
      { fileID: 1, kind: "image", blob: typed("application/octet-stream") },
      "IMG_0002.CR3",
      true,
    ],
    ["a PNG", { fileID: 1, kind: "image", blob: typed("image/png") }, "screen.png", false],
    [
      "a live photo whose HEIC was converted",
      {
        fileID: 1,
        kind: "live-photo",
        image: typed("image/jpeg"),
        video: typed("video/quicktime"),
      },
      "IMG_0003.HEIC",
      false,
    ],
    [
      "a live photo whose HEIC was not",
      {
        fileID: 1,
        kind: "live-photo",
        image: typed("image/heic"),
        video: typed("video/quicktime"),
      },
      "IMG_0003.HEIC",
      true,
    ],
    ["a video", { fileID: 1, kind: "video", blob: typed("video/mp4") }, "clip.heic", false],
    ["another file", { fileID: 1, kind: "other", blob: typed("") }, "poster.psd", false],
  ])("%s → %j", (_what, media, title, expected) => {
    expect(isUnconvertedImage(media, title)).toBe(expected);
  });
});
