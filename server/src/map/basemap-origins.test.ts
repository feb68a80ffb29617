import { describe, expect, it } from "vitest";
import { webAppOriginsFor, webAppSecurityHeaders } from "../static/web-app-security-headers";
import type { MapBasemapConfig } from "../config/config";
import { basemapExtraOrigins } from "./basemap-origins";

// The photos app's policy follows the configured basemap.
// See: [Note: The web apps' Content-Security-Policy], [Note: The map's basemap]

const urls = {
  api: "https://api.photos.example",
  photos: "https://photos.example",
  accounts: "https://accounts.photos.example",
  auth: "https://auth.photos.example",
};
const attribution = "© OpenStreetMap contributors";

/** The photos app's policy as directive → sources, for this basemap. */
const photosPolicy = (basemap: MapBasemapConfig): Record<string, string[]> => {
  const headers = webAppSecurityHeaders(
    webAppOriginsFor(
      "photos",
      urls,
      { kind: "local", dir: "/data/objects" },
      basemapExtraOrigins(basemap),
    ),
    [],
  );
  return Object.fromEntries(
    (headers["Content-Security-Policy"] ?? "").split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources];
    }),
  );
};

describe("the map in the photos app's Content-Security-Policy", () => {
  it("allows a tile service's origin to be shown and fetched from", () => {
    const policy = photosPolicy({
      kind: "tiles",
      urlTemplate: "https://tile.example.org/styles/{z}/{x}/{y}.png?key=abc",
      attribution,
      maxZoom: 19,
    });
    expect(policy["img-src"]).toEqual(["'self'", "blob:", "data:", "https://tile.example.org"]);
    expect(policy["connect-src"]).toEqual([
      "'self'",
      "https://api.photos.example",
      "https://tile.example.org",
    ]);
  });

  it.each<[string, MapBasemapConfig]>([
    ["the offline basemap", { kind: "offline" }],
    [
      "a PMTiles archive (served by the app's and the API's origins)",
      {
        kind: "pmtiles",
        file: "/maps/world.pmtiles",
        attribution,
        maxZoom: undefined,
      },
    ],
  ])("adds nothing for %s", (_case, basemap) => {
    const policy = photosPolicy(basemap);
    expect(policy["img-src"]).toEqual(["'self'", "blob:", "data:"]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://api.photos.example"]);
  });
});
