import { describe, expect, it } from "vitest";
import type { MapBasemap } from "../../shared/api/map-basemap";
import { fetchMapTileOrigin } from "./map-tile-origin";

// See: [Note: The desktop learns the map's tile service at start]

const apiOrigin = "https://api.photos.example";
const attribution = "© OpenStreetMap contributors";

const answering =
  (answer: () => Promise<Response>, asked: string[] = []) =>
  (url: string) => {
    asked.push(url);
    return answer();
  };
const json =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

describe("fetchMapTileOrigin", () => {
  it("asks the API for the basemap and gives a tile service's origin", async () => {
    const asked: string[] = [];
    const tiles: MapBasemap = {
      kind: "tiles",
      urlTemplate: "https://tile.example.org/{z}/{x}/{y}.png?key=abc",
      attribution,
      maxZoom: 19,
    };
    expect(await fetchMapTileOrigin({ apiOrigin, fetch: answering(json(tiles), asked) })).toBe(
      "https://tile.example.org",
    );
    expect(asked).toEqual(["https://api.photos.example/map/basemap"]);
  });

  it.each<[string, () => Promise<Response>]>([
    ["the offline basemap", json({ kind: "offline" })],
    [
      "a PMTiles archive (from the API's origin)",
      json({
        kind: "pmtiles",
        url: "/map/basemap.pmtiles",
        attribution,
        maxZoom: 9,
        tileType: "png",
      }),
    ],
    ["a server without the route", json({ code: "NOT_FOUND" }, 404)],
    ["an answer of another shape", json({ kind: "tiles", urlTemplate: 42 })],
    [
      "a template that is no web URL",
      json({
        kind: "tiles",
        urlTemplate: "javascript:alert(1)//{z}{x}{y}",
        attribution,
        maxZoom: 1,
      }),
    ],
    ["an answer that is not JSON", () => Promise.resolve(new Response("<html>"))],
    ["an unreachable server", () => Promise.reject(new TypeError("fetch failed"))],
  ])("gives none for %s", async (_case, answer) => {
    expect(await fetchMapTileOrigin({ apiOrigin, fetch: answering(answer) })).toBeUndefined();
  });

  it("gives up after its timeout on a server that does not answer", async () => {
    const origin = await fetchMapTileOrigin({
      apiOrigin,
      timeoutMs: 20,
      fetch: (_url, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            reject(signal.reason as Error);
          });
        }),
    });
    expect(origin).toBeUndefined();
  });
});
