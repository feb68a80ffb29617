import { describe, expect, it } from "vitest";
import { parseTakeoutSidecarText } from "../media/takeout-sidecars";
import { exportNameMaxBytes, uniqueFileName, utf8ByteLength } from "./export-names";
import {
  exportSidecar,
  exportSidecarFileName,
  exportSidecarInputOf,
  exportSidecarText,
  sidecarPathParts,
  type ExportSidecar,
  type ExportSidecarInput,
} from "./export-sidecar";

/** 2020-09-20 10:12:07.123456 UTC. */
const takenUs = 1_600_596_727_123_456;
/** 2020-09-21 08:00:00 UTC. */
const modifiedUs = 1_600_675_200_000_000;

const takenTime = { timestamp: "1600596727", formatted: "Sep 20, 2020, 10:12:07 AM UTC" };
const modifiedTime = { timestamp: "1600675200", formatted: "Sep 21, 2020, 8:00:00 AM UTC" };

/** ICU versions differ in the space before AM/PM (U+0020 or U+202F): compare with plain spaces. */
const withPlainSpaces = (sidecar: ExportSidecar): ExportSidecar =>
  JSON.parse(JSON.stringify(sidecar).replace(/\u202f/g, " ")) as ExportSidecar;

describe("exportSidecar", () => {
  it.each<[string, ExportSidecarInput, ExportSidecar]>([
    [
      "a photo with a caption and a location",
      {
        title: "IMG_1.jpg",
        caption: "Sunset over the bay",
        creationTimeUs: takenUs,
        modificationTimeUs: modifiedUs,
        latitude: 55.269423,
        longitude: 37.665591,
      },
      {
        title: "IMG_1.jpg",
        photoTakenTime: takenTime,
        creationTime: takenTime,
        modificationTime: modifiedTime,
        caption: "Sunset over the bay",
        geoData: { latitude: 55.269423, longitude: 37.665591 },
      },
    ],
    [
      "a photo without caption, location or modification time",
      { title: "IMG_2.jpg", creationTimeUs: takenUs },
      {
        title: "IMG_2.jpg",
        photoTakenTime: takenTime,
        creationTime: takenTime,
        modificationTime: takenTime,
      },
    ],
    [
      "an empty caption and a 0, 0 location (no GPS fix)",
      { title: "a.jpg", caption: "", creationTimeUs: takenUs, latitude: 0, longitude: 0 },
      {
        title: "a.jpg",
        photoTakenTime: takenTime,
        creationTime: takenTime,
        modificationTime: takenTime,
      },
    ],
    [
      "a latitude without a longitude",
      { title: "a.jpg", creationTimeUs: takenUs, latitude: 12.5 },
      {
        title: "a.jpg",
        photoTakenTime: takenTime,
        creationTime: takenTime,
        modificationTime: takenTime,
      },
    ],
    [
      "the equator is a location",
      { title: "a.jpg", creationTimeUs: takenUs, latitude: 0, longitude: 9.5 },
      {
        title: "a.jpg",
        photoTakenTime: takenTime,
        creationTime: takenTime,
        modificationTime: takenTime,
        geoData: { latitude: 0, longitude: 9.5 },
      },
    ],
    [
      "edited coordinates win",
      {
        title: "a.jpg",
        creationTimeUs: takenUs,
        latitude: 1,
        longitude: 2,
        editedLatitude: -33.9,
        editedLongitude: 151.2,
      },
      {
        title: "a.jpg",
        photoTakenTime: takenTime,
        creationTime: takenTime,
        modificationTime: takenTime,
        geoData: { latitude: -33.9, longitude: 151.2 },
      },
    ],
    [
      "edited coordinates of 0, 0 leave the file's",
      {
        title: "a.jpg",
        creationTimeUs: takenUs,
        latitude: 1,
        longitude: 2,
        editedLatitude: 0,
        editedLongitude: 0,
      },
      {
        title: "a.jpg",
        photoTakenTime: takenTime,
        creationTime: takenTime,
        modificationTime: takenTime,
        geoData: { latitude: 1, longitude: 2 },
      },
    ],
  ])("%s", (_, input, expected) => {
    expect(withPlainSpaces(exportSidecar(input))).toStrictEqual(expected);
  });

  it.each<[string, number, string, string]>([
    ["the epoch", 0, "0", "Jan 1, 1970, 12:00:00 AM UTC"],
    ["a fraction of a second is dropped", 999_999, "0", "Jan 1, 1970, 12:00:00 AM UTC"],
    ["before 1970, rounded down", -1_500_000, "-2", "Dec 31, 1969, 11:59:58 PM UTC"],
    ["a time no date can hold reads as the epoch", 1e30, "0", "Jan 1, 1970, 12:00:00 AM UTC"],
  ])("%s: %d µs → %s", (_, creationTimeUs, timestamp, formatted) => {
    const sidecar = withPlainSpaces(exportSidecar({ title: "a.jpg", creationTimeUs }));
    expect(sidecar.photoTakenTime).toEqual({ timestamp, formatted });
  });

  it.each<[string, string]>([
    ["de-DE", "20. Sept. 2020, 10:12:07 UTC"],
    ["not a locale!", "Sep 20, 2020, 10:12:07 AM UTC"],
  ])("formats times in the locale %j, in UTC", (locale, formatted) => {
    const sidecar = withPlainSpaces(
      exportSidecar({ title: "a.jpg", creationTimeUs: takenUs }, locale),
    );
    expect(sidecar.photoTakenTime.formatted).toBe(formatted);
    expect(sidecar.photoTakenTime.timestamp).toBe("1600596727");
  });
});

