import { describe, expect, it } from "vitest";
import { UniqueNames, livePhotoPartName, safeFileName, zipFileName } from "./download-names";

describe("UniqueNames", () => {
  it("suffixes clashes before the extension, ignoring case", () => {
    const names = new UniqueNames();
    expect(
      ["a.jpg", "a.jpg", "A.JPG", "a(1).jpg", "b", "b", "a.png", ".profile", ".profile"].map(
        (name) => names.claim(name),
      ),
    ).toEqual([
      "a.jpg",
      "a(1).jpg",
      "A(2).JPG",
      "a(1)(1).jpg",
      "b",
      "b(1)",
      "a.png",
      ".profile",
      ".profile(1)",
    ]);
  });
});

describe("safeFileName", () => {
  it.each([
    ["holiday.jpg", "holiday.jpg"],
    ["../../etc/passwd", ".._.._etc_passwd"],
    ["a\\b.jpg", "a_b.jpg"],
    ["tab\there", "tab_here"],
    ["  ", "file"],
    ["..", "file"],
  ])("%j becomes %j", (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });
});

describe("livePhotoPartName", () => {
  it.each([
    ["IMG_0001.HEIC", "heic", "IMG_0001.heic"],
    ["IMG_0001.HEIC", "mov", "IMG_0001.mov"],
    ["Sunset", "jpg", "Sunset.jpg"],
    ["Sunset.zip", "", "Sunset"],
  ])("%s with %s is %s", (title, extension, expected) => {
    expect(livePhotoPartName(title, extension)).toBe(expected);
  });
});

describe("zipFileName", () => {
  const nowMs = new Date(2024, 2, 5, 23, 30).getTime();
  it.each([
    [undefined, "Cairn-2024-03-05.zip"],
    ["", "Cairn-2024-03-05.zip"],
    ["Lisbon trip", "Lisbon trip.zip"],
    ["Scans/2024", "Scans_2024.zip"],
    ["backup.zip", "backup.zip"],
  ])("album %j gives %s", (albumName, expected) => {
    expect(zipFileName(nowMs, albumName)).toBe(expected);
  });
});
