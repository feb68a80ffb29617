import {
  mapBasemapPath,
  mapBasemapSchema,
  mapTileTemplateOrigin,
} from "../../shared/api/map-basemap";

// [Note: The desktop learns the map's tile service at start]
//
// When the server's admin configured a tile service for the map, the photos
// bundle loads its tiles from that service's origin, which the window's
// Content-Security-Policy must name (see: [Note: The desktop app's
// Content-Security-Policy]). The desktop cannot know it when it is built,
// and a policy is fixed for a page once loaded, so the main process asks
// the server (`GET /map/basemap` on the API, as the app itself does) once
// at start, and every answer of the app protocol waits for that question,
// at most `mapBasemapTimeoutMs`. A server that cannot be reached, an
// answer that is not one, or the offline or PMTiles basemap (from the app
// bundle or the API's origin, already allowed) add nothing: the map then
// shows no third-party tiles, and a new tile service is picked up at the
// next start. Trusting the server's word widens nothing it could not do
// already: it receives everything the app sends to the API.

/**
 * How long the app protocol's first answer may wait for the server: long
 * enough for a slow network round trip, short enough that an unreachable
 * server (black-holed, not refused) delays the window's first page only a
 * little.
 */
export const mapBasemapTimeoutMs = 3000;

/**
 * The origin of the server's map tile service, or undefined when there is
 * none or it cannot be learned. Never rejects.
 * See: [Note: The desktop learns the map's tile service at start]
 */
export async function fetchMapTileOrigin({
  apiOrigin,
  fetch,
  timeoutMs = mapBasemapTimeoutMs,
}: {
  apiOrigin: string;
  fetch: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  timeoutMs?: number;
}): Promise<string | undefined> {
  try {
    const response = await fetch(new URL(mapBasemapPath, apiOrigin).href, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const basemap = mapBasemapSchema.safeParse(await response.json());
    if (!basemap.success || basemap.data.kind !== "tiles") return undefined;
    return mapTileTemplateOrigin(basemap.data.urlTemplate);
  } catch {
    return undefined;
  }
}
