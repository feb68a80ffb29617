import { describe, expect, it } from "vitest";
import {
  CreationTimeSource,
  parseFileNameDate,
  resolveLivePhotoMetadata,
  resolveUploadMetadata,
  type UploadMetadataSources,
} from "./upload-metadata";

/** The clock of these tests: 2025-06-01 12:00 UTC. */
const nowMs = Date.UTC(2025, 5, 1, 12, 0, 0);

/** µs of a local wall-clock time (month 1 to 12), as a file name's clock reads. */
const localUs = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second).getTime() * 1000;

const utcUs = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  Date.UTC(year, month - 1, day, hour, minute, second) * 1000;

describe("parseFileNameDate", () => {
  it.each([
    // Android cameras, with and without milliseconds.
    ["IMG_20180725_163423.jpg", localUs(2018, 7, 25, 16, 34, 23)],
    ["IMG_20180725_163423-tiny.jpg", localUs(2018, 7, 25, 16, 34, 23)],
    ["IMG_20210921_144423_783.jpg", localUs(2021, 9, 21, 14, 44, 23)],
    ["VID_20200101_000001.mp4", localUs(2020, 1, 1, 0, 0, 1)],
    ["MVIMG_20190317_101010.jpg", localUs(2019, 3, 17, 10, 10, 10)],
    ["PANO_20190317_101010.jpg", localUs(2019, 3, 17, 10, 10, 10)],
    // Samsung, Oppo/OnePlus, DJI, Windows Camera.
    ["20221107_231730.jpg", localUs(2022, 11, 7, 23, 17, 30)],
    ["20221107_231730(0).jpg", localUs(2022, 11, 7, 23, 17, 30)],
    ["IMG20210211125718.jpg", localUs(2021, 2, 11, 12, 57, 18)],
    ["DJI_20230615143210_0001_D.JPG", localUs(2023, 6, 15, 14, 32, 10)],
    ["WIN_20200101_12_34_56_Pro.jpg", localUs(2020, 1, 1, 12, 34, 56)],
    // Screenshots and screen recordings.
    ["Screenshot_20220807-195908_Firefox.jpg", localUs(2022, 8, 7, 19, 59, 8)],
    ["Screenshot_20220507-195908.png", localUs(2022, 5, 7, 19, 59, 8)],
    ["Screenshot_2019-12-31-23-59-59.png", localUs(2019, 12, 31, 23, 59, 59)],
    ["Screenshot_2022-06-21-16-51-29-164_newFormat.heic", localUs(2022, 6, 21, 16, 51, 29)],
    [
      "Screenshot 20221106 211633.com.google.android.apps.nbu.paisa.user.jpg",
      localUs(2022, 11, 6, 21, 16, 33),
    ],
    ["Screen_Recording_20210101-123456.mp4", localUs(2021, 1, 1, 12, 34, 56)],
    ["Screenshot 2022-11-06 at 21.16.33.png", localUs(2022, 11, 6, 21, 16, 33)],
    ["Screen Shot 2019-05-03 at 1.11.12 PM.png", localUs(2019, 5, 3, 13, 11, 12)],
    ["Screen Shot 2019-05-03 at 12.11.12 AM.png", localUs(2019, 5, 3, 0, 11, 12)],
    ["Screenshot 2023-10-02 at 9.05.07\u202fAM.png", localUs(2023, 10, 2, 9, 5, 7)],
    // Dropbox camera uploads.
    ["2019-05-03 10.11.12.jpg", localUs(2019, 5, 3, 10, 11, 12)],
    ["2022-02-18 16.00.12-DCMX.png", localUs(2022, 2, 18, 16, 0, 12)],
    ["2019-10-31 155703.jpg", localUs(2019, 10, 31, 15, 57, 3)],
    // Messengers.
    ["signal-2022-12-17-15-16-04-718.jpg", localUs(2022, 12, 17, 15, 16, 4)],
    ["signal-2018-08-21-100217.jpg", localUs(2018, 8, 21, 10, 2, 17)],
    ["PHOTO-2021-03-13-18-03-24.jpg", localUs(2021, 3, 13, 18, 3, 24)],
    ["WhatsApp Image 2021-01-01 at 12.34.56.jpeg", localUs(2021, 1, 1, 12, 34, 56)],
    ["WhatsApp Video 2021-01-01 at 12.34.56 (1).mp4", localUs(2021, 1, 1, 12, 34, 56)],
    ["photo_2021-01-01_12-34-56.jpg", localUs(2021, 1, 1, 12, 34, 56)],
    // UTC clocks: Pixel, and iOS names of photos without EXIF.
    ["PXL_20230101_123456789.jpg", utcUs(2023, 1, 1, 12, 34, 56)],
    ["PXL_20230101_235959000.MP.jpg", utcUs(2023, 1, 1, 23, 59, 59)],
    ["20170923_220934000_iOS.jpg", utcUs(2017, 9, 23, 22, 9, 34)],
    // A leap day.
    ["IMG_20200229_120000.jpg", localUs(2020, 2, 29, 12, 0, 0)],
  ])("%s is a moment", (name, timeUs) => {
    expect(parseFileNameDate(name, nowMs)).toEqual({ kind: "moment", timeUs });
  });

  it.each([
    ["IMG-20171218-WA0028.jpg", 2017, 12, 18],
    ["VID-20200101-WA0001.mp4", 2020, 1, 1],
    ["Scan 2001-02-03.png", 2001, 2, 3],
    // A time that is no time leaves the day.
    ["IMG_20221107_996655.jpg", 2022, 11, 7],
    ["Screen Shot 2019-05-03 at 13.11.12 PM.png", 2019, 5, 3],
  ])("%s is a day", (name, year, month, day) => {
    expect(parseFileNameDate(name, nowMs)).toEqual({
      kind: "day",
      year,
      month,
      day,
      startUs: localUs(year, month, day),
    });
  });

  it.each([
    // Counters and ids.
    ["Snapchat-431959199.mp4."],
    ["Snapchat-400000000.mp4"],
    ["Snapchat-900000000.mp4"],
    ["Snapchat-100-10-20-19-15-12"],
    ["IMG_1234.JPG"],
    ["DSC_0529.JPG"],
    ["GX010001.MP4"],
    ["1577836800000.jpg"],
    // Not a calendar date.
    ["IMG_20191301_101010.jpg"],
    ["IMG_20190230_101010.jpg"],
    ["IMG-20190431-WA0001.jpg"],
    // Too early for a digital photo.
    ["IMG_19891231_235959.jpg"],
    ["1975-06-01 Wedding.jpg"],
    // In the future.
    ["IMG_20250610_000000.jpg"],
    ["IMG-20300101-WA0001.jpg"],
    ["PXL_20250610_130000000.jpg"],
    // Nothing like a date.
    [""],
    ["holiday.png"],
  ])("%j has no date", (name) => {
    expect(parseFileNameDate(name, nowMs)).toBeUndefined();
  });

  it("takes a time a few hours ahead of the clock (a device in a zone further east)", () => {
    expect(parseFileNameDate("IMG_20250601_200000.jpg", nowMs)).toEqual({
      kind: "moment",
      timeUs: localUs(2025, 6, 1, 20, 0, 0),
    });
  });

  it("tries a later place of the name when the first is no date", () => {
    expect(parseFileNameDate("IMG_20191301_101010_20190301_101010.jpg", nowMs)).toEqual({
      kind: "moment",
      timeUs: localUs(2019, 3, 1, 10, 10, 10),
    });
  });
});

