import { mapTileTemplateOrigin } from "../../../shared/api/map-basemap";
import type { MapBasemapConfig } from "../config/config";
import type { ExtraOrigins } from "../static/content-security-policy";

/**
 * What the map adds to the photos app's Content-Security-Policy: a tile
 * service's origin, in `img-src` (OpenLayers shows raster tiles as images)
 * and in `connect-src` (for a tile loader that fetches them); nothing for the
 * offline basemap or a PMTiles archive, which the app's and the API's
 * origins serve (both allowed already).
 * See: [Note: The web apps' Content-Security-Policy], [Note: The map's basemap]
 */
export const basemapExtraOrigins = (basemap: MapBasemapConfig): ExtraOrigins | undefined => {
  const origin = basemap.kind === "tiles" ? mapTileTemplateOrigin(basemap.urlTemplate) : undefined;
  return origin === undefined ? undefined : { img: [origin], connect: [origin] };
};
