import { describe, expect, it } from "vitest";
import { FileType } from "../library/file-metadata";
import {
  clusterLivePhotos,
  fileContentHash,
  livePhotoIdentity,
  maxLivePhotoPartBytes,
  maxLivePhotoTimeGapUs,
  type LivePhotoCandidate,
} from "./live-photo-pairing";

const videoExtensions = /\.(mov|mp4|mp)$/i;

let nextID = 0;
/** A candidate named `name`: a video when its extension is a video's, else an image. */
const file = (name: string, fields: Partial<LivePhotoCandidate> = {}): LivePhotoCandidate => ({
  id: nextID++,
  name,
  relativeFolder: "",
  fileType: videoExtensions.test(name) ? FileType.video : FileType.image,
  sizeBytes: 2_000_000,
  hasTakeoutMetadata: false,
  ...fields,
});

/** The pairs made, as [image name, video name]. */
const pairedNames = (candidates: LivePhotoCandidate[]) =>
  clusterLivePhotos(candidates).livePhotos.map(({ image, video }) => [image.name, video.name]);

describe("clusterLivePhotos", () => {
  it.each([
    ["iPhone", "IMG_0001.HEIC", "IMG_0001.MOV"],
    ["iPhone JPEG", "IMG_0001.JPG", "IMG_0001.MOV"],
    ["iPhone edit", "IMG_E0001.HEIC", "IMG_E0001.MOV"],
    ["names in other cases", "img_0001.heic", "IMG_0001.MOV"],
    ["Google", "IMG_20210630_0001.jpg", "IMG_20210630_0001.MP4"],
    ["Google's image of a video", "IMG_20210630_0001.mp4.jpg", "IMG_20210630_0001.mp4"],
    [
      "Pixel, video without extension",
      "PXL_20230101_123456789.MP.jpg",
      "PXL_20230101_123456789.MP",
    ],
    ["Pixel, video .MP.mp4", "PXL_20230101_123456789.MP.jpg", "PXL_20230101_123456789.MP.mp4"],
    ["Pixel, video .mp4", "PXL_20230101_123456789.MP.jpg", "PXL_20230101_123456789.mp4"],
    ["icloudpd", "IMG_0001.HEIC", "IMG_0001_HEVC.MOV"],
    ["icloudpd, misspelt", "IMG_0001.HEIC", "IMG_0001_HVEC.MOV"],
    ["a Photos library", "6F1C2A7E-91B4-4D0B.heic", "6F1C2A7E-91B4-4D0B_3.mov"],
    ["vivo", "IMG_20240101_101010.jpg", "IMG_20240101_101010.mp4"],
    ["a name ending in _3 on both", "Party_3.jpg", "Party_3.mov"],
    ["decomposed and composed accents", "Fe\u0302te.heic", "F\u00eate.mov"],
  ])("pairs %s: %s + %s", (_, imageName, videoName) => {
    expect(pairedNames([file(imageName), file(videoName)])).toEqual([[imageName, videoName]]);
  });

  it.each([
    ["different names", ["IMG_0001.HEIC", "IMG_0002.MOV"]],
    ["a mark on the image that only videos carry", ["trip_3.jpg", "trip.mov"]],
    ["an edited copy and the original's video", ["IMG_0001-edited.jpg", "IMG_0001.mov"]],
    ["two images and one video", ["IMG_0001.HEIC", "IMG_0001.JPG", "IMG_0001.MOV"]],
    ["one image and two videos", ["IMG_0001.HEIC", "IMG_0001.MOV", "IMG_0001.MP4"]],
    [
      "a video under its marked and its plain name",
      ["IMG_0001.HEIC", "IMG_0001.MOV", "IMG_0001_HEVC.MOV"],
    ],
    ["two images", ["IMG_0001.HEIC", "IMG_0001.jpeg"]],
    ["two videos", ["IMG_0001.mp4", "IMG_0001.MOV"]],
  ])("keeps single: %s", (_, names) => {
    const candidates = names.map((name) => file(name));
    const { livePhotos, singles } = clusterLivePhotos(candidates);
    expect(livePhotos).toEqual([]);
    expect(singles).toEqual(candidates);
  });

  it("pairs within a folder and an album only", () => {
    expect(
      pairedNames([
        file("IMG_0001.HEIC", { relativeFolder: "Trip" }),
        file("IMG_0001.MOV", { relativeFolder: "Home" }),
        file("IMG_0002.HEIC", { relativeFolder: "Trip", albumKey: "Trip" }),
        file("IMG_0002.MOV", { relativeFolder: "Trip", albumKey: "All" }),
        file("IMG_0003.HEIC", { relativeFolder: "Trip/Day 1" }),
        file("IMG_0003.MOV", { relativeFolder: "Trip/Day 1" }),
      ]),
    ).toEqual([["IMG_0003.HEIC", "IMG_0003.MOV"]]);
  });

  it.each([
    ["both at the limit", maxLivePhotoPartBytes, maxLivePhotoPartBytes, true],
    ["an image over the limit", maxLivePhotoPartBytes + 1, 3_000_000, false],
    ["a video over the limit", 3_000_000, maxLivePhotoPartBytes + 1, false],
    ["an empty video", 3_000_000, 0, false],
    ["an empty image", 0, 3_000_000, false],
  ])("sizes: %s → paired %s", (_, imageBytes, videoBytes, paired) => {
    const candidates = [
      file("IMG_0001.HEIC", { sizeBytes: imageBytes }),
      file("IMG_0001.MOV", { sizeBytes: videoBytes }),
    ];
    expect(clusterLivePhotos(candidates).livePhotos).toHaveLength(paired ? 1 : 0);
  });

  const t0 = 1_700_000_000_000_000;
  it.each<[string, Partial<LivePhotoCandidate>, Partial<LivePhotoCandidate>, boolean]>([
    ["the same second", { creationTimeUs: t0 }, { creationTimeUs: t0 + 1_000_000 }, true],
    ["a day apart", { creationTimeUs: t0 }, { creationTimeUs: t0 + maxLivePhotoTimeGapUs }, true],
    [
      "more than a day apart",
      { creationTimeUs: t0 },
      { creationTimeUs: t0 - maxLivePhotoTimeGapUs - 1 },
      false,
    ],
    ["a time on one side only", { creationTimeUs: t0 }, {}, true],
    ["no times", {}, {}, true],
    [
      "far apart, only the image with a sidecar",
      { creationTimeUs: t0, hasTakeoutMetadata: true },
      { creationTimeUs: t0 + 10 * maxLivePhotoTimeGapUs },
      true,
    ],
    [
      "far apart, only the video with a sidecar",
      { creationTimeUs: t0 },
      { creationTimeUs: t0 + 10 * maxLivePhotoTimeGapUs, hasTakeoutMetadata: true },
      true,
    ],
    [
      "far apart, both with sidecars",
      { creationTimeUs: t0, hasTakeoutMetadata: true },
      { creationTimeUs: t0 + 10 * maxLivePhotoTimeGapUs, hasTakeoutMetadata: true },
      false,
    ],
  ])("times: %s → paired %s", (_, imageFields, videoFields, paired) => {
    const candidates = [file("IMG_0001.HEIC", imageFields), file("IMG_0001.MOV", videoFields)];
    expect(clusterLivePhotos(candidates).livePhotos).toHaveLength(paired ? 1 : 0);
  });

  it("answers the caller's candidates: pairs in the order of their first half, singles in input order", () => {
    const candidates = [
      file("IMG_0002.MOV"),
      file("notes.png"),
      file("IMG_0001.HEIC"),
      file("IMG_0002.HEIC"),
      file("clip.mp4"),
      file("IMG_0001.MOV"),
    ];
    const [video2, notes, image1, image2, clip, video1] = candidates;
    expect(clusterLivePhotos(candidates)).toEqual({
      livePhotos: [
        { image: image2, video: video2 },
        { image: image1, video: video1 },
      ],
      singles: [notes, clip],
    });
  });

  it("pairs a phone backup of 10,000 files", () => {
    const candidates = Array.from({ length: 5_000 }, (_, index) => {
      const name = `IMG_${String(index).padStart(5, "0")}`;
      return [file(`${name}.HEIC`), file(`${name}.MOV`)];
    }).flat();
    const { livePhotos, singles } = clusterLivePhotos(candidates);
    expect(livePhotos).toHaveLength(5_000);
    expect(singles).toEqual([]);
    expect(livePhotos[4_321]?.image.name).toBe("IMG_04321.HEIC");
    expect(livePhotos[4_321]?.video.name).toBe("IMG_04321.MOV");
  });
});

