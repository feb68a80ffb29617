import { describe, expect, it } from "vitest";
import { mapBasemapSchema, mapTileTemplateOrigin } from "./map-basemap";

describe("mapTileTemplateOrigin", () => {
  it.each([
    ["https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"],
    ["https://Tiles.Example.org:443/a/{z}/{x}/{y}.png?k=1", "https://tiles.example.org"],
    ["https://tiles.example.org:8443/{z}/{x}/{y}", "https://tiles.example.org:8443"],
    ["http://localhost:8099/{z}/{x}/{y}.png", "http://localhost:8099"],
    ["javascript:alert(1)//{z}/{x}/{y}", undefined],
    ["data:image/png;base64,{z}{x}{y}", undefined],
    ["/relative/{z}/{x}/{y}.png", undefined],
  ])("%s → %s", (template, origin) => {
    expect(mapTileTemplateOrigin(template)).toBe(origin);
  });
});

describe("mapBasemapSchema", () => {
  it.each([
    { kind: "offline" },
    {
      kind: "tiles",
      urlTemplate: "https://tile.example.org/{z}/{x}/{y}.png",
      attribution: "© OpenStreetMap contributors",
      maxZoom: 19,
    },
    {
      kind: "pmtiles",
      url: "/map/basemap.pmtiles",
      attribution: "© OpenStreetMap contributors",
      maxZoom: 14,
      tileType: "webp",
    },
  ])("reads %j", (answer) => {
    expect(mapBasemapSchema.parse(answer)).toEqual(answer);
  });

  it.each([
    { kind: "tiles", urlTemplate: "https://t.example/{z}/{x}/{y}.png", maxZoom: 19 },
    { kind: "pmtiles", url: "/map/basemap.pmtiles", attribution: "x", maxZoom: 3, tileType: "mvt" },
    {
      kind: "pmtiles",
      url: "/map/basemap.pmtiles",
      attribution: "x",
      maxZoom: -1,
      tileType: "png",
    },
    { kind: "vector" },
  ])("refuses %j", (answer) => {
    expect(mapBasemapSchema.safeParse(answer).success).toBe(false);
  });
});
