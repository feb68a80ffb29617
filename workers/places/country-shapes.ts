// Which country contains a point: Natural Earth's country shapes, decoded
// once from the places asset's TopoJSON into flat rings with bounding
// boxes. Pure.
//
// [Note: Country shapes are tested in the plane]
//
// Natural Earth draws its shapes in the plane of longitude and latitude (a
// border is straight between two vertices on a plate carrée map), so an
// even-odd ray test in that plane answers what the data means; d3-geo's
// `geoContains` reads the same edges as great-circle arcs, which bow away
// from long straight borders such as the 49th parallel. The planar test is
// also some 30 times cheaper, and every photo of a library is placed.
//
// world-atlas stitches shapes across the antimeridian, so a ring of Russia
// or Fiji jumps from 180° to -180°: such a ring is unwrapped (longitudes
// made continuous past ±180°) and a point is tried at its longitude and one
// turn either side. A ring that winds around a pole (Antarctica) cannot be
// unwrapped into the plane; its polygon is tested on the sphere with
// `geoContains`, and only points in its bounding box, south of 60° S, pay.

import { geoContains } from "d3-geo";
import type { Polygon as GeoJSONPolygon, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

interface PlanarPolygon {
  kind: "planar";
  countryCode: string;
  /** Per ring: x0, y0, x1, y1, … (longitude, latitude in degrees), closed. */
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface SphericalPolygon {
  kind: "spherical";
  countryCode: string;
  polygon: GeoJSONPolygon;
  minY: number;
  maxY: number;
}

type CountryPolygon = PlanarPolygon | SphericalPolygon;

export interface CountryShapes {
  polygons: readonly CountryPolygon[];
}

/** A ring's longitudes made continuous, or undefined when it winds around a pole. */
const unwrappedRing = (ring: readonly Position[]): Float64Array | undefined => {
  const flat = new Float64Array(ring.length * 2);
  let offset = 0;
  let previous = ring[0]?.[0] ?? 0;
  ring.forEach(([x = 0, y = 0], i) => {
    if (x - previous > 180) offset -= 360;
    else if (x - previous < -180) offset += 360;
    previous = x;
    flat[2 * i] = x + offset;
    flat[2 * i + 1] = y;
  });
  // A ring that closes one turn away from where it started circles a pole.
  const closes = flat[0] === flat[flat.length - 2];
  return closes ? flat : undefined;
};

const countryPolygon = (
  countryCode: string,
  rings: readonly (readonly Position[])[],
): CountryPolygon => {
  const flatRings = rings.map(unwrappedRing);
  const planarRings = flatRings.filter((ring) => ring !== undefined);
  if (planarRings.length < flatRings.length) {
    const latitudes = rings.flatMap((ring) => ring.map(([, y = 0]) => y));
    return {
      kind: "spherical",
      countryCode,
      polygon: { type: "Polygon", coordinates: rings as Position[][] },
      minY: Math.min(...latitudes),
      maxY: Math.max(...latitudes),
    };
  }
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of planarRings) {
    for (let i = 0; i < ring.length; i += 2) {
      const x = ring[i] ?? 0;
      const y = ring[i + 1] ?? 0;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { kind: "planar", countryCode, rings: planarRings, minX, minY, maxX, maxY };
};

/** The shapes of a TopoJSON whose `countries` geometries have alpha-2 ids. */
export const countryShapes = (topologyJSON: string): CountryShapes => {
  const topology = JSON.parse(topologyJSON) as Topology<{ countries: GeometryCollection }>;
  const countries = feature(topology, topology.objects.countries);
  const polygons = countries.features.flatMap((country) => {
    const code = String(country.id);
    const geometry = country.geometry;
    switch (geometry.type) {
      case "Polygon":
        return [countryPolygon(code, geometry.coordinates)];
      case "MultiPolygon":
        return geometry.coordinates.map((rings) => countryPolygon(code, rings));
      default:
        return [];
    }
  });
  return { polygons };
};

/** Even-odd crossings of a horizontal ray from (x, y) over the rings. */
const insideRings = (rings: readonly Float64Array[], x: number, y: number): boolean => {
  let inside = false;
  for (const ring of rings) {
    const n = ring.length;
    let xj = ring[n - 2] ?? 0;
    let yj = ring[n - 1] ?? 0;
    for (let i = 0; i < n; i += 2) {
      const xi = ring[i] ?? 0;
      const yi = ring[i + 1] ?? 0;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      xj = xi;
      yj = yi;
    }
  }
  return inside;
};

const turns = [0, 360, -360] as const;

const contains = (polygon: CountryPolygon, longitude: number, latitude: number): boolean => {
  if (latitude < polygon.minY || latitude > polygon.maxY) return false;
  if (polygon.kind === "spherical") return geoContains(polygon.polygon, [longitude, latitude]);
  return turns.some((turn) => {
    const x = longitude + turn;
    return x >= polygon.minX && x <= polygon.maxX && insideRings(polygon.rings, x, latitude);
  });
};

/**
 * The alpha-2 code of the country whose shape contains the point, or
 * undefined (the sea, or land the 1:50m shapes miss). See: [Note: Country
 * shapes are tested in the plane]
 */
export const countryAt = (
  shapes: CountryShapes,
  latitude: number,
  longitude: number,
): string | undefined =>
  shapes.polygons.find((polygon) => contains(polygon, longitude, latitude))?.countryCode;
