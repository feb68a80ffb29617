// The part of the world a map view shows, as a search area (pure): Web
// Mercator's extent back in degrees, with the world's width kept whole when
// the view is wider than the world, and the longitudes wrapped otherwise (a
// panned map's extent runs past ±180°; the area then crosses the antimeridian).

import type { Extent } from "ol/extent";
import { toLonLat } from "ol/proj";
import type { MapArea } from "../../../shared/model/search/search-query";

/** Web Mercator's half width, in metres: x = ±this is ±180°. */
const halfWorldMetres = 20037508.342789244;

/** A longitude brought into [-180, 180]. */
const wrapped = (longitude: number) =>
  longitude >= -180 && longitude <= 180
    ? longitude
    : ((((longitude + 180) % 360) + 360) % 360) - 180;

export const visibleMapArea = (extent: Extent): MapArea => {
  const [minX = 0, minY = 0, maxX = 0, maxY = 0] = extent;
  const [, south = -90] = toLonLat([0, minY]);
  const [, north = 90] = toLonLat([0, maxY]);
  const latitudes = { south: Math.max(-90, south), north: Math.min(90, north) };
  if (maxX - minX >= 2 * halfWorldMetres) return { ...latitudes, west: -180, east: 180 };
  const west = (minX / halfWorldMetres) * 180;
  const east = (maxX / halfWorldMetres) * 180;
  return { ...latitudes, west: wrapped(west), east: wrapped(east) };
};
