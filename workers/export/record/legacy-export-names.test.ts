import { describe, expect, it } from "vitest";
import { videoExtensions } from "../../../shared/model/media/file-kinds";
import {
  isSingleFolderEntryName,
  lastPathSegment,
  legacyCollectionFolderName,
  legacyFileName,
  legacyLivePhotoParts,
} from "./legacy-export-names";

describe("legacy names", () => {
  it.each([
    [12, "Family/Kids", "12_Family_Kids"],
    [15, "Road trip: 2020", "15_Road_trip:_2020"],
    [3, "a  b", "3_a__b"],
  ])("collection %i %j had the folder %j", (id, name, folder) => {
    expect(legacyCollectionFolderName(id, name)).toBe(folder);
  });

  it("named a file after its ID and title", () => {
    expect(legacyFileName(104, "Beach day: sunset.png")).toBe("104_Beach_day:_sunset.png");
  });

  const isVideo = (extension: string): boolean => videoExtensions.has(extension.toLowerCase());

  it.each([
    {
      case: "image and video",
      title: "IMG_2.HEIC",
      names: ["5_IMG_2.heic", "5_IMG_2.MOV", "6_IMG_2.jpg", "5_IMG_2.heic.json"],
      parts: {
        image: { name: "5_IMG_2.heic", extension: "heic" },
        video: { name: "5_IMG_2.MOV", extension: "MOV" },
      },
    },
    {
      case: "a title without extension",
      title: "clip",
      names: ["5_clip.jpeg", "5_clip.mp4"],
      parts: {
        image: { name: "5_clip.jpeg", extension: "jpeg" },
        video: { name: "5_clip.mp4", extension: "mp4" },
      },
    },
    {
      case: "the video alone",
      title: "my photo.jpg",
      names: ["5_my_photo.mov", "5_my_photo"],
      parts: { video: { name: "5_my_photo.mov", extension: "mov" } },
    },
    { case: "nothing", title: "IMG_2.HEIC", names: ["55_IMG_2.heic"], parts: {} },
  ])("finds a live photo's parts: $case", ({ title, names, parts }) => {
    expect(legacyLivePhotoParts(5, title, names, isVideo)).toEqual(parts);
  });
});

describe("lastPathSegment", () => {
  it.each([
    ["/home/ada/Pictures/ente Photos/Summer 2019", "Summer 2019"],
    ["C:\\Users\\ada\\ente Photos/Summer 2019", "Summer 2019"],
    ["C:\\Users\\ada\\ente Photos\\Trip(2)", "Trip(2)"],
    ["Family_Kids", "Family_Kids"],
    ["/a/Trip/", "Trip"],
    ["", ""],
    ["/", ""],
  ])("of %j is %j", (path, name) => {
    expect(lastPathSegment(path)).toBe(name);
  });

  it.each([
    ["Trip", true],
    ["", false],
    [".", false],
    ["..", false],
    ["a/b", false],
    ["a\\b", false],
  ])("%j names one folder entry: %s", (name, single) => {
    expect(isSingleFolderEntryName(name)).toBe(single);
  });
});
