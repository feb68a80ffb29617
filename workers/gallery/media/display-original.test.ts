import { describe, expect, it } from "vitest";
import type { OriginalMedia } from "../gallery-contract";
import { displayVersionOf } from "./display-original";
import type { OpenedOriginal } from "./open-original";

const typed = (text: string, type: string) => new Blob([text], { type });

const opened = (media: OriginalMedia, imageExtension?: string): OpenedOriginal => ({
  media,
  sizeBytes: 1,
  ...(imageExtension === undefined
    ? {}
    : { livePhotoExtensions: { image: imageExtension, video: "mov" } }),
});

/** A converter that records what it was given and answers a JPEG of 6 bytes. */
const recording = () => {
  const given: string[] = [];
  const convert = (image: Blob, fileName: string) => {
    given.push(`${image.type} ${fileName}`);
    return Promise.resolve(typed("jpeg!!", "image/jpeg"));
  };
  return { given, convert };
};

describe("displayVersionOf", () => {
  it.each<[string, OpenedOriginal, string, string[]]>([
    [
      "a HEIC",
      opened({ fileID: 1, kind: "image", blob: typed("h", "image/heic") }),
      "a.heic",
      ["image/heic a.heic"],
    ],
    [
      "a TIFF",
      opened({ fileID: 1, kind: "image", blob: typed("t", "image/tiff") }),
      "scan.tif",
      ["image/tiff scan.tif"],
    ],
    [
      "an untyped CR3, by its title",
      opened({ fileID: 1, kind: "image", blob: typed("r", "application/octet-stream") }),
      "IMG_1.CR3",
      ["application/octet-stream IMG_1.CR3"],
    ],
    [
      "a live photo's HEIC, by its entry's extension",
      opened(
        {
          fileID: 1,
          kind: "live-photo",
          image: typed("h", "image/heic"),
          video: typed("vvvv", "video/quicktime"),
        },
        "heic",
      ),
      "IMG_2",
      ["image/heic image.heic"],
    ],
  ])("converts %s", async (_what, original, title, expectedGiven) => {
    const { given, convert } = recording();
    const shown = await displayVersionOf(original, title, convert);
    expect(given).toEqual(expectedGiven);
    const image =
      shown?.media.kind === "image"
        ? shown.media.blob
        : shown?.media.kind === "live-photo"
          ? shown.media.image
          : undefined;
    expect(image?.type).toBe("image/jpeg");
    // Its cost: the JPEG, and a live photo's video beside it.
    expect(shown?.sizeBytes).toBe(original.media.kind === "live-photo" ? 6 + 4 : 6);
    if (shown?.media.kind === "live-photo" && original.media.kind === "live-photo") {
      expect(shown.media.video).toBe(original.media.video);
    }
  });

  it.each<[string, OpenedOriginal, string]>([
    ["a JPEG", opened({ fileID: 1, kind: "image", blob: typed("j", "image/jpeg") }), "a.jpg"],
    [
      "a JPEG named .heic",
      opened({ fileID: 1, kind: "image", blob: typed("j", "image/jpeg") }),
      "a.heic",
    ],
    [
      "a live photo's JPEG",
      opened(
        {
          fileID: 1,
          kind: "live-photo",
          image: typed("j", "image/jpeg"),
          video: typed("v", "video/mp4"),
        },
        "jpg",
      ),
      "IMG_3.HEIC",
    ],
    ["a video", opened({ fileID: 1, kind: "video", blob: typed("v", "video/mp4") }), "clip.heic"],
    ["another file", opened({ fileID: 1, kind: "other", blob: typed("p", "") }), "poster.psd"],
  ])("shows %s as it is", async (_what, original, title) => {
    const { given, convert } = recording();
    expect(await displayVersionOf(original, title, convert)).toBeUndefined();
    expect(given).toEqual([]);
  });

  it("rejects with the converter's failure", async () => {
    const failure = new Error("file conversion failed");
    const original = opened({ fileID: 1, kind: "image", blob: typed("h", "image/heic") });
    await expect(displayVersionOf(original, "a.heic", () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
  });
});
