// The map's markers over a scope's located photos: a hierarchical clustering
// (supercluster) built once per scope and library change, then answered per
// visible area and zoom in well under a millisecond. Pure (no I/O).
//
// [Note: The map clusters in the worker]
//
// 100,000 located photos are too many markers to draw, and clustering them
// (a k-d tree per zoom) takes half a second to a second on a two-core
// machine (the `map` bench): on the page's thread that would stall the map. The library's worker, which holds the
// locations already, builds the clusters once per library change and answers
// each visible area with the few hundred markers it needs. The page asks
// again only when a move or zoom ends; between, it redraws the markers it
// has, so panning never waits for the worker.
//
// Markers stop splitting at `clusterMaxZoom` (a street, about 60 m across):
// photos taken at one spot stay one marker with its count at every zoom
// rather than a pile of thumbnails, and a tap on such a marker opens them.

import Supercluster, { type PointFeature } from "supercluster";
import type { MapArea } from "../../shared/model/search/search-query";
import type { MapCluster, MapMarkers, MapOverview } from "./map-contract";
import { type LocatedPhotos, boundsOf, countInArea } from "./located-photos";

/** The deepest zoom that still clusters: see [Note: The map clusters in the worker]. */
export const clusterMaxZoom = 17;
/** Markers closer than this many pixels merge (a thumbnail is 48 px wide). */
const clusterRadiusPx = 56;

/** What a marker keeps of its photos: the newest (lowest display index) and their box. */
interface MarkerFacts {
  /** The display index of the newest photo. */
  newest: number;
  south: number;
  west: number;
  north: number;
  east: number;
}

interface PhotoProps {
  index: number;
}

export interface MapIndex {
  overview(): MapOverview;
  markers(area: MapArea, zoom: number): MapMarkers;
}

/** Clamps a latitude to Web Mercator's square world (beyond it the map has no pixels). */
const mercatorLatitude = (latitude: number) =>
  Math.max(-85.05112878, Math.min(85.05112878, latitude));

export const createMapIndex = (photos: LocatedPhotos): MapIndex => {
  const clusters = new Supercluster<PhotoProps, MarkerFacts>({
    maxZoom: clusterMaxZoom,
    radius: clusterRadiusPx,
    // OpenLayers' tiles are 256 pixels: the radius is in those pixels.
    extent: 256,
    map: ({ index }) => {
      const latitude = photos.latitudes[index] ?? 0;
      const longitude = photos.longitudes[index] ?? 0;
      return { newest: index, south: latitude, north: latitude, west: longitude, east: longitude };
    },
    reduce: (into, from) => {
      into.newest = Math.min(into.newest, from.newest);
      into.south = Math.min(into.south, from.south);
      into.north = Math.max(into.north, from.north);
      into.west = Math.min(into.west, from.west);
      into.east = Math.max(into.east, from.east);
    },
  });
  const points = new Array<PointFeature<PhotoProps>>(photos.count);
  for (let index = 0; index < photos.count; index++) {
    points[index] = {
      type: "Feature",
      geometry: {
        type: "Point",
        coordinates: [
          photos.longitudes[index] ?? 0,
          mercatorLatitude(photos.latitudes[index] ?? 0),
        ],
      },
      properties: { index },
    };
  }
  clusters.load(points);
  const overview: MapOverview = { locatedCount: photos.count, bounds: boundsOf(photos) };

  const photoMarker = (index: number): MapCluster => {
    const latitude = photos.latitudes[index] ?? 0;
    const longitude = photos.longitudes[index] ?? 0;
    const fileID = photos.fileIDs[index] ?? 0;
    return {
      key: `photo:${String(fileID)}`,
      latitude,
      longitude,
      count: 1,
      coverFileID: fileID,
      area: { south: latitude, west: longitude, north: latitude, east: longitude },
      expansionZoom: undefined,
    };
  };

  return {
    overview: () => overview,
    markers(area, zoom) {
      const level = Math.max(0, Math.min(clusterMaxZoom, Math.floor(zoom)));
      const found = clusters.getClusters(
        [area.west, mercatorLatitude(area.south), area.east, mercatorLatitude(area.north)],
        level,
      );
      const markers = found.map((feature): MapCluster => {
        const properties = feature.properties;
        if (!("cluster" in properties)) return photoMarker(properties.index);
        const [longitude = 0, latitude = 0] = feature.geometry.coordinates;
        const clusterID = properties.cluster_id;
        const expansionZoom = clusters.getClusterExpansionZoom(clusterID);
        return {
          key: `cluster:${String(clusterID)}`,
          latitude,
          longitude,
          count: properties.point_count,
          coverFileID: photos.fileIDs[properties.newest] ?? 0,
          area: {
            south: properties.south,
            west: properties.west,
            north: properties.north,
            east: properties.east,
          },
          expansionZoom: expansionZoom > clusterMaxZoom ? undefined : expansionZoom,
        };
      });
      return { markers, inAreaCount: countInArea(photos, area) };
    },
  };
};