describe("exportSidecarText", () => {
  it("is pretty JSON with the reference's key order", () => {
    const text = exportSidecarText({
      title: "IMG_1.jpg",
      caption: "Hi",
      creationTimeUs: takenUs,
      latitude: 1.5,
      longitude: 2.5,
    }).replace(/\u202f/g, " ");
    expect(text).toBe(
      [
        "{",
        '  "title": "IMG_1.jpg",',
        '  "photoTakenTime": {',
        '    "timestamp": "1600596727",',
        '    "formatted": "Sep 20, 2020, 10:12:07 AM UTC"',
        "  },",
        '  "creationTime": {',
        '    "timestamp": "1600596727",',
        '    "formatted": "Sep 20, 2020, 10:12:07 AM UTC"',
        "  },",
        '  "modificationTime": {',
        '    "timestamp": "1600596727",',
        '    "formatted": "Sep 20, 2020, 10:12:07 AM UTC"',
        "  },",
        '  "caption": "Hi",',
        '  "geoData": {',
        '    "latitude": 1.5,',
        '    "longitude": 2.5',
        "  }",
        "}",
      ].join("\n"),
    );
  });

  it("reads back through our Takeout import as the same time, place and caption", () => {
    const text = exportSidecarText({
      title: "IMG_1.jpg",
      caption: "Sunset",
      creationTimeUs: takenUs,
      modificationTimeUs: modifiedUs,
      latitude: -33.9,
      longitude: 151.2,
    });
    expect(parseTakeoutSidecarText(text)).toEqual({
      creationTimeUs: 1_600_596_727_000_000,
      modificationTimeUs: 1_600_675_200_000_000,
      latitude: -33.9,
      longitude: 151.2,
      caption: "Sunset",
    });
  });
});

describe("exportSidecarInputOf", () => {
  const metadata = {
    title: "IMG_1.HEIC",
    creationTime: takenUs,
    modificationTime: modifiedUs,
    latitude: 10,
    longitude: 20,
  };

  it.each<[string, Parameters<typeof exportSidecarInputOf>[1], ExportSidecarInput]>([
    [
      "the file's own metadata",
      undefined,
      {
        title: "IMG_1.HEIC",
        caption: undefined,
        creationTimeUs: takenUs,
        modificationTimeUs: modifiedUs,
        latitude: 10,
        longitude: 20,
      },
    ],
    [
      "an edited name, time and a caption win",
      { editedName: "Beach.HEIC", editedTime: 1_000_000_000_000_000, caption: "Beach day" },
      {
        title: "Beach.HEIC",
        caption: "Beach day",
        creationTimeUs: 1_000_000_000_000_000,
        modificationTimeUs: modifiedUs,
        latitude: 10,
        longitude: 20,
      },
    ],
  ])("%s", (_, publicMagicMetadata, expected) => {
    expect(exportSidecarInputOf(metadata, publicMagicMetadata)).toEqual(expected);
  });

  it("writes an edited time as the time the photo was taken", () => {
    const sidecar = exportSidecar(
      exportSidecarInputOf(metadata, { editedTime: 1_000_000_000_000_000 }),
    );
    expect(sidecar.photoTakenTime.timestamp).toBe("1000000000");
    expect(sidecar.creationTime.timestamp).toBe("1000000000");
    expect(sidecar.modificationTime.timestamp).toBe("1600675200");
  });
});

describe("sidecar paths", () => {
  it.each<[string, string, [string, string, string]]>([
    ["Trip", "IMG_1.jpg", ["Trip", "metadata", "IMG_1.jpg.json"]],
    ["Trip(1)", "IMG_1(1).jpg", ["Trip(1)", "metadata", "IMG_1(1).jpg.json"]],
    ["東京", "写真.heic", ["東京", "metadata", "写真.heic.json"]],
  ])("%j, %j → %j", (folder, exportName, expected) => {
    expect(sidecarPathParts(folder, exportName)).toEqual(expected);
  });

  it("fits a long export name's sidecar, while it is being written, in one folder entry", () => {
    const exportName = uniqueFileName(`${"東".repeat(134)}.jpg`, () => false);
    const writing = `${exportSidecarFileName(exportName)}.cairn-replacing`;
    expect(utf8ByteLength(writing)).toBeLessThanOrEqual(exportNameMaxBytes);
  });
});
