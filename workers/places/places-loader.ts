// The places, loaded once: the asset fetched through an injected function
// (a worker fetches it from the app's origin, a Node test reads it from
// disk), decoded, and its indexes built.

import { countryShapes } from "./country-shapes";
import { placeLocator, type GeoLocation, type Place, type PlaceCity } from "./place-of";
import { placeSearch, type PlaceMatch, type PlaceSearch } from "./place-search";
import { decodePlacesAsset } from "./places-asset-format";

/** The places asset's bytes. */
export type FetchPlacesAsset = () => Promise<ArrayBuffer>;

export interface Places {
  /** Where a photo was taken: its nearest city and country; undefined for no place. See: [Note: A place is the nearest city, in the country that contains the point] */
  placeOf(location: GeoLocation): Place | undefined;
  /** Up to `limit` places for typed text, best first. See: [Note: Place matches rank exact names first, then by population] */
  search(text: string, locale: string, limit: number): PlaceMatch[];
  /** The city of a GeoNames ID (a search query's `cityID`), or undefined. */
  cityByID(id: number): PlaceCity | undefined;
}

/**
 * The places from the asset's bytes. The kd-tree and country shapes are
 * built here (every caller places photos); the search's word index (folding
 * 130 k names) and the ID lookup on their first use.
 */
export const loadPlaces = async (fetchAsset: FetchPlacesAsset): Promise<Places> => {
  const data = decodePlacesAsset(await fetchAsset());
  const placeOf = placeLocator(data, countryShapes(data.countriesTopologyJSON));
  let search: PlaceSearch | undefined;
  let cityIndexByID: Map<number, number> | undefined;
  return {
    placeOf,
    search(text, locale, limit) {
      search ??= placeSearch(data);
      return search.search(text, locale, limit);
    },
    cityByID(id) {
      cityIndexByID ??= new Map(
        Array.from(data.geonameIDs, (geonameID, city) => [geonameID, city]),
      );
      const city = cityIndexByID.get(id);
      if (city === undefined) return undefined;
      return {
        id,
        name: data.names[city] ?? "",
        countryCode: data.countryCodes[data.countryIndexes[city] ?? 0] ?? "",
      };
    },
  };
};

/**
 * `loadPlaces` once: every call answers the same places. A failed load (the
 * network, in a browser) is forgotten, so the next call tries again.
 */
export const placesLoader = (fetchAsset: FetchPlacesAsset): (() => Promise<Places>) => {
  let loading: Promise<Places> | undefined;
  return () => {
    loading ??= loadPlaces(fetchAsset).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};
