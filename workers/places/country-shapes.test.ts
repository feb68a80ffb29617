import { geoContains } from "d3-geo";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAt, countryShapes, type CountryShapes } from "./country-shapes";
import { decodePlacesAsset, type PlacesData } from "./places-asset-format";
import { realPlacesAssetFile } from "./test-support/real-places";

let data: PlacesData;
let shapes: CountryShapes;
beforeAll(async () => {
  const asset = await realPlacesAssetFile();
  data = decodePlacesAsset(await asset.fetchAsset());
  await asset.remove();
  shapes = countryShapes(data.countriesTopologyJSON);
});

const cityPoint = (city: number) => ({
  latitude: (data.latitudesE5[city] ?? 0) / 1e5,
  longitude: (data.longitudesE5[city] ?? 0) / 1e5,
  countryCode: data.countryCodes[data.countryIndexes[city] ?? 0],
});

describe("countryAt", () => {
  it.each([
    [48.8566, 2.3522, "FR"],
    [48.5763, 7.8153, "DE"],
    // Lesotho, a hole in South Africa's shape.
    [-29.31, 27.48, "LS"],
    [-26.2, 28.04, "ZA"],
    // Across the antimeridian (stitched shapes) and around the pole.
    [65.5, -175, "RU"],
    [66, -170.5, "RU"],
    [-16.8, -179.95, "FJ"],
    [-80, 0, "AQ"],
    [-70, 100, "AQ"],
    [30, -40, undefined],
  ])("(%f, %f) is in %s", (latitude, longitude, countryCode) => {
    expect(countryAt(shapes, latitude, longitude)).toBe(countryCode);
  });

  it("puts nearly every city in its GeoNames country", () => {
    let agree = 0;
    const startedMs = performance.now();
    for (let city = 0; city < data.names.length; city++) {
      const { latitude, longitude, countryCode } = cityPoint(city);
      if (countryAt(shapes, latitude, longitude) === countryCode) agree++;
    }
    const perPointUs = ((performance.now() - startedMs) * 1000) / data.names.length;
    const rate = agree / data.names.length;
    // Measured, not asserted. The rest: coasts 1:50m rounds off, territories
    // GeoNames files apart (Réunion in France), disputed land.
    console.log(
      `countryAt: ${(rate * 100).toFixed(2)} % of cities in their country, ${perPointUs.toFixed(1)} µs a point`,
    );
    expect(rate).toBeGreaterThan(0.95);
  });

  it("agrees with d3-geo's spherical test on a sample of cities", () => {
    // d3 takes ms a point over every country, so 1 city in 997 (about 130).
    // See: [Note: Country shapes are tested in the plane]
    const topology = JSON.parse(data.countriesTopologyJSON) as Topology<{
      countries: GeometryCollection;
    }>;
    const countries = feature(topology, topology.objects.countries).features;
    let agree = 0;
    let tried = 0;
    for (let city = 0; city < data.names.length; city += 997) {
      const { latitude, longitude } = cityPoint(city);
      const spherical = countries.find((country) => geoContains(country, [longitude, latitude]));
      if (String(spherical?.id ?? "") === (countryAt(shapes, latitude, longitude) ?? "")) agree++;
      tried++;
    }
    expect(agree / tried).toBeGreaterThanOrEqual(0.99);
  });
});
