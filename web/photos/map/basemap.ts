// The map's basemap: which one the server configured, and its OpenLayers
// layer. See: [Note: The map's basemap]

import TileLayer from "ol/layer/Tile";
import type BaseLayer from "ol/layer/Base";
import XYZ from "ol/source/XYZ";
import { PMTilesRasterSource } from "ol-pmtiles";
import { type OfflineBasemapColours, offlineBasemapLayer } from "./offline-basemap";
import { type MapBasemap, mapBasemapPath, mapBasemapSchema } from "../../../shared/api/map-basemap";

/** The basemap the server configured; the offline one when it cannot say (the map still works). */
export const fetchBasemap = async (apiOrigin: string): Promise<MapBasemap> => {
  const response = await fetch(new URL(mapBasemapPath, apiOrigin), { cache: "no-cache" });
  if (!response.ok) throw new Error(`The basemap answered ${String(response.status)}`);
  return mapBasemapSchema.parse(await response.json());
};

/** The layer drawing `basemap`. */
export const basemapLayer = (
  basemap: MapBasemap,
  apiOrigin: string,
  colours: OfflineBasemapColours,
): BaseLayer => {
  switch (basemap.kind) {
    case "offline":
      return offlineBasemapLayer(colours);
    case "tiles":
      return new TileLayer({
        source: new XYZ({
          url: basemap.urlTemplate,
          attributions: basemap.attribution,
          maxZoom: basemap.maxZoom,
          crossOrigin: "anonymous",
        }),
        properties: { basemap: "tiles" },
      });
    case "pmtiles":
      return new TileLayer({
        source: new PMTilesRasterSource({
          url: new URL(basemap.url, apiOrigin).toString(),
          attributions: basemap.attribution,
          maxZoom: basemap.maxZoom,
        }),
        properties: { basemap: "pmtiles" },
      });
  }
};
