import path from "node:path";
import { z } from "zod";
import { tileURLTemplateProblem } from "../map/tile-url-template";

// The map's basemap in the server's configuration: which of the offline
// map, a tile service or a PMTiles archive the photos app draws.
// See: [Note: The map's basemap]

/**
 * The basemap as configured. A PMTiles archive's header is read only at
 * start (see `openMapBasemap`), which also fills in its maximum zoom.
 */
export type MapBasemapConfig =
  | { kind: "offline" }
  | { kind: "tiles"; urlTemplate: string; attribution: string; maxZoom: number }
  | {
      kind: "pmtiles";
      /** Absolute. */
      file: string;
      attribution: string;
      /** `CAIRN_MAP_MAX_ZOOM`; unset: the archive's own maximum. */
      maxZoom: number | undefined;
    };

/**
 * A tile service's deepest level when `CAIRN_MAP_MAX_ZOOM` is unset: 19 is
 * OpenStreetMap's and most raster services' (about 0.3 m a pixel at the equator).
 */
export const defaultMapMaxZoom = 19;

/**
 * The deepest level `CAIRN_MAP_MAX_ZOOM` accepts: 24 is under 1 cm a pixel
 * at the equator, deeper than any raster service or archive goes, so a
 * larger number is a mistake.
 */
export const mapZoomLimit = 24;

/** The variables, for the server's environment schema. Keep server/README.md in sync. */
export const mapEnvironmentShape = {
  CAIRN_MAP_TILES_URL: z.string().superRefine((template, context) => {
    const problem = tileURLTemplateProblem(template);
    if (problem !== undefined) {
      context.addIssue({ code: "custom", message: `CAIRN_MAP_TILES_URL: ${problem}` });
    }
  }),
  CAIRN_MAP_TILES_ATTRIBUTION: z.string().trim().min(1, "CAIRN_MAP_TILES_ATTRIBUTION: is empty"),
  CAIRN_MAP_PMTILES: z.string().min(1),
  CAIRN_MAP_MAX_ZOOM: z
    .string()
    .regex(/^\d+$/, `CAIRN_MAP_MAX_ZOOM: must be a whole number from 0 to ${String(mapZoomLimit)}`)
    .transform(Number)
    .refine(
      (zoom) => zoom <= mapZoomLimit,
      `CAIRN_MAP_MAX_ZOOM: must be a whole number from 0 to ${String(mapZoomLimit)}`,
    ),
};

type MapEnvironment = {
  [Name in keyof typeof mapEnvironmentShape]?: z.output<(typeof mapEnvironmentShape)[Name]>;
};

/**
 * The basemap the parsed variables describe, or the problems of their
 * combination: one source at most, an attribution with a source (tile
 * licences such as OpenStreetMap's require the credit on the map), and no
 * setting that would be silently ignored.
 */
export const mapBasemapConfigOf = (
  env: MapEnvironment,
  cwd: string,
): { basemap: MapBasemapConfig; problems: string[] } => {
  const {
    CAIRN_MAP_TILES_URL: urlTemplate,
    CAIRN_MAP_PMTILES: file,
    CAIRN_MAP_TILES_ATTRIBUTION: attribution,
    CAIRN_MAP_MAX_ZOOM: maxZoom,
  } = env;
  const offline = (problems: string[]) => ({ basemap: { kind: "offline" } as const, problems });
  if (urlTemplate !== undefined && file !== undefined) {
    return offline([
      "CAIRN_MAP_TILES_URL and CAIRN_MAP_PMTILES: set one or the other (the map draws one basemap)",
    ]);
  }
  const source =
    urlTemplate !== undefined
      ? { name: "CAIRN_MAP_TILES_URL", kind: "tiles" as const, urlTemplate }
      : file !== undefined
        ? { name: "CAIRN_MAP_PMTILES", kind: "pmtiles" as const, file: path.resolve(cwd, file) }
        : undefined;
  if (source === undefined) {
    const ignored = [
      ...(attribution === undefined ? [] : ["CAIRN_MAP_TILES_ATTRIBUTION"]),
      ...(maxZoom === undefined ? [] : ["CAIRN_MAP_MAX_ZOOM"]),
    ];
    return offline(
      ignored.map(
        (name) =>
          `${name}: applies only with CAIRN_MAP_TILES_URL or CAIRN_MAP_PMTILES (without them the map draws its offline basemap)`,
      ),
    );
  }
  if (attribution === undefined) {
    return offline([
      `CAIRN_MAP_TILES_ATTRIBUTION: must be set with ${source.name}: the credit the tiles' licence asks for, shown on the map (e.g. "© OpenStreetMap contributors")`,
    ]);
  }
  return {
    basemap:
      source.kind === "tiles"
        ? {
            kind: "tiles",
            urlTemplate: source.urlTemplate,
            attribution,
            maxZoom: maxZoom ?? defaultMapMaxZoom,
          }
        : { kind: "pmtiles", file: source.file, attribution, maxZoom },
    problems: [],
  };
};
