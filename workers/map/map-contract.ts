// What the map page asks of the library's worker. Types only: the library
// implements them (`library-gallery.ts`), the page calls them as
// `WorkerCalls<MapCalls>`. See: [Note: A worker's API is declared once]

import type { MapArea } from "../../shared/model/search/search-query";

/** Whose photos the map shows: one album's, or the library's (what the search searches). */
export interface MapScope {
  collectionID?: number | undefined;
}

/** The geotagged photos of a scope at a glance: where the map opens. */
export interface MapOverview {
  /** Photos with a location. */
  locatedCount: number;
  /** The box of every located photo; undefined when there is none. */
  bounds: MapArea | undefined;
}

/** A marker of the map: photos close together at this zoom, or one photo. */
export interface MapCluster {
  /** Stable for one index: the marker's identity while the map moves. */
  key: string;
  /** Degrees: where the marker stands (the photos' mean place). */
  latitude: number;
  longitude: number;
  count: number;
  /** The newest photo of the marker, drawn as its thumbnail. */
  coverFileID: number;
  /** The box of the marker's photos. */
  area: MapArea;
  /**
   * The zoom at which the marker splits, or undefined when it never does
   * (one photo, or photos taken at one spot): a tap then opens its photos.
   */
  expansionZoom: number | undefined;
}

export interface MapMarkersRequest extends MapScope {
  /** The visible part of the map, in degrees. */
  area: MapArea;
  /** The map's zoom (Web Mercator, 256-pixel tiles). */
  zoom: number;
}

export interface MapMarkers {
  markers: MapCluster[];
  /** Located photos inside `area` exactly (what "Show photos in this area" opens). */
  inAreaCount: number;
}

export interface MapCalls {
  /** The scope's located photos: how many and their box (the index is built here, once per library change). */
  mapOverview(scope: MapScope): Promise<MapOverview>;
  /** The markers of the visible part of the map at a zoom. */
  mapMarkers(request: MapMarkersRequest): Promise<MapMarkers>;
}
