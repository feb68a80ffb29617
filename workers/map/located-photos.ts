// The photos of a scope that have a location, as flat arrays in display
// order (newest first), which the map's index and its area counts scan. Pure.

import type { DecryptedFile } from "../library/decrypted-records";
import { type MapArea, isInMapArea } from "../../shared/model/search/search-query";

export interface LocatedPhotos {
  count: number;
  fileIDs: Float64Array;
  /** Degrees. */
  latitudes: Float64Array;
  longitudes: Float64Array;
}

/** What a located photo needs: the search index's arrays fit (NaN where no location). */
export interface LocationColumns {
  count: number;
  ids: ArrayLike<number>;
  latitudes: ArrayLike<number>;
  longitudes: ArrayLike<number>;
}

// [Note: A location of 0, 0 is no location]
//
// Cameras and apps that lost their GPS fix write 0° 0°, a point in the Gulf
// of Guinea where nobody takes photos; the reference shows no location for
// it either. Such files are left off the map rather than piled up at sea.
const isRealLocation = (latitude: number, longitude: number) =>
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180 &&
  !(latitude === 0 && longitude === 0);

export const locatedPhotosOf = (columns: LocationColumns): LocatedPhotos => {
  const fileIDs = new Float64Array(columns.count);
  const latitudes = new Float64Array(columns.count);
  const longitudes = new Float64Array(columns.count);
  let count = 0;
  for (let index = 0; index < columns.count; index++) {
    const latitude = columns.latitudes[index] ?? Number.NaN;
    const longitude = columns.longitudes[index] ?? Number.NaN;
    if (!isRealLocation(latitude, longitude)) continue;
    fileIDs[count] = columns.ids[index] ?? 0;
    latitudes[count] = latitude;
    longitudes[count] = longitude;
    count += 1;
  }
  return {
    count,
    fileIDs: fileIDs.subarray(0, count),
    latitudes: latitudes.subarray(0, count),
    longitudes: longitudes.subarray(0, count),
  };
};

/** The located columns of files in display order (an album's view). */
export const locationColumnsOfFiles = (files: readonly DecryptedFile[]): LocationColumns => ({
  count: files.length,
  ids: files.map((file) => file.id),
  latitudes: files.map((file) => file.metadata.latitude ?? Number.NaN),
  longitudes: files.map((file) => file.metadata.longitude ?? Number.NaN),
});

/** How many photos are inside `area`. */
export const countInArea = (photos: LocatedPhotos, area: MapArea): number => {
  let count = 0;
  for (let index = 0; index < photos.count; index++) {
    if (isInMapArea(area, photos.latitudes[index] ?? 0, photos.longitudes[index] ?? 0)) count += 1;
  }
  return count;
};

/** The box of every photo, or undefined when there is none. */
export const boundsOf = (photos: LocatedPhotos): MapArea | undefined => {
  if (photos.count === 0) return undefined;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (let index = 0; index < photos.count; index++) {
    const latitude = photos.latitudes[index] ?? 0;
    const longitude = photos.longitudes[index] ?? 0;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
  }
  return { south, west, north, east };
};
