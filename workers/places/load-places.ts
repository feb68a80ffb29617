// The places from the asset's bytes: decoded, with the indexes every
// caller needs built at once (the kd-tree of cities, the countries'
// shapes) and the others on first use. Loaded on demand by
// `places-loader.ts`. See: [Note: Places load with the first search]

import { countryShapes } from "./country-shapes";
import { placeLocator } from "./place-of";
import { placeSearch, type PlaceSearch } from "./place-search";
import { countryName } from "./country-names";
import type { FetchPlacesAsset, Places } from "./places-loader";
import { decodePlacesAsset } from "./places-asset-format";

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
    countryName,
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
