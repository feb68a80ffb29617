import { stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  decodePlacesAsset,
  encodePlacesAsset,
  PlacesAssetFormatError,
  type PlacesData,
} from "./places-asset-format";
import { realPlacesAssetFile } from "./test-support/real-places";

const sample: PlacesData = {
  latitudesE5: Int32Array.from([4885660, -2355050]),
  longitudesE5: Int32Array.from([235220, -4663330]),
  geonameIDs: Int32Array.from([2988507, 3448439]),
  countryIndexes: Uint8Array.from([1, 0]),
  countryCodes: ["BR", "FR"],
  names: ["Paris", "São Paulo"],
  countriesTopologyJSON: '{"type":"Topology","objects":{},"arcs":[]}',
};

/**
 * The asset is fetched once per worker and kept in memory; it grows with
 * GeoNames and Natural Earth. 3.9 MB when written (130 k cities: 1.6 MB of
 * typed arrays, 1.4 MB of names, 0.7 MB of shapes; 2.4 MB gzipped on the
 * wire). The bound leaves room for the data to grow, and fails a change
 * that, say, ships 1:10m shapes (3.7 MB more).
 */
const maxAssetBytes = 5 * 1024 * 1024;

describe("places asset format", () => {
  it("reads back what it wrote", () => {
    const decoded = decodePlacesAsset(encodePlacesAsset(sample).buffer);
    expect(decoded).toEqual(sample);
  });

  it("reads an asset of no cities", () => {
    const empty = { ...sample, names: [], countryIndexes: new Uint8Array() };
    const decoded = decodePlacesAsset(
      encodePlacesAsset({
        ...empty,
        latitudesE5: new Int32Array(),
        longitudesE5: new Int32Array(),
        geonameIDs: new Int32Array(),
      }).buffer,
    );
    expect(decoded.names).toEqual([]);
  });

  it.each([
    ["a name with the separator", { ...sample, names: ["Par\nis", "São Paulo"] }],
    ["arrays of other lengths", { ...sample, geonameIDs: Int32Array.from([1]) }],
    ["a code that is not alpha-2", { ...sample, countryCodes: ["BRA", "FR"] }],
  ])("refuses to write %s", (_what, data) => {
    expect(() => encodePlacesAsset(data)).toThrow(PlacesAssetFormatError);
  });

  it("refuses what is not an asset of its version, or is cut short", () => {
    const bytes = encodePlacesAsset(sample);
    const otherVersion = bytes.slice();
    otherVersion[4] = 99;
    expect(() => decodePlacesAsset(otherVersion.buffer)).toThrow(/format 99/);
    expect(() => decodePlacesAsset(bytes.slice(0, bytes.length - 1).buffer)).toThrow(
      PlacesAssetFormatError,
    );
    expect(() => decodePlacesAsset(new TextEncoder().encode("<!doctype html>…").buffer)).toThrow(
      PlacesAssetFormatError,
    );
  });

  it(`builds the real asset from node_modules, under ${String(maxAssetBytes)} bytes`, async () => {
    const asset = await realPlacesAssetFile();
    try {
      const { size } = await stat(asset.file);
      const data = decodePlacesAsset(await asset.fetchAsset());
      console.log(
        `places asset: ${String(size)} bytes, ${String(data.names.length)} cities, ${String(data.countryCodes.length)} country codes, shapes ${String(data.countriesTopologyJSON.length)} bytes`,
      );
      expect(size).toBeLessThan(maxAssetBytes);
      expect(data.names.length).toBeGreaterThan(100_000);
      // Largest first: the index is the population rank.
      expect(data.names.slice(0, 3)).toContain("Shanghai");
      // Sections of cities are left out. See: [Note: Places are populated places that exist]
      expect(data.names).not.toContain("Zürich (Kreis 1) / Lindenhof");
      expect(data.countryCodes).toEqual(expect.arrayContaining(["FR", "GF", "XK", "AQ"]));
    } finally {
      await asset.remove();
    }
  });

  it("writes the same bytes each time, so the built file's hash is stable", async () => {
    const [first, second] = await Promise.all([realPlacesAssetFile(), realPlacesAssetFile()]);
    try {
      expect(
        Buffer.from(await first.fetchAsset()).equals(Buffer.from(await second.fetchAsset())),
      ).toBe(true);
    } finally {
      await Promise.all([first.remove(), second.remove()]);
    }
  });
});