describe("resolveUploadMetadata", () => {
  const lastModifiedMs = Date.UTC(2024, 2, 3, 4, 5, 6);
  const base: UploadMetadataSources = { fileName: "IMG_20180725_163423.jpg", lastModifiedMs };
  const takeout = {
    creationTimeUs: 1_600_596_727_000_000,
    modificationTimeUs: 1_600_598_800_000_000,
    latitude: 55.27,
    longitude: 37.67,
    caption: "From Google",
  };
  const embedded = {
    creationTimeUs: 1_500_000_000_000_000,
    latitude: 48.85,
    longitude: 2.35,
    caption: "From EXIF",
  };

  it.each([
    {
      case: "the sidecar over everything",
      sources: { ...base, takeout, embedded },
      expected: {
        creationTimeUs: takeout.creationTimeUs,
        creationTimeSource: CreationTimeSource.takeout,
        modificationTimeUs: takeout.modificationTimeUs,
        latitude: 55.27,
        longitude: 37.67,
        caption: "From Google",
      },
    },
    {
      case: "EXIF over the name, with the file's modification time",
      sources: { ...base, embedded },
      expected: {
        creationTimeUs: embedded.creationTimeUs,
        creationTimeSource: CreationTimeSource.embedded,
        modificationTimeUs: lastModifiedMs * 1000,
        latitude: 48.85,
        longitude: 2.35,
        caption: "From EXIF",
      },
    },
    {
      case: "the name when the file has no date of its own",
      sources: { ...base, embedded: { latitude: 48.85, longitude: 2.35 } },
      expected: {
        creationTimeUs: localUs(2018, 7, 25, 16, 34, 23),
        creationTimeSource: CreationTimeSource.fileName,
        modificationTimeUs: lastModifiedMs * 1000,
        latitude: 48.85,
        longitude: 2.35,
      },
    },
    {
      case: "the modification time when nothing else tells",
      sources: { fileName: "holiday.jpg", lastModifiedMs },
      expected: {
        creationTimeUs: lastModifiedMs * 1000,
        creationTimeSource: CreationTimeSource.modificationTime,
        modificationTimeUs: lastModifiedMs * 1000,
      },
    },
    {
      case: "the sidecar's parts it has, the file's for the rest",
      sources: {
        ...base,
        takeout: { caption: "Only a caption" },
        embedded: { creationTimeUs: embedded.creationTimeUs },
      },
      expected: {
        creationTimeUs: embedded.creationTimeUs,
        creationTimeSource: CreationTimeSource.embedded,
        modificationTimeUs: lastModifiedMs * 1000,
        caption: "Only a caption",
      },
    },
    {
      case: "the EXIF caption when the sidecar's is blank, and no broken location",
      sources: {
        ...base,
        takeout: { creationTimeUs: takeout.creationTimeUs, caption: "  " },
        embedded: { latitude: 95, longitude: 2.35, caption: "From EXIF" },
      },
      expected: {
        creationTimeUs: takeout.creationTimeUs,
        creationTimeSource: CreationTimeSource.takeout,
        modificationTimeUs: lastModifiedMs * 1000,
        caption: "From EXIF",
      },
    },
    {
      case: "a sidecar date before 1970",
      sources: { ...base, takeout: { creationTimeUs: -315_619_200_000_000 } },
      expected: {
        creationTimeUs: -315_619_200_000_000,
        creationTimeSource: CreationTimeSource.takeout,
        modificationTimeUs: lastModifiedMs * 1000,
      },
    },
  ])("takes $case", ({ sources, expected }) => {
    expect(resolveUploadMetadata(sources, nowMs)).toEqual(expected);
  });

  it("ignores a creation time that is not a number", () => {
    expect(
      resolveUploadMetadata({ ...base, embedded: { creationTimeUs: Number.NaN } }, nowMs),
    ).toMatchObject({ creationTimeSource: CreationTimeSource.fileName });
  });

  it("takes a WhatsApp copy's modification time when it falls on the day of its name", () => {
    const arrivedMs = new Date(2020, 0, 1, 18, 30, 5).getTime();
    expect(
      resolveUploadMetadata(
        { fileName: "IMG-20200101-WA0001.jpg", lastModifiedMs: arrivedMs },
        nowMs,
      ),
    ).toEqual({
      creationTimeUs: arrivedMs * 1000,
      creationTimeSource: CreationTimeSource.modificationTime,
      modificationTimeUs: arrivedMs * 1000,
    });
  });

  it("takes the day of a WhatsApp copy's name when it was modified another day", () => {
    expect(
      resolveUploadMetadata({ fileName: "IMG-20200101-WA0001.jpg", lastModifiedMs }, nowMs),
    ).toEqual({
      creationTimeUs: localUs(2020, 1, 1),
      creationTimeSource: CreationTimeSource.fileName,
      modificationTimeUs: lastModifiedMs * 1000,
    });
  });
});

