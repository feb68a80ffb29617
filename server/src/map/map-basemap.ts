import { Compression, type Header, TileType } from "pmtiles";
import {
  type MapBasemap,
  type MapRasterTileType,
  mapPMTilesPath,
} from "../../../shared/api/map-basemap";
import type { MapBasemapConfig } from "../config/config";

// The basemap the server offers, from its configuration and, for a PMTiles
// archive, the archive's header. Pure: the header is read by the caller.
// See: [Note: The map's basemap]

/** What the map routes serve. */
export interface ServedMapBasemap {
  /** The answer of `GET /map/basemap`. */
  answer: MapBasemap;
  /** The archive served at `mapPMTilesPath`; undefined unless the answer's kind is `pmtiles`. */
  pmtilesFile: string | undefined;
}

/** The header fields the checks read. */
export type PMTilesHeaderFacts = Pick<
  Header,
  "specVersion" | "tileType" | "tileCompression" | "minZoom" | "maxZoom"
>;

const tileTypeNames: ReadonlyMap<TileType, string> = new Map([
  [TileType.Unknown, "unknown"],
  [TileType.Mvt, "vector (mvt)"],
  [TileType.Png, "png"],
  [TileType.Jpeg, "jpeg"],
  [TileType.Webp, "webp"],
  [TileType.Avif, "avif"],
  [TileType.Mlt, "vector (mlt)"],
]);

const rasterTileTypes: ReadonlyMap<TileType, MapRasterTileType> = new Map([
  [TileType.Png, "png"],
  [TileType.Jpeg, "jpeg"],
  [TileType.Webp, "webp"],
]);

/**
 * Tile compressions the app's PMTiles reader undoes: none, and gzip (with
 * the browser's DecompressionStream). It has no brotli or zstd.
 */
const readableTileCompressions: ReadonlySet<Compression> = new Set([
  Compression.Unknown,
  Compression.None,
  Compression.Gzip,
]);

/**
 * The served basemap for a configured PMTiles archive whose header is
 * `header`, or what makes the archive unusable, naming the variable. The
 * photos app draws raster tiles only: OpenLayers would need a style to draw
 * vector tiles, which a deployment cannot configure.
 */
export const pmtilesBasemapOf = (
  config: Extract<MapBasemapConfig, { kind: "pmtiles" }>,
  header: PMTilesHeaderFacts,
): { basemap: ServedMapBasemap } | { problems: string[] } => {
  const archive = `CAIRN_MAP_PMTILES: ${config.file}`;
  if (header.specVersion !== 3) {
    return {
      problems: [
        `${archive} is a version ${String(header.specVersion)} PMTiles archive; the map reads version 3 (convert it with \`pmtiles convert\`)`,
      ],
    };
  }
  const problems: string[] = [];
  const tileType = rasterTileTypes.get(header.tileType);
  if (tileType === undefined) {
    problems.push(
      `${archive} holds ${tileTypeNames.get(header.tileType) ?? `type ${String(header.tileType)}`} tiles; the map draws raster tiles only: png, jpeg or webp`,
    );
  }
  if (!readableTileCompressions.has(header.tileCompression)) {
    problems.push(
      `${archive} compresses its tiles with brotli or zstd, which the map's PMTiles reader cannot undo (use none or gzip)`,
    );
  }
  const maxZoom = config.maxZoom ?? header.maxZoom;
  if (maxZoom > header.maxZoom || maxZoom < header.minZoom) {
    problems.push(
      `CAIRN_MAP_MAX_ZOOM: ${String(maxZoom)} is outside the zoom levels of ${config.file} (${String(header.minZoom)} to ${String(header.maxZoom)})`,
    );
  }
  if (tileType === undefined || problems.length > 0) return { problems };
  return {
    basemap: {
      answer: {
        kind: "pmtiles",
        url: mapPMTilesPath,
        attribution: config.attribution,
        maxZoom,
        tileType,
      },
      pmtilesFile: config.file,
    },
  };
};

/** The served basemap of the offline map or a tile service (no file to read). */
export const servedBasemapOf = (
  config: Exclude<MapBasemapConfig, { kind: "pmtiles" }>,
): ServedMapBasemap => ({ answer: config, pmtilesFile: undefined });
