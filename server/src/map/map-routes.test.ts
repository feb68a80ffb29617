import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { PMTiles } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapBasemapSchema } from "../../../shared/api/map-basemap";
import { recordingLogger } from "../../test-support/logger";
import { onePixelPNG, tinyPMTiles } from "../../test-support/tiny-pmtiles";
import { createAppHost } from "../static/app-host";
import type { ServedMapBasemap } from "./map-basemap";
import { registerMapRoutes } from "./map-routes";
import { openMapBasemap } from "./open-map-basemap";

// The map's basemap on an app's origin. See: [Note: The map's basemap]

const attribution = "© OpenStreetMap contributors";
const archive = tinyPMTiles({ maxZoom: 2 });

/** The photos app's host, as main.ts makes it, serving `basemap`. */
const photosHost = (root: string, basemap: ServedMapBasemap) =>
  createAppHost({
    app: "photos",
    dir: path.join(root, "web"),
    runtimeConfig: () => {
      throw new Error("not asked");
    },
    securityOrigins: () => ({
      appURL: "http://localhost:3000",
      apiURL: "http://localhost:8080",
      blobOrigins: [],
    }),
    logger: recordingLogger(),
    mapBasemap: basemap,
  });

describe("the map's basemap on an app's origin", () => {
  let root: string;
  let archiveFile: string;
  const hosts: FastifyInstance[] = [];
  const host = async (basemap: ServedMapBasemap) => {
    const made = await photosHost(root, basemap);
    hosts.push(made);
    return made;
  };
  const basemapOf = async (served: FastifyInstance) => {
    const answer = await served.inject({ method: "GET", url: "/map/basemap" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    return mapBasemapSchema.parse(answer.json());
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "cairn-map-routes-"));
    archiveFile = path.join(root, "world.pmtiles");
    await writeFile(archiveFile, archive);
  });
  afterAll(async () => {
    await Promise.all(hosts.map((made) => made.close()));
    await rm(root, { recursive: true, force: true });
  });

  it("answers the offline basemap, and has no archive to serve", async () => {
    const served = await host(await openMapBasemap({ kind: "offline" }));
    expect(await basemapOf(served)).toEqual({ kind: "offline" });
    const archiveAnswer = await served.inject({ method: "GET", url: "/map/basemap.pmtiles" });
    expect(archiveAnswer.statusCode).toBe(404);
    expect(archiveAnswer.headers["cache-control"]).toBe("no-store");
  });

  it("answers a tile service's template, attribution and zoom", async () => {
    const tiles = {
      kind: "tiles",
      urlTemplate: "https://tile.example.org/{z}/{x}/{y}.png",
      attribution,
      maxZoom: 19,
    } as const;
    const served = await host(await openMapBasemap(tiles));
    expect(await basemapOf(served)).toEqual(tiles);
    expect((await served.inject({ method: "GET", url: "/map/basemap.pmtiles" })).statusCode).toBe(
      404,
    );
  });

  describe("a PMTiles archive", () => {
    let served: FastifyInstance;
    const get = (headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
      served.inject({ method, url: "/map/basemap.pmtiles", headers });

    beforeAll(async () => {
      served = await host(
        await openMapBasemap({
          kind: "pmtiles",
          file: archiveFile,
          attribution,
          maxZoom: undefined,
        }),
      );
    });

    it("answers a relative URL, the archive's tile type and zoom", async () => {
      expect(await basemapOf(served)).toEqual({
        kind: "pmtiles",
        url: "/map/basemap.pmtiles",
        attribution,
        maxZoom: 2,
        tileType: "png",
      });
    });

    it("serves the whole archive, uncompressed, saying it takes ranges", async () => {
      const answer = await get({ "accept-encoding": "gzip" });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload).toEqual(archive);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers["accept-ranges"]).toBe("bytes");
      expect(answer.headers["content-length"]).toBe(String(archive.length));
      expect(answer.headers["content-type"]).toBe("application/octet-stream");
      expect(answer.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
    });

    it.each([
      ["bytes=0-126", 0, 126],
      ["bytes=127-", 127, archive.length - 1],
      ["bytes=-10", archive.length - 10, archive.length - 1],
      // The reader's first read is 16 KiB: clipped to a small archive's end.
      ["bytes=0-16383", 0, archive.length - 1],
    ])("answers %s with 206 and those bytes", async (range, start, end) => {
      const answer = await get({ range });
      expect(answer.statusCode).toBe(206);
      expect(answer.headers["content-range"]).toBe(
        `bytes ${String(start)}-${String(end)}/${String(archive.length)}`,
      );
      expect(answer.headers["content-length"]).toBe(String(end - start + 1));
      expect(answer.rawPayload).toEqual(archive.subarray(start, end + 1));
    });

    it("refuses a range past the end with 416 and the archive's size", async () => {
      const answer = await get({ range: `bytes=${String(archive.length)}-` });
      expect(answer.statusCode).toBe(416);
      expect(answer.headers["content-range"]).toBe(`bytes */${String(archive.length)}`);
    });

    it("answers HEAD with the headers only, ranges included", async () => {
      const whole = await get({}, "HEAD");
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-length"]).toBe(String(archive.length));
      expect(whole.headers["accept-ranges"]).toBe("bytes");
      expect(whole.rawPayload).toHaveLength(0);
      const part = await get({ range: "bytes=0-9" }, "HEAD");
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-length"]).toBe("10");
      expect(part.rawPayload).toHaveLength(0);
    });

    it("revalidates by ETag, and sends the whole archive when If-Range names another version", async () => {
      const etag = String((await get()).headers.etag);
      expect((await get({ "if-none-match": etag })).statusCode).toBe(304);
      expect((await get({ range: "bytes=0-9", "if-range": etag })).statusCode).toBe(206);
      const stale = await get({ range: "bytes=0-9", "if-range": '"0-0"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload).toEqual(archive);
    });
  });
});

describe("the map's basemap over HTTP", () => {
  let root: string;
  let api: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "cairn-map-http-"));
    const file = path.join(root, "world.pmtiles");
    await writeFile(file, tinyPMTiles({ tileType: 3, tile: onePixelPNG, maxZoom: 1 }));
    // As on the API's host, which has no app host around it.
    api = Fastify();
    registerMapRoutes(
      api,
      await openMapBasemap({ kind: "pmtiles", file, attribution, maxZoom: undefined }),
    );
    await api.listen({ host: "127.0.0.1", port: 0 });
    origin = `http://127.0.0.1:${String((api.server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    await api.close();
    await rm(root, { recursive: true, force: true });
  });

  it("is read by the PMTiles reader the photos app uses, from the URL the answer gives", async () => {
    const basemap = mapBasemapSchema.parse(await (await fetch(`${origin}/map/basemap`)).json());
    if (basemap.kind !== "pmtiles")
      throw new Error(`expected a PMTiles basemap, got ${basemap.kind}`);
    const reader = new PMTiles(new URL(basemap.url, origin).href);
    expect(await reader.getHeader()).toMatchObject({ tileType: 3, maxZoom: 1 });
    const tile = await reader.getZxy(0, 0, 0);
    expect(Buffer.from(tile?.data ?? new ArrayBuffer(0))).toEqual(onePixelPNG);
  });
});