describe("resolveLivePhotoMetadata", () => {
  const imageModifiedMs = Date.UTC(2024, 0, 1);
  const videoModifiedMs = Date.UTC(2024, 0, 2);

  it("takes the video's sidecar when only the video has one", () => {
    expect(
      resolveLivePhotoMetadata(
        {
          image: {
            fileName: "IMG_0001.HEIC",
            lastModifiedMs: imageModifiedMs,
            embedded: { creationTimeUs: 2_000_000, latitude: 1, longitude: 2 },
          },
          video: {
            fileName: "IMG_0001.MOV",
            lastModifiedMs: videoModifiedMs,
            takeout: { creationTimeUs: 1_000_000, latitude: 3, longitude: 4 },
          },
        },
        nowMs,
      ),
    ).toEqual({
      creationTimeUs: 1_000_000,
      creationTimeSource: CreationTimeSource.takeout,
      modificationTimeUs: imageModifiedMs * 1000,
      latitude: 3,
      longitude: 4,
    });
  });

  it("prefers the image at each step, and falls back to the video's container time", () => {
    const image = {
      fileName: "IMG_0001.HEIC",
      lastModifiedMs: imageModifiedMs,
      embedded: { latitude: 1, longitude: 2, caption: "image" },
    };
    const video = {
      fileName: "IMG_0001.MOV",
      lastModifiedMs: videoModifiedMs,
      embedded: { creationTimeUs: 3_000_000, latitude: 5, longitude: 6, caption: "video" },
    };
    expect(resolveLivePhotoMetadata({ image, video }, nowMs)).toEqual({
      creationTimeUs: 3_000_000,
      creationTimeSource: CreationTimeSource.embedded,
      modificationTimeUs: imageModifiedMs * 1000,
      latitude: 1,
      longitude: 2,
      caption: "image",
    });
    expect(
      resolveLivePhotoMetadata(
        { image: { ...image, embedded: { ...image.embedded, creationTimeUs: 4_000_000 } }, video },
        nowMs,
      ),
    ).toMatchObject({ creationTimeUs: 4_000_000 });
  });
});
