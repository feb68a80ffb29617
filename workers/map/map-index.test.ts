import { describe, expect, it } from "vitest";
import { locatedPhotosOf } from "./located-photos";
import { clusterMaxZoom, createMapIndex } from "./map-index";
import { createLibraryMap } from "./library-map";

const world = { south: -85, west: -180, north: 85, east: 180 };

/** Photos in display order (newest first): id, latitude, longitude. */
const photos = (rows: [number, number, number][]) =>
  locatedPhotosOf({
    count: rows.length,
    ids: rows.map(([id]) => id),
    latitudes: rows.map(([, latitude]) => latitude),
    longitudes: rows.map(([, , longitude]) => longitude),
  });

// The Eiffel tower (two photos at one spot), the Louvre 3 km away, Tokyo.
const library = photos([
  [1, 48.8584, 2.2945],
  [2, 48.8606, 2.3376],
  [3, 35.6586, 139.7454],
  [4, 48.8584, 2.2945],
  [5, Number.NaN, Number.NaN],
  [6, 0, 0],
]);

describe("the map's markers", () => {
  it("leaves files without a location, and 0° 0°, off the map", () => {
    expect(library.count).toBe(4);
    expect([...library.fileIDs]).toEqual([1, 2, 3, 4]);
    expect(createMapIndex(library).overview()).toEqual({
      locatedCount: 4,
      bounds: { south: 35.6586, west: 2.2945, north: 48.8606, east: 139.7454 },
    });
  });

  it("clusters nearby photos with their count, newest as the cover, and their box", () => {
    const { markers, inAreaCount } = createMapIndex(library).markers(world, 3);
    expect(inAreaCount).toBe(4);
    const paris = markers.find((marker) => marker.count === 3);
    expect(paris).toMatchObject({
      coverFileID: 1,
      area: { south: 48.8584, west: 2.2945, north: 48.8606, east: 2.3376 },
    });
    expect(paris?.expansionZoom).toBeGreaterThan(3);
    expect(markers.find((marker) => marker.count === 1)).toMatchObject({
      key: "photo:3",
      coverFileID: 3,
      expansionZoom: undefined,
    });
  });

  it("keeps photos of one spot together at the deepest zoom, where a tap opens them", () => {
    const paris = { south: 48.85, west: 2.28, north: 48.87, east: 2.35 };
    const { markers, inAreaCount } = createMapIndex(library).markers(paris, 22);
    expect(inAreaCount).toBe(3);
    const spot = markers.find((marker) => marker.count === 2);
    expect(spot?.coverFileID).toBe(1);
    expect(spot?.expansionZoom).toBeUndefined();
    expect(markers.reduce((total, marker) => total + marker.count, 0)).toBe(3);
    expect(clusterMaxZoom).toBeLessThan(22);
  });

  it("answers an area across the antimeridian", () => {
    const pacific = photos([
      [10, -17.7, 178.1],
      [11, -14.3, -170.7],
      [12, 10, 0.5],
    ]);
    const area = { south: -30, west: 170, north: 0, east: -160 };
    const { markers, inAreaCount } = createMapIndex(pacific).markers(area, 2);
    expect(inAreaCount).toBe(2);
    expect(markers.reduce((total, marker) => total + marker.count, 0)).toBe(2);
  });

  it("builds an index once per scope and library version", async () => {
    let version = 1;
    let reads = 0;
    const map = createLibraryMap({
      version: () => version,
      libraryColumns: () => {
        reads += 1;
        return { count: 1, ids: [7], latitudes: [10], longitudes: [20] };
      },
      albumFiles: () => undefined,
    });
    await map.mapOverview({});
    await map.mapMarkers({ area: world, zoom: 1 });
    expect(reads).toBe(1);
    version = 2;
    expect((await map.mapOverview({})).locatedCount).toBe(1);
    expect(reads).toBe(2);
    expect(await map.mapOverview({ collectionID: 5 })).toEqual({
      locatedCount: 0,
      bounds: undefined,
    });
  });
});
