import { describe, expect, it } from "vitest";
import { parseIso6709Location } from "./iso6709-location";

describe("parseIso6709Location", () => {
  it.each([
    ["Android's ©xyz", "+48.8584+002.2945/", 48.8584, 2.2945],
    ["iPhone's, with altitude", "+37.7749-122.4194+010.000/", 37.7749, -122.4194],
    ["south and west", "-33.8688-070.6693/", -33.8688, -70.6693],
    ["no closing slash", "+48.8584+002.2945", 48.8584, 2.2945],
    ["whole degrees", "+48+002/", 48, 2],
    ["degrees and minutes", "+4851.504+00217.670/", 48 + 51.504 / 60, 2 + 17.67 / 60],
    [
      "degrees, minutes, seconds",
      "+485130.5+0021740.2/",
      48 + 51 / 60 + 30.5 / 3600,
      2 + 17 / 60 + 40.2 / 3600,
    ],
    ["the poles and the antimeridian", "+90.0000-180.0000/", 90, -180],
    ["surrounding spaces", " +48.8584+002.2945/ ", 48.8584, 2.2945],
  ])("reads %s", (_, value, latitude, longitude) => {
    const location = parseIso6709Location(value);
    expect(location?.latitude).toBeCloseTo(latitude, 9);
    expect(location?.longitude).toBeCloseTo(longitude, 9);
  });

  it.each([
    ["no value", undefined],
    ["empty", ""],
    ["a latitude only", "+48.8584/"],
    ["no signs", "48.8584 2.2945"],
    ["a three-digit latitude", "+148.8584+002.2945/"],
    ["a two-digit longitude", "+48.8584+02.2945/"],
    ["a latitude past 90", "+91.0000+002.2945/"],
    ["a longitude past 180", "+48.8584+180.5000/"],
    ["60 minutes", "+4860.000+00217.670/"],
    ["text", "Paris"],
  ])("gives undefined for %s", (_, value) => {
    expect(parseIso6709Location(value)).toBeUndefined();
  });
});
