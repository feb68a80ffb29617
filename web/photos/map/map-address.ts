// The map page's address (pure): `/gallery/map`, with the album it shows
// (`?collection=<id>`) and a place to open at (`?at=<latitude>,<longitude>`,
// the viewer's "Show on map"), so a reload or a shared address opens the
// same map. Its markers open their photos as a search of their area.

import type { MapArea } from "../../../shared/model/search/search-query";
import { collectionParam, searchWithQuery } from "../gallery/gallery-url";
import { galleryPagePath } from "../gallery/navigation/gallery-pages";

export const mapAtParam = "at";

export interface MapAddress {
  collectionID?: number | undefined;
  /** Degrees. */
  at?: { latitude: number; longitude: number } | undefined;
}

const coordinate = (raw: string | undefined, limit: number) => {
  if (raw === undefined || !/^-?\d{1,3}(\.\d{1,10})?$/.test(raw)) return undefined;
  const value = Number(raw);
  return Math.abs(value) <= limit ? value : undefined;
};

/** What a map address asks for; a malformed part is ignored (the whole map then). */
export const mapAddressOf = (params: URLSearchParams): MapAddress => {
  const rawCollection = params.get(collectionParam);
  const collectionID =
    rawCollection !== null && /^\d{1,16}$/.test(rawCollection) ? Number(rawCollection) : undefined;
  const [rawLatitude, rawLongitude, extra] = (params.get(mapAtParam) ?? "").split(",");
  const latitude = coordinate(rawLatitude, 90);
  const longitude = coordinate(rawLongitude, 180);
  const at =
    latitude === undefined || longitude === undefined || extra !== undefined
      ? undefined
      : { latitude, longitude };
  return {
    collectionID:
      collectionID !== undefined && Number.isSafeInteger(collectionID) ? collectionID : undefined,
    at,
  };
};

/** The map page's address for an album (or the whole library) and a place. */
export const mapPageAddress = ({ collectionID, at }: MapAddress): string => {
  const params = new URLSearchParams();
  if (collectionID !== undefined) params.set(collectionParam, String(collectionID));
  if (at !== undefined) {
    params.set(mapAtParam, `${at.latitude.toFixed(6)},${at.longitude.toFixed(6)}`);
  }
  const search = params.toString();
  return search === "" ? galleryPagePath("map") : `${galleryPagePath("map")}?${search}`;
};

/**
 * A hair of a degree (about 1 m) around a marker's photos: their box is the
 * exact corners of the outermost photos, which a decimal address rounds.
 */
const areaMarginDegrees = 0.00001;

/** The timeline's address showing the photos inside `area` (of an album, when given). */
export const areaPhotosAddress = (area: MapArea, collectionID?: number): string => {
  const padded: MapArea = {
    south: Math.max(-90, area.south - areaMarginDegrees),
    north: Math.min(90, area.north + areaMarginDegrees),
    west: Math.max(-180, area.west - areaMarginDegrees),
    east: Math.min(180, area.east + areaMarginDegrees),
  };
  const search = searchWithQuery(new URLSearchParams(), {
    kind: "area",
    area: padded,
    collectionID,
  }).toString();
  return `${galleryPagePath("timeline")}?${search}`;
};
