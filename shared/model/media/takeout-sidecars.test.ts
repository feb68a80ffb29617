import { describe, expect, it } from "vitest";
import {
  isTakeoutSidecarName,
  matchTakeoutSidecars,
  mediaFileKey,
  parseTakeoutSidecar,
  parseTakeoutSidecarText,
  type TakeoutMetadata,
} from "./takeout-sidecars";

/** A sidecar as Google Takeout writes it (values from a real export's shape). */
const realSidecar = {
  title: "IMG_20200920_131207.jpg",
  description: "",
  imageViews: "9",
  creationTime: { timestamp: "1600598769", formatted: "Sep 20, 2020, 10:46:09 AM UTC" },
  photoTakenTime: { timestamp: "1600596727", formatted: "Sep 20, 2020, 10:12:07 AM UTC" },
  geoData: {
    latitude: 55.269422999999996,
    longitude: 37.665591,
    altitude: 214.492,
    latitudeSpan: 0.0,
    longitudeSpan: 0.0,
  },
  geoDataExif: {
    latitude: 55.26,
    longitude: 37.66,
    altitude: 214.492,
    latitudeSpan: 0.0,
    longitudeSpan: 0.0,
  },
  people: [{ name: "Дочь" }],
  url: "https://photos.google.com/photo/AF1QipOyLtYKtmMPyLhse9O8lOcWmb6LND5",
  googlePhotosOrigin: {
    mobileUpload: { deviceFolder: { localFolderName: "" }, deviceType: "ANDROID_PHONE" },
  },
};

