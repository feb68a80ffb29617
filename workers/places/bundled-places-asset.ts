// The places asset as the web build serves it: the Vite plugin of
// build/places-asset-plugin.ts makes the file from the npm packages at build
// time, and this `?url` import emits it into the build's assets
// (`/assets/places-<hash>.bin`, cached for a year since its name changes
// with its content) and gives its URL. Import this only in code Vite builds
// (the web apps' workers, the desktop renderer); Node code reads the file
// itself. See: [Note: The places asset is made at build time]

import placesAssetURL from "cairn-places-asset.bin?url";
import type { FetchPlacesAsset } from "./places-loader";

export class PlacesAssetFetchError extends Error {
  override name = "PlacesAssetFetchError";
  constructor(readonly status: number) {
    super(`fetching the places asset answered HTTP ${String(status)}`);
  }
}

/** The places asset from the app's own origin. */
export const fetchBundledPlacesAsset =
  (fetch: typeof globalThis.fetch): FetchPlacesAsset =>
  async () => {
    const response = await fetch(placesAssetURL);
    if (!response.ok) throw new PlacesAssetFetchError(response.status);
    return response.arrayBuffer();
  };
