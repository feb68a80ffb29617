// What the map bench's page and its driver share: the library's size, the
// map's size, and the page's API on `window`. See bench/scenarios/map/index.ts.

/** performance.md's map bar: p95 frame time while panning and zooming over 100,000 items. */
export const locatedPhotoCount = 100_000;

/** The map's size in CSS pixels (a laptop's browser window). */
export const mapViewport = { width: 1400, height: 900 };

/**
 * The thumbnails' size: the gallery's own (`thumbnailMaxSidePx`, 720 on the
 * long side, a 4:3 photo), since the markers draw the thumbnails the
 * gallery's store holds. A marker decodes the whole JPEG to draw 52 px of it.
 */
export const thumbnailSizePx = { width: 720, height: 540 };

/** Distinct generated pictures; each file's thumbnail is one of them made unique (see the worker). */
export const thumbnailPictureCount = 32;

/** Index builds timed apart from the page's own (the median is the figure). */
export const indexBuildRuns = 3;

export interface MapBenchPrepared {
  locatedCount: number;
  /** Generating the located photos' columns in the worker (not part of any figure). */
  generateMs: number;
  /** `createMapIndex` over the columns, each timed run. */
  indexBuildMs: number[];
  /** The generated pictures' JPEG sizes. */
  thumbnailBytes: number[];
}

export interface MapBenchMarkerQuery {
  /** Page to answer, through Comlink and the worker. */
  roundTripMs: number;
  /** Inside the worker: `createLibraryMap`'s `mapMarkers` (0 when the call built the index). */
  workerMs: number;
  zoom: number;
  markerCount: number;
}

export interface MapBenchRecording {
  /** rAF intervals. */
  intervalsMs: number[];
  /** Long tasks (PerformanceObserver) during the recording, ms each. */
  longTasksMs: number[];
}

export interface MapBenchState {
  mounted: boolean;
  /** The map's zoom, once the map exists. */
  zoom: number | undefined;
  /** The markers the last answer placed (`data-marker-count`). */
  markerCount: number;
  /** Whether the offline basemap's layer is on the map. */
  basemapShown: boolean;
  /** Marker thumbnails drawn into their frames so far (images the marker layer decoded). */
  thumbnailsAnswered: number;
  /** Thumbnails the store asked the worker for. */
  thumbnailsAsked: number;
  /** Distinct markers placed over the whole run. */
  distinctMarkersPlaced: number;
  /** Largest marker count of one answer. */
  mostMarkersPlaced: number;
}

export interface MapBenchPage {
  /** Generates the library in the worker and times index builds there. */
  prepare(): Promise<MapBenchPrepared>;
  /** Mounts the real `PhotoMap` (offline basemap) over the worker's map calls. */
  mount(): Promise<void>;
  state(): MapBenchState;
  /** CSS pixels of a place in the map's element, or undefined before the map exists. */
  pixelOf(latitude: number, longitude: number): [number, number] | undefined;
  /** Every `mapMarkers` call so far. */
  markerQueries(): MapBenchMarkerQuery[];
  /** Starts recording every frame's interval. */
  startRecording(): void;
  /** Stops the recording and answers it. */
  stopRecording(): MapBenchRecording;
}

declare global {
  interface Window {
    cairnMapBench?: MapBenchPage;
  }
}
