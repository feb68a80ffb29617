import { ConfigError, type MapBasemapConfig } from "../config/config";
import { pmtilesBasemapOf, type ServedMapBasemap, servedBasemapOf } from "./map-basemap";
import { readPMTilesHeader } from "./pmtiles-header";

/** Why a file could not be read, by its system error code. */
const fileErrorWords: Readonly<Record<string, string>> = {
  ENOENT: "does not exist",
  EISDIR: "is a folder, not a PMTiles file",
  EACCES: "cannot be read (permission denied)",
  EPERM: "cannot be read (permission denied)",
};

const systemErrorCodeOf = (error: unknown): string | undefined =>
  error instanceof Error && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;

/**
 * The basemap to serve, once the PMTiles archive's header (if one is
 * configured) has been read and checked. Throws a `ConfigError` naming the
 * variable when the archive is missing, not a PMTiles archive or not one the
 * map can draw, so the server refuses to start rather than serve a map that
 * cannot show. The archive is read once: replacing it takes a restart, like
 * any configuration. See: [Note: The map's basemap]
 */
export const openMapBasemap = async (
  config: MapBasemapConfig,
  readHeader: typeof readPMTilesHeader = readPMTilesHeader,
): Promise<ServedMapBasemap> => {
  if (config.kind !== "pmtiles") return servedBasemapOf(config);
  let header;
  try {
    header = await readHeader(config.file);
  } catch (error) {
    const code = systemErrorCodeOf(error);
    const words =
      code === undefined
        ? `is not a PMTiles archive (${error instanceof Error ? error.message : String(error)})`
        : (fileErrorWords[code] ?? `cannot be read (${code})`);
    throw new ConfigError([`CAIRN_MAP_PMTILES: ${config.file} ${words}`]);
  }
  const checked = pmtilesBasemapOf(config, header);
  if ("problems" in checked) throw new ConfigError(checked.problems);
  return checked.basemap;
};