describe("parseTakeoutSidecar", () => {
  it("reads the capture time, the location as last set, and no caption from an empty description", () => {
    expect(parseTakeoutSidecar(realSidecar)).toEqual({
      creationTimeUs: 1_600_596_727_000_000,
      latitude: 55.269422999999996,
      longitude: 37.665591,
    });
  });

  it.each<[string, Record<string, unknown>, TakeoutMetadata]>([
    [
      "upload time when the capture time is missing",
      { creationTime: { timestamp: "1600598769" } },
      { creationTimeUs: 1_600_598_769_000_000 },
    ],
    [
      "a numeric timestamp (other tools' exports), fraction dropped",
      { photoTakenTime: { timestamp: 1_600_596_727.9 } },
      { creationTimeUs: 1_600_596_727_000_000 },
    ],
    [
      "a timestamp before 1970 (a scanned photo dated by hand)",
      { photoTakenTime: { timestamp: "-315619200" } },
      { creationTimeUs: -315_619_200_000_000 },
    ],
    [
      "the modification time",
      {
        photoTakenTime: { timestamp: "1600596727" },
        modificationTime: { timestamp: "1600598800" },
      },
      { creationTimeUs: 1_600_596_727_000_000, modificationTimeUs: 1_600_598_800_000_000 },
    ],
    [
      "the camera's location when the edited one is Google's 0, 0",
      {
        geoData: { latitude: 0, longitude: 0, altitude: 0 },
        geoDataExif: { latitude: -33.8688, longitude: 151.2093, altitude: 12 },
      },
      { latitude: -33.8688, longitude: 151.2093 },
    ],
    [
      "a description as the caption",
      { photoTakenTime: { timestamp: "1600596727" }, description: "Birthday cake" },
      { creationTimeUs: 1_600_596_727_000_000, caption: "Birthday cake" },
    ],
    [
      "a caption field (Ente-compatible exports)",
      { creationTime: { timestamp: 1_600_596_727 }, caption: "Lake" },
      { creationTimeUs: 1_600_596_727_000_000, caption: "Lake" },
    ],
    [
      "a location on the equator (latitude 0 alone is a real place)",
      { geoData: { latitude: 0, longitude: 32.58 } },
      { latitude: 0, longitude: 32.58 },
    ],
  ])("reads %s", (_, json, expected) => {
    expect(parseTakeoutSidecar(json)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, TakeoutMetadata]>([
    [
      "a timestamp that is not a number",
      {
        photoTakenTime: { timestamp: "yesterday" },
        creationTime: { timestamp: "1600598769" },
      },
      { creationTimeUs: 1_600_598_769_000_000 },
    ],
    ["a zero timestamp", { photoTakenTime: { timestamp: "0" } }, {}],
    ["a timestamp of the wrong type", { photoTakenTime: { timestamp: true } }, {}],
    ["a time that is not an object", { photoTakenTime: "1600596727" }, {}],
    ["0, 0 everywhere", { geoData: { latitude: 0, longitude: 0 } }, {}],
    ["a latitude out of range", { geoData: { latitude: 91, longitude: 10 } }, {}],
    ["a longitude out of range", { geoDataExif: { latitude: 10, longitude: -181 } }, {}],
    ["string coordinates", { geoData: { latitude: "48.85", longitude: "2.35" } }, {}],
    ["one coordinate", { geoData: { latitude: 48.85 } }, {}],
    ["a blank description", { geoData: null, description: "   " }, {}],
    ["a description that is not text", { geoData: null, description: 42 }, {}],
  ])("ignores %s and keeps the rest", (_, json, expected) => {
    expect(parseTakeoutSidecar(json)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    [
      "an album's metadata.json",
      { title: "Chair yoga", description: "Mornings", access: "protected", date: {} },
    ],
    ["a package.json", { name: "cairn", description: "A photo cloud", version: "1.0.0" }],
    ["an array", [realSidecar]],
    ["null", null],
    ["a number", 1_600_596_727],
    ["a string", "photoTakenTime"],
  ])("gives nothing for %s", (_, json) => {
    expect(parseTakeoutSidecar(json)).toBeUndefined();
  });

  it("reads a file's text, with or without a byte order mark, and refuses text that is not JSON", () => {
    const text = JSON.stringify(realSidecar);
    expect(parseTakeoutSidecarText(text)?.creationTimeUs).toBe(1_600_596_727_000_000);
    expect(parseTakeoutSidecarText(`\uFEFF${text}`)?.creationTimeUs).toBe(1_600_596_727_000_000);
    expect(parseTakeoutSidecarText(text.slice(0, 40))).toBeUndefined();
    expect(parseTakeoutSidecarText("")).toBeUndefined();
  });
});

describe("isTakeoutSidecarName", () => {
  it.each([
    ["IMG_1234.jpg.json", true],
    ["IMG_1234.jpg.supplemental-metadata(1).json", true],
    ["metadata.JSON", true],
    ["IMG_1234.jpg", false],
    ["notes.json.txt", false],
  ])("%s → %s", (name, expected) => {
    expect(isTakeoutSidecarName(name)).toBe(expected);
  });
});

describe("matchTakeoutSidecars", () => {
  /** Whether `mediaName` takes the metadata of `sidecarName` when both are in one folder. */
  const takes = (mediaName: string, sidecarName: string): boolean => {
    const metadata = { caption: sidecarName };
    const matched = matchTakeoutSidecars(
      [{ relativeFolder: "Photos from 2024", name: mediaName }],
      [{ relativeFolder: "Photos from 2024", name: sidecarName, metadata }],
    );
    return matched.get(mediaFileKey("Photos from 2024", mediaName)) === metadata;
  };

  it.each([
    // The full name, older and newer exports.
    ["IMG20210211174722.jpg", "IMG20210211174722.jpg.json"],
    ["IMG_1159.HEIC", "IMG_1159.HEIC.supplemental-metadata.json"],
    ["VID_20200930_155021.mp4", "VID_20200930_155021.mp4.supplemental-metadata.json"],
    ["Привет мир.jpg", "Привет мир.jpg.supplemental-metadata.json"],
    // Cut to 46 characters before `.json`.
    ["PXL_20241231_151646544.MP.jpg", "PXL_20241231_151646544.MP.jpg.supplemental-met.json"],
    [
      "PXL_20240506_142610305.LONG_EXPOSURE-01.COVER.jpg",
      "PXL_20240506_142610305.LONG_EXPOSURE-01.COVER..json",
    ],
    [
      "PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg",
      "PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg..json",
    ],
    [
      "21345678901234567890123456789012345678901234567.png",
      "2134567890123456789012345678901234567890123456.json",
    ],
    [
      "Screenshot_2024-01-14-14-13-33-16_948cd9899890cbd5c2798760b2b95377.jpg",
      "Screenshot_2024-01-14-14-13-33-16_948cd9899890.json",
    ],
    // Cut to 47 characters.
    [
      "213456789012345678901234567890123456789012345678.png",
      "21345678901234567890123456789012345678901234567.json",
    ],
    // A numbered copy: the number moves to the end, after the cut.
    ["IMG20210211174722(1).jpg", "IMG20210211174722.jpg(1).json"],
    ["IMG2021021(4455)74722(1).jpg", "IMG2021021(4455)74722.jpg(1).json"],
    ["IMG2021021.json74722(1).jpg", "IMG2021021.json74722.jpg(1).json"],
    ["IMG2021021(1)74722(1).jpg", "IMG2021021(1)74722.jpg(1).json"],
    ["image(2).png", "image.png.supplemental-metadata(2).json"],
    [
      "PXL_20240827_094331806.PORTRAIT(1).jpg",
      "PXL_20240827_094331806.PORTRAIT.jpg.supplement(1).json",
    ],
    // A number left in place.
    ["skytree (2).jpg", "skytree (2).jpg.supplemental-metadata.json"],
    // Edited copies take their original's.
    ["IMG20210211125718-edited.jpg", "IMG20210211125718.jpg.json"],
    ["IMG_20200920_131207-edited.jpg", "IMG_20200920_131207.jpg.supplemental-metadata.json"],
    ["20220322_205147-edited(1).jpg", "20220322_205147.jpg.supplemental-metadata(1).json"],
    ["urlaub-bearbeitet.jpg", "urlaub.jpg.supplemental-metadata.json"],
    ["photo-modifié.jpg", "photo.jpg.json"],
    ["foto-ha editado.jpg", "foto.jpg.json"],
    // Tilde copies fall back to their original's.
    ["IMG20240221145914~2.jpg", "IMG20240221145914.jpg.supplemental-metadata.json"],
    ["IMG20240221145914~3.jpg", "IMG20240221145914~3.jpg.supplemental-metadata.json"],
    // A decomposed accent (macOS) matches a composed one.
    ["cafe\u0301.jpg", "caf\u00e9.jpg.json"],
  ])("%s takes %s", (mediaName, sidecarName) => {
    expect(takes(mediaName, sidecarName)).toBe(true);
  });

  it.each([
    // A numbered copy is another photo: not its namesake's sidecar.
    ["IMG_1234(1).jpg", "IMG_1234.jpg.json"],
    ["IMG_1234(1).jpg", "IMG_1234.jpg.supplemental-metadata.json"],
    ["IMG_1234.jpg", "IMG_1234.jpg(1).json"],
    // Another file's.
    ["IMG_1234.jpg", "IMG_1235.jpg.json"],
    ["IMG_1234.HEIC", "IMG_1234.jpg.supplemental-metadata.json"],
    // A short name is never cut, so a shorter sidecar is not its own.
    ["IMG_1234.jpg", "IMG_1234.json"],
    ["IMG_1234.jpg", "IMG_12.json"],
    ["IMG_1234.jpg", "IMG_1234.jpg.suppl.json"],
    // The album's own metadata.
    ["metadata.jpg", "metadata.json"],
    // Not a JSON file.
    ["IMG_1234.jpg", "IMG_1234.jpg.xmp"],
    // An edited label inside the name is not a label.
    ["IMG-edited-1234.jpg", "IMG-1234.jpg.json"],
  ])("%s does not take %s", (mediaName, sidecarName) => {
    expect(takes(mediaName, sidecarName)).toBe(false);
  });

  it("matches within a folder only", () => {
    const metadata = { caption: "in Trip" };
    const matched = matchTakeoutSidecars(
      [
        { relativeFolder: "Trip", name: "IMG_1.jpg" },
        { relativeFolder: "Home", name: "IMG_1.jpg" },
        { relativeFolder: "", name: "IMG_1.jpg" },
      ],
      [{ relativeFolder: "Trip", name: "IMG_1.jpg.json", metadata }],
    );
    expect([...matched]).toEqual([[mediaFileKey("Trip", "IMG_1.jpg"), metadata]]);
  });

  it("prefers a file's own sidecar to its original's", () => {
    const own = { caption: "own" };
    const original = { caption: "original" };
    const matched = matchTakeoutSidecars(
      [
        { relativeFolder: "", name: "IMG_1-edited.jpg" },
        { relativeFolder: "", name: "IMG_1.jpg" },
        { relativeFolder: "", name: "IMG_2-edited.jpg" },
      ],
      [
        { relativeFolder: "", name: "IMG_1.jpg.json", metadata: original },
        { relativeFolder: "", name: "IMG_1-edited.jpg.json", metadata: own },
        { relativeFolder: "", name: "IMG_2.jpg.json", metadata: original },
      ],
    );
    expect(matched.get(mediaFileKey("", "IMG_1-edited.jpg"))).toBe(own);
    expect(matched.get(mediaFileKey("", "IMG_1.jpg"))).toBe(original);
    expect(matched.get(mediaFileKey("", "IMG_2-edited.jpg"))).toBe(original);
  });

  it("gives each of a Takeout folder's files its own sidecar", () => {
    const names = Array.from({ length: 2_000 }, (_, index) => `IMG_${String(index)}.jpg`);
    const matched = matchTakeoutSidecars(
      names.map((name) => ({ relativeFolder: "Photos from 2020", name })),
      names.map((name, index) => ({
        relativeFolder: "Photos from 2020",
        name: `${name}.supplemental-metadata.json`,
        metadata: { creationTimeUs: index },
      })),
    );
    expect(matched.size).toBe(names.length);
    expect(matched.get(mediaFileKey("Photos from 2020", "IMG_1234.jpg"))).toEqual({
      creationTimeUs: 1234,
    });
  });
});
