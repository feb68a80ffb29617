import { z } from "zod";

// [Note: The map's basemap]
//
// The map draws an offline basemap by default: Natural Earth, from the
// `world-atlas` package bundled in the photos app, so showing where photos
// were taken contacts no outside service (architecture.md, "Models and data
// sets": nothing is downloaded at run time). A server admin may replace it
// with a raster tile service (`CAIRN_MAP_TILES_URL`, an XYZ template such as
// `https://tiles.example.org/{z}/{x}/{y}.png`) or with a PMTiles archive of
// raster tiles on the server's disk (`CAIRN_MAP_PMTILES`), served from the
// server's own origins with byte ranges. Both routes are served on the
// photos app's origin and on the API's (the desktop app's pages have an
// origin of their own, so it asks the API): an app asks `GET /map/basemap`
// on either and draws what it answers, resolving a PMTiles `url` against
// the origin it asked. Because a tile service sees which areas a user looks
// at, the enable-map dialog tells the user which case holds: the offline
// map, the archive on their server, or a third party's tiles (with its
// attribution). The web apps' Content-Security-Policy lets the photos app
// load from the tile service's origin only when one is
// configured (see: [Note: The web apps' Content-Security-Policy]).

/** Where an app reads which basemap to draw, on the photos app's origin or the API's. */
export const mapBasemapPath = "/map/basemap";

/**
 * The PMTiles archive, when the answer's `kind` is `pmtiles`: the answer's
 * `url` is this path, relative, so the client resolves it against the
 * origin it asked.
 */
export const mapPMTilesPath = "/map/basemap.pmtiles";

/** The raster tile formats browsers draw, hence the only ones a PMTiles basemap may hold. */
export const mapRasterTileTypes = ["png", "jpeg", "webp"] as const;
export type MapRasterTileType = (typeof mapRasterTileTypes)[number];

/** The deepest zoom level the map's basemap may have: see `maxZoom` below. */
const zoomLevel = z.number().int().min(0);

export const mapBasemapSchema = z.discriminatedUnion("kind", [
  /** The bundled Natural Earth basemap. */
  z.object({ kind: z.literal("offline") }),
  z.object({
    kind: z.literal("tiles"),
    /** An XYZ template with `{z}`, `{x}` and `{y}`, e.g. `https://tiles.example.org/{z}/{x}/{y}.png`. */
    urlTemplate: z.string().min(1),
    /** The credit the tiles' licence asks for, shown on the map. */
    attribution: z.string().min(1),
    /** The deepest level the service has tiles for; the map may magnify beyond it. */
    maxZoom: zoomLevel,
  }),
  z.object({
    kind: z.literal("pmtiles"),
    /** `mapPMTilesPath`: relative, resolved against the origin asked. */
    url: z.string().min(1),
    attribution: z.string().min(1),
    /** The deepest level to draw tiles of, at most the archive's own. */
    maxZoom: zoomLevel,
    tileType: z.enum(mapRasterTileTypes),
  }),
]);

export type MapBasemap = z.infer<typeof mapBasemapSchema>;

/**
 * The origin a tile service's template loads from, for a Content-Security-
 * Policy; undefined unless it is an http(s) URL. The template's placeholders
 * are in its path or query only (the server refuses others), so any value
 * stands in for them.
 */
export const mapTileTemplateOrigin = (urlTemplate: string): string | undefined => {
  const sample = urlTemplate.replace(/\{[zxy]\}/g, "0");
  if (!URL.canParse(sample)) return undefined;
  const url = new URL(sample);
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
};
