import { describe, expect, it } from "vitest";
import { decodeLocationTag, isWithinLocationTag, maxLocationTagRadiusKm } from "./location-tag";

/** A location tag's JSON as the Ente mobile app writes it (its ellipse's axes included). */
const enteTag = (name: string, latitude: number, longitude: number, radius: number) => {
  const kilometersPerDegree = 111.16;
  const a = radius / Math.cos((latitude * Math.PI) / 180) / kilometersPerDegree;
  const b = radius / kilometersPerDegree;
  return {
    name,
    radius,
    aSquare: a * a,
    bSquare: b * b,
    centerPoint: { latitude, longitude },
  };
};

/** The ground a degree of latitude spans (geokdbush's Earth). */
const kmPerLatitudeDegree = (Math.PI * 6371) / 180;

describe("a location tag's entity", () => {
  it("reads the Ente apps' JSON, trimming the name", () => {
    expect(decodeLocationTag("location_a", enteTag("  Home ", 48.85, 2.35, 2))).toEqual({
      id: "location_a",
      name: "Home",
      centre: { latitude: 48.85, longitude: 2.35 },
      radiusKm: 2,
    });
    // The axes are the apps' business; a tag without them is as good.
    expect(
      decodeLocationTag("location_b", {
        name: "Cabin",
        radius: 40,
        centerPoint: { latitude: -33.9, longitude: 151.2 },
      })?.radiusKm,
    ).toBe(40);
  });

  const valid = enteTag("Home", 48.85, 2.35, 2);
  it.each<[string, unknown]>([
    ["not an object", "Home"],
    ["null", null],
    ["an array", [valid]],
    ["no name", { ...valid, name: undefined }],
    ["a blank name", { ...valid, name: "   " }],
    ["a name that is not text", { ...valid, name: 7 }],
    ["no radius", { ...valid, radius: undefined }],
    ["a radius as text", { ...valid, radius: "2" }],
    ["a zero radius", { ...valid, radius: 0 }],
    ["a negative radius", { ...valid, radius: -2 }],
    ["a radius beyond half the Earth", { ...valid, radius: maxLocationTagRadiusKm + 1 }],
    ["no centre", { ...valid, centerPoint: undefined }],
    [
      "a null latitude (Dart's Location)",
      { ...valid, centerPoint: { latitude: null, longitude: 2 } },
    ],
    ["a latitude past the pole", { ...valid, centerPoint: { latitude: 90.5, longitude: 2 } }],
    [
      "a longitude past the antimeridian",
      { ...valid, centerPoint: { latitude: 4, longitude: -181 } },
    ],
    ["a latitude as text", { ...valid, centerPoint: { latitude: "48.85", longitude: 2.35 } }],
  ])("is refused with %s", (_case, data) => {
    expect(decodeLocationTag("location_x", data)).toBeUndefined();
  });

  it("is refused with numbers JSON cannot hold but a decoder might make", () => {
    expect(decodeLocationTag("location_x", { ...valid, radius: Number.POSITIVE_INFINITY })).toBe(
      undefined,
    );
    expect(
      decodeLocationTag("location_x", {
        ...valid,
        centerPoint: { latitude: Number.NaN, longitude: 2 },
      }),
    ).toBeUndefined();
  });
});

describe("whether a photo is within a location tag", () => {
  const tag = (latitude: number, longitude: number, radiusKm: number) => ({
    centre: { latitude, longitude },
    radiusKm,
  });

  it("holds the points within the radius at the equator, north and east", () => {
    const equator = tag(0, 0, 10);
    const degrees = (km: number) => km / kmPerLatitudeDegree;
    expect(isWithinLocationTag(equator, degrees(9.99), 0)).toBe(true);
    expect(isWithinLocationTag(equator, degrees(10.01), 0)).toBe(false);
    expect(isWithinLocationTag(equator, 0, degrees(9.99))).toBe(true);
    expect(isWithinLocationTag(equator, 0, -degrees(10.01))).toBe(false);
    expect(isWithinLocationTag(equator, 0, 0)).toBe(true);
  });

  it("measures the ground at 60° N, where a degree of longitude is half as long", () => {
    const north = tag(60, 10, 10);
    const dLatitude = (km: number) => km / kmPerLatitudeDegree;
    const dLongitude = (km: number) => km / (kmPerLatitudeDegree * Math.cos(Math.PI / 3));
    expect(isWithinLocationTag(north, 60 + dLatitude(9.99), 10)).toBe(true);
    expect(isWithinLocationTag(north, 60 - dLatitude(10.01), 10)).toBe(false);
    expect(isWithinLocationTag(north, 60, 10 + dLongitude(9.99))).toBe(true);
    expect(isWithinLocationTag(north, 60, 10 - dLongitude(10.01))).toBe(false);
    // Where the Ente apps' ellipse disagrees. See: [Note: A location tag holds what is within its radius]
    expect(isWithinLocationTag(north, 60 + dLatitude(15), 10)).toBe(false);
    expect(isWithinLocationTag(north, 60, 10 + dLongitude(7))).toBe(true);
  });

  it("reaches across the antimeridian and over the pole", () => {
    const fiji = tag(-17, 179.95, 12);
    // 0.1° of longitude at 17° S is 10.6 km, 0.15° is 16 km.
    expect(isWithinLocationTag(fiji, -17, -179.95)).toBe(true);
    expect(isWithinLocationTag(fiji, -17, -179.9)).toBe(false);
    expect(isWithinLocationTag(fiji, -17, 179.85)).toBe(true);
    expect(isWithinLocationTag(fiji, -17, 179.8)).toBe(false);
    const pole = tag(89.99, 0, 3);
    // 2.2 km apart, on either side of the pole.
    expect(isWithinLocationTag(pole, 89.99, 180)).toBe(true);
    expect(isWithinLocationTag(pole, 89.95, 180)).toBe(false);
  });

  it("never holds a photo without a location", () => {
    const everywhere = tag(0, 0, maxLocationTagRadiusKm);
    expect(isWithinLocationTag(everywhere, 0, 180)).toBe(true);
    expect(isWithinLocationTag(everywhere, Number.NaN, Number.NaN)).toBe(false);
    expect(isWithinLocationTag(everywhere, 0, Number.NaN)).toBe(false);
  });
});
