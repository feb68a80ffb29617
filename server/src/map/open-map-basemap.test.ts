import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Compression, PMTiles, type Source, TileType } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onePixelPNG, pmtilesTileTypes, tinyPMTiles } from "../../test-support/tiny-pmtiles";
import { ConfigError, type MapBasemapConfig } from "../config/config";
import { type PMTilesHeaderFacts, pmtilesBasemapOf } from "./map-basemap";
import { openMapBasemap } from "./open-map-basemap";
import { readPMTilesHeader } from "./pmtiles-header";

// See: [Note: The map's basemap]

const attribution = "© OpenStreetMap contributors";
const pmtiles = (file: string, maxZoom?: number) =>
  ({ kind: "pmtiles", file, attribution, maxZoom }) satisfies MapBasemapConfig;

describe("the tiny test archive", () => {
  it("is a PMTiles archive the pmtiles package reads, tile included", async () => {
    const bytes = tinyPMTiles({ maxZoom: 3 });
    const source: Source = {
      getKey: () => "tiny",
      getBytes: (offset, length) =>
        Promise.resolve({ data: new Uint8Array(bytes.subarray(offset, offset + length)).buffer }),
    };
    const archive = new PMTiles(source);
    expect(await archive.getHeader()).toMatchObject({
      specVersion: 3,
      tileType: pmtilesTileTypes.png,
      minZoom: 0,
      maxZoom: 3,
      numAddressedTiles: 1,
    });
    const tile = await archive.getZxy(0, 0, 0);
    expect(Buffer.from(tile?.data ?? new ArrayBuffer(0))).toEqual(onePixelPNG);
    expect(await archive.getZxy(1, 0, 0)).toBeUndefined();
  });
});

describe("pmtilesBasemapOf", () => {
  const raster: PMTilesHeaderFacts = {
    specVersion: 3,
    tileType: TileType.Png,
    tileCompression: Compression.None,
    minZoom: 0,
    maxZoom: 14,
  };

  it.each<
    [string, Partial<PMTilesHeaderFacts>, number | undefined, "png" | "jpeg" | "webp", number]
  >([
    ["png, drawn to the archive's deepest level", {}, undefined, "png", 14],
    ["jpeg, drawn to a shallower level", { tileType: TileType.Jpeg }, 10, "jpeg", 10],
    [
      "webp with gzipped tiles",
      { tileType: TileType.Webp, tileCompression: Compression.Gzip },
      14,
      "webp",
      14,
    ],
  ])("serves %s", (_case, header, maxZoom, tileType, servedMaxZoom) => {
    expect(pmtilesBasemapOf(pmtiles("/maps/w.pmtiles", maxZoom), { ...raster, ...header })).toEqual(
      {
        basemap: {
          answer: {
            kind: "pmtiles",
            url: "/map/basemap.pmtiles",
            attribution,
            maxZoom: servedMaxZoom,
            tileType,
          },
          pmtilesFile: "/maps/w.pmtiles",
        },
      },
    );
  });

  it.each<[string, Partial<PMTilesHeaderFacts>, number | undefined, string]>([
    [
      "vector tiles",
      { tileType: TileType.Mvt },
      undefined,
      "CAIRN_MAP_PMTILES: /maps/w.pmtiles holds vector (mvt) tiles; the map draws raster tiles only: png, jpeg or webp",
    ],
    ["MapLibre tiles", { tileType: TileType.Mlt }, undefined, "holds vector (mlt) tiles"],
    ["avif tiles", { tileType: TileType.Avif }, undefined, "holds avif tiles"],
    ["tiles of no known type", { tileType: TileType.Unknown }, undefined, "holds unknown tiles"],
    [
      "brotli tiles",
      { tileCompression: Compression.Brotli },
      undefined,
      "compresses its tiles with brotli or zstd",
    ],
    ["an older spec", { specVersion: 2 }, undefined, "is a version 2 PMTiles archive"],
    [
      "a zoom deeper than the archive",
      {},
      15,
      "CAIRN_MAP_MAX_ZOOM: 15 is outside the zoom levels of /maps/w.pmtiles (0 to 14)",
    ],
    ["a zoom shallower than the archive", { minZoom: 5 }, 4, "(5 to 14)"],
  ])("refuses %s", (_case, header, maxZoom, problem) => {
    const checked = pmtilesBasemapOf(pmtiles("/maps/w.pmtiles", maxZoom), { ...raster, ...header });
    expect("problems" in checked && checked.problems.join("\n")).toContain(problem);
  });
});

describe("openMapBasemap", () => {
  let dir: string;
  const write = async (name: string, bytes: Uint8Array | string) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return file;
  };
  const problemsOf = async (config: MapBasemapConfig): Promise<string> => {
    const error: unknown = await openMapBasemap(config).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join("\n");
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-basemap-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the offline basemap and a tile service as configured, reading nothing", async () => {
    expect(await openMapBasemap({ kind: "offline" })).toEqual({
      answer: { kind: "offline" },
      pmtilesFile: undefined,
    });
    const tiles = {
      kind: "tiles",
      urlTemplate: "https://tile.example.org/{z}/{x}/{y}.png",
      attribution,
      maxZoom: 19,
    } as const;
    expect(await openMapBasemap(tiles)).toEqual({ answer: tiles, pmtilesFile: undefined });
  });

  it("reads a raster archive's header and serves it at its maximum zoom", async () => {
    const file = await write("world.pmtiles", tinyPMTiles({ tileType: 4, maxZoom: 6 }));
    expect(await readPMTilesHeader(file)).toMatchObject({ tileType: 4, maxZoom: 6 });
    expect(await openMapBasemap(pmtiles(file))).toEqual({
      answer: {
        kind: "pmtiles",
        url: "/map/basemap.pmtiles",
        attribution,
        maxZoom: 6,
        tileType: "webp",
      },
      pmtilesFile: file,
    });
  });

  it("refuses a missing file, a folder, another kind of file and vector tiles, naming the variable", async () => {
    const missing = path.join(dir, "missing.pmtiles");
    expect(await problemsOf(pmtiles(missing))).toBe(`CAIRN_MAP_PMTILES: ${missing} does not exist`);
    const folder = path.join(dir, "folder.pmtiles");
    await mkdir(folder);
    expect(await problemsOf(pmtiles(folder))).toBe(
      `CAIRN_MAP_PMTILES: ${folder} is a folder, not a PMTiles file`,
    );
    const png = await write("tile.png", onePixelPNG);
    expect(await problemsOf(pmtiles(png))).toMatch(
      /^CAIRN_MAP_PMTILES: .*tile\.png is not a PMTiles archive \(/,
    );
    const empty = await write("empty.pmtiles", "");
    expect(await problemsOf(pmtiles(empty))).toContain("is not a PMTiles archive");
    const vector = await write("vector.pmtiles", tinyPMTiles({ tileType: pmtilesTileTypes.mvt }));
    expect(await problemsOf(pmtiles(vector))).toContain("holds vector (mvt) tiles");
  });
});