describe("livePhotoIdentity", () => {
  it("names the live photo after its image and joins the halves' hashes", () => {
    expect(
      livePhotoIdentity({ imageName: "IMG_0001.HEIC", imageHash: "aW1n", videoHash: "dmlk" }),
    ).toEqual({
      title: "IMG_0001.HEIC",
      fileType: FileType.livePhoto,
      hash: "aW1n:dmlk",
      imageHash: "aW1n",
      videoHash: "dmlk",
    });
  });
});

describe("fileContentHash", () => {
  it.each([
    ["a photo's hash", { fileType: FileType.image, hash: "aGFzaA==" }, "aGFzaA=="],
    [
      "a live photo's hash",
      { fileType: FileType.livePhoto, hash: "aW1n:dmlk", imageHash: "aW1n", videoHash: "dmlk" },
      "aW1n:dmlk",
    ],
    [
      "an older live photo's halves",
      { fileType: FileType.livePhoto, imageHash: "aW1n", videoHash: "dmlk" },
      "aW1n:dmlk",
    ],
    [
      "an older live photo with one half's hash",
      { fileType: FileType.livePhoto, imageHash: "aW1n" },
      undefined,
    ],
    [
      "halves' hashes on a photo",
      { fileType: FileType.image, imageHash: "aW1n", videoHash: "dmlk" },
      undefined,
    ],
    ["no hash", { fileType: FileType.video }, undefined],
    ["an empty hash", { fileType: FileType.video, hash: "" }, undefined],
  ])("%s", (_, metadata, expected) => {
    expect(fileContentHash(metadata)).toBe(expected);
  });
});
