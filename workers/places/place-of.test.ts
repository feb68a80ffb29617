import { beforeAll, describe, expect, it } from "vitest";
import type { Places } from "./places-loader";
import { isUnplaceable, maxCityDistanceKm } from "./place-of";
import { realPlaces } from "./test-support/real-places";

let places: Places;
beforeAll(async () => {
  places = await realPlaces();
});

describe("placeOf", () => {
  it.each([
    // Cities at their centres.
    ["Paris", 48.8566, 2.3522, "Paris", "FR"],
    ["Zürich", 47.3769, 8.5417, "Zürich", "CH"],
    ["São Paulo", -23.5505, -46.6333, "São Paulo", "BR"],
    ["Sydney", -33.8688, 151.2093, "Sydney", "AU"],
    ["New York", 40.7128, -74.006, "New York City", "US"],
    ["Tokyo", 35.6762, 139.6503, "Tokyo", "JP"],
    ["Singapore", 1.29, 103.85, "Singapore", "SG"],
    ["Valletta", 35.8989, 14.5146, "Valletta", "MT"],
    ["Luxembourg", 49.6116, 6.1319, "Luxembourg", "LU"],
    // Across a border from a bigger city: each side is its own country.
    ["Strasbourg, by the Rhine", 48.5734, 7.7521, "Strasbourg", "FR"],
    ["Kehl, across the Rhine", 48.5763, 7.8153, "Kehl", "DE"],
    ["Basel", 47.5596, 7.5886, "Basel", "CH"],
    ["Weil am Rhein, north of Basel", 47.5947, 7.6108, "Weil am Rhein", "DE"],
    ["Saint-Louis, west of Basel", 47.59, 7.56, "Saint-Louis", "FR"],
    ["Riehen, east of Basel", 47.5788, 7.6468, "Riehen", "CH"],
    // Villages of fewer than 1000 people (not in cities1000) get the
    // nearest small town: Gosau (1,792 people, 9 km) for Hallstatt.
    ["Hallstatt", 47.5622, 13.6493, "Gosau", "AT"],
    ["Saint-Véran, Hautes-Alpes", 44.7011, 6.8686, "Guillestre", "FR"],
    // Shapes stitched across the antimeridian, and a territory GeoNames
    // files apart from the country Natural Earth draws it in.
    ["Suva", -18.1416, 178.4419, "Suva", "FJ"],
    ["Cayenne, French Guiana", 4.9224, -52.3135, "Cayenne", "GF"],
    ["Longyearbyen, Svalbard", 78.2232, 15.6267, "Longyearbyen", "SJ"],
    // At sea off the coast, which the 1:50m shapes miss: the nearest city's country.
    ["off Villefranche-sur-Mer", 43.68, 7.3, "Villefranche-sur-Mer", "FR"],
  ])("%s → %s, %s", (_where, latitude, longitude, city, countryCode) => {
    const place = places.placeOf({ latitude, longitude });
    expect(place?.city?.name).toBe(city);
    expect(place?.countryCode).toBe(countryCode);
    expect(place?.city?.countryCode).toBe(countryCode);
  });

  it("gives a city's GeoNames ID, which finds the city again", () => {
    const paris = places.placeOf({ latitude: 48.8566, longitude: 2.3522 })?.city;
    expect(paris?.id).toBe(2988507);
    expect(places.cityByID(2988507)).toEqual(paris);
    expect(places.cityByID(-1)).toBeUndefined();
  });

  it.each([
    ["the Sahara", 23, 10, "DZ"],
    ["the Greenland ice", 72, -40, "GL"],
    ["Antarctica, tested on the sphere", -80, 0, "AQ"],
    ["Chukotka, east of the antimeridian", 66, -170.5, "RU"],
  ])("in %s, far from any city: the country alone", (_where, latitude, longitude, countryCode) => {
    expect(places.placeOf({ latitude, longitude })).toEqual({ countryCode });
  });

  it.each([
    ["the middle of the Atlantic", 30, -40],
    ["the middle of the Pacific", 0, -140],
    ["null island (0, 0), where broken EXIF puts photos", 0, 0],
    ["NaN latitude", Number.NaN, 2.35],
    ["NaN longitude", 48.85, Number.NaN],
    ["an infinite latitude", Number.POSITIVE_INFINITY, 2.35],
    ["a latitude past the pole", 91, 2.35],
    ["a longitude past the antimeridian", 48.85, 181],
  ])("%s has no place", (_where, latitude, longitude) => {
    expect(places.placeOf({ latitude, longitude })).toBeUndefined();
  });

  it(`names no city beyond ${String(maxCityDistanceKm)} km`, () => {
    // 100 km off Cape Finisterre: Spain's nearest towns are ~100 km away.
    expect(places.placeOf({ latitude: 42.9, longitude: -10.6 })).toBeUndefined();
    // 20 km off it: the coast's town.
    expect(places.placeOf({ latitude: 42.9, longitude: -9.5 })?.city?.countryCode).toBe("ES");
  });

  it("takes the edges of the valid range", () => {
    expect(isUnplaceable({ latitude: 90, longitude: 180 })).toBe(false);
    expect(isUnplaceable({ latitude: -90, longitude: -180 })).toBe(false);
    expect(isUnplaceable({ latitude: 0, longitude: 0.0001 })).toBe(false);
  });
});
