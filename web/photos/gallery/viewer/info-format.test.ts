import { describe, expect, it } from "vitest";
import type { CameraDetails } from "../../../../workers/gallery/gallery-contract";
import {
  cameraName,
  dateTimeLocalValue,
  dimensionsLine,
  exposureLine,
  formatCoordinates,
  formatExposure,
  timeUsOfDateTimeLocal,
} from "./info-format";

const localUs = (...parts: [number, number, number, number, number, number]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]).getTime() * 1000;

describe("dateTimeLocalValue and timeUsOfDateTimeLocal", () => {
  it.each<[[number, number, number, number, number, number], string]>([
    [[2024, 1, 15, 10, 30, 5], "2024-01-15T10:30:05"],
    [[1999, 12, 31, 23, 59, 59], "1999-12-31T23:59:59"],
    [[2024, 2, 29, 0, 0, 0], "2024-02-29T00:00:00"],
  ])("local %o ↔ %s", (parts, value) => {
    expect(dateTimeLocalValue(localUs(...parts))).toBe(value);
    expect(timeUsOfDateTimeLocal(value)).toBe(localUs(...parts));
  });

  it("reads a value without seconds", () => {
    expect(timeUsOfDateTimeLocal("2024-01-15T10:30")).toBe(localUs(2024, 1, 15, 10, 30, 0));
  });

  it.each(["", "2024-01-15", "2023-02-30T10:00", "2024-13-01T00:00", "2024-01-15T25:00", "abc"])(
    "refuses %j",
    (value) => {
      expect(timeUsOfDateTimeLocal(value)).toBeUndefined();
    },
  );
});

describe("coordinates", () => {
  it("shows five decimals", () => {
    expect(formatCoordinates(48.858370123, -2.2944813)).toBe("48.85837, -2.29448");
  });
});

describe("camera lines", () => {
  it.each<[CameraDetails, string | undefined]>([
    [{ make: "Canon", model: "Canon EOS 5D" }, "Canon EOS 5D"],
    [{ make: "NIKON CORPORATION", model: "D750" }, "NIKON CORPORATION D750"],
    [{ make: "Apple" }, "Apple"],
    [{ model: "Pixel 8" }, "Pixel 8"],
    [{}, undefined],
  ])("names %o as %s", (camera, expected) => {
    expect(cameraName(camera)).toBe(expected);
  });

  it.each<[number, string]>([
    [1 / 250, "1/250 s"],
    [0.5, "1/2 s"],
    [2.5, "2.5 s"],
    [0, ""],
  ])("writes exposure %s as %s", (seconds, expected) => {
    expect(formatExposure(seconds)).toBe(expected);
  });

  it.each<[CameraDetails, string | undefined]>([
    [
      { fNumber: 2.8, exposureTimeSec: 1 / 250, focalLengthMm: 50, iso: 400 },
      "ƒ/2.8 · 1/250 s · 50 mm · ISO 400",
    ],
    [{ iso: 100 }, "ISO 100"],
    [{ make: "Canon" }, undefined],
  ])("summarises %o as %s", (camera, expected) => {
    expect(exposureLine(camera)).toBe(expected);
  });

  it.each<[number | undefined, number | undefined, string | undefined]>([
    [4000, 3000, "4000 × 3000"],
    [4000, undefined, undefined],
    [0, 10, undefined],
  ])("dimensions %s × %s", (width, height, expected) => {
    expect(dimensionsLine(width, height)).toBe(expected);
  });
});
