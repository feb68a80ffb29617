// The places, loaded once: the asset fetched through an injected function
// (a worker fetches it from the app's origin, a Node test reads it from
// disk), decoded, and its indexes built. The decoding and the indexes'
// code (`load-places.ts`: kd-tree, country shapes, names in eight
// languages) is loaded with the first need, not with the sync worker.
// See: [Note: Places load with the first search]

import type { GeoLocation, Place, PlaceCity } from "./place-of";
import type { PlaceMatch } from "./place-search";

/** The places asset's bytes. */
export type FetchPlacesAsset = () => Promise<ArrayBuffer>;

export interface Places {
  /** Where a photo was taken: its nearest city and country; undefined for no place. See: [Note: A place is the nearest city, in the country that contains the point] */
  placeOf(location: GeoLocation): Place | undefined;
  /** Up to `limit` places for typed text, best first. See: [Note: Place matches rank exact names first, then by population] */
  search(text: string, locale: string, limit: number): PlaceMatch[];
  /** The city of a GeoNames ID (a search query's `cityID`), or undefined. */
  cityByID(id: number): PlaceCity | undefined;
  /** A country's name (ISO 3166-1 alpha-2) in the language of `locale`. See: [Note: A country is shown by its common name] */
  countryName(code: string, locale: string): string;
}

/**
 * The places, loaded once: every call answers the same places. A failed
 * load (the network, in a browser) is forgotten, so the next call tries again.
 */
export const placesLoader = (fetchAsset: FetchPlacesAsset): (() => Promise<Places>) => {
  let loading: Promise<Places> | undefined;
  return () => {
    loading ??= import("./load-places")
      .then(({ loadPlaces }) => loadPlaces(fetchAsset))
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
};
