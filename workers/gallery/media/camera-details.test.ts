import { describe, expect, it } from "vitest";
import { cameraDetailsFromTags } from "./camera-details";

describe("cameraDetailsFromTags", () => {
  it.each([
    [
      "a DSLR's tags",
      {
        Make: "Canon",
        Model: "Canon EOS 1300D",
        FNumber: 10,
        ExposureTime: 0.00625,
        ISO: 400,
        FocalLength: 36,
        ExifImageWidth: 5184,
        ExifImageHeight: 3456,
      },
      {
        make: "Canon",
        model: "Canon EOS 1300D",
        fNumber: 10,
        exposureTimeSec: 0.00625,
        iso: 400,
        focalLengthMm: 36,
        width: 5184,
        height: 3456,
      },
    ],
    [
      "padded strings",
      { Make: "Apple\0\0 ", Model: "  iPhone 7 " },
      { make: "Apple", model: "iPhone 7" },
    ],
    ["ISO as a list", { ISO: [100, 200] }, { iso: 100 }],
    [
      "IFD0 size when there is no EXIF size",
      { ImageWidth: 640, ImageHeight: 480 },
      { width: 640, height: 480 },
    ],
    [
      "unusable values only",
      { Make: "", FNumber: 0, ISO: "fast", FocalLength: Number.NaN },
      undefined,
    ],
    ["no tags", undefined, undefined],
  ])("%s", (_case, tags, expected) => {
    expect(cameraDetailsFromTags(tags)).toEqual(expected);
  });
});
