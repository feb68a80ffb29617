import { describe, expect, it } from "vitest";
import { fromLonLat } from "ol/proj";
import { visibleMapArea } from "./visible-area";

const extent = (west: number, south: number, east: number, north: number) => {
  const [minX = 0, minY = 0] = fromLonLat([west, south]);
  const [maxX = 0, maxY = 0] = fromLonLat([east, north]);
  return [minX, minY, maxX, maxY];
};

describe("the visible part of the map", () => {
  it("reads a view of Paris back in degrees", () => {
    const area = visibleMapArea(extent(2.2, 48.8, 2.4, 48.9));
    expect(area.west).toBeCloseTo(2.2, 6);
    expect(area.east).toBeCloseTo(2.4, 6);
    expect(area.south).toBeCloseTo(48.8, 6);
    expect(area.north).toBeCloseTo(48.9, 6);
  });

  it("keeps the whole world when the view is wider than it", () => {
    const [minX = 0, minY = 0, maxX = 0, maxY = 0] = extent(-170, -60, 170, 60);
    const area = visibleMapArea([minX * 2, minY, maxX * 2, maxY]);
    expect([area.west, area.east]).toEqual([-180, 180]);
  });

  it("crosses the antimeridian when the view was panned past it", () => {
    const [minX = 0, minY = 0] = fromLonLat([170, -20]);
    const [, maxY = 0] = fromLonLat([0, -10]);
    // 20° wide from 170° E: its east edge is 190°, which is 170° W.
    const maxX = minX + (20 / 360) * 2 * 20037508.342789244;
    const area = visibleMapArea([minX, minY, maxX, maxY]);
    expect(area.west).toBeCloseTo(170, 6);
    expect(area.east).toBeCloseTo(-170, 6);
  });
});
