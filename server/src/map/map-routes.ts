import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { mapBasemapPath, mapPMTilesPath } from "../../../shared/api/map-basemap";
import { parseRange } from "../http/byte-range";
import type { ServedMapBasemap } from "./map-basemap";

// The map's basemap on an app's origin: `GET /map/basemap` says which one to
// draw, `GET /map/basemap.pmtiles` serves the PMTiles archive when that is
// the one. See: [Note: The map's basemap]

/**
 * A day: the PMTiles reader fetches an archive's header and directories
 * once per page and tiles as the user pans, so caching saves most requests.
 * An archive replaced meanwhile (which takes a restart) gets a new ETag,
 * which the reader notices on its next fetch and then reloads past the cache.
 */
const pmtilesCacheControl = "public, max-age=86400";

/** The archive's size and modification time: it changes when the file does. */
const etagOf = (stats: { size: number; mtimeMs: number }) =>
  `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

const listsETag = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(/\s*,\s*/).some((tag) => tag === etag || tag === "*");

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header("Cache-Control", "no-store")
    .type("text/plain")
    .send(`No PMTiles basemap is configured: see ${mapBasemapPath}`);

/**
 * The archive with byte ranges (RFC 9110 §14), which is how the PMTiles
 * reader reads it: one range per request, answered 206 with
 * `Content-Range`, 416 when it starts past the end; a request without a
 * range (or with several) gets the whole file. `If-Range` with another ETag
 * gets the whole file too, so a reader never mixes two versions.
 */
const servePMTiles = async (
  file: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> => {
  const stats = await stat(file).catch(() => undefined);
  if (stats?.isFile() !== true) return notFound(reply);
  const etag = etagOf(stats);
  reply
    .header("Cache-Control", pmtilesCacheControl)
    .header("ETag", etag)
    .header("Last-Modified", new Date(stats.mtimeMs).toUTCString())
    .header("Accept-Ranges", "bytes")
    .type("application/octet-stream");
  if (listsETag(request.headers["if-none-match"], etag)) return reply.code(304).send();

  const ifRange = request.headers["if-range"];
  const range =
    ifRange === undefined || ifRange === etag
      ? parseRange(request.headers.range, stats.size)
      : undefined;
  if (range === "unsatisfiable") {
    return reply
      .code(416)
      .header("Content-Range", `bytes */${String(stats.size)}`)
      .send();
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? stats.size - 1;
  if (range !== undefined) {
    reply
      .code(206)
      .header("Content-Range", `bytes ${String(start)}-${String(end)}/${String(stats.size)}`);
  }
  reply.header("Content-Length", String(end - start + 1));
  if (request.method === "HEAD" || stats.size === 0) return reply.send();
  return reply.send(createReadStream(file, { start, end }));
};

export const registerMapRoutes = (host: FastifyInstance, basemap: ServedMapBasemap): void => {
  const answer = JSON.stringify(basemap.answer);
  host.route({
    method: ["GET", "HEAD"],
    url: mapBasemapPath,
    exposeHeadRoute: false,
    handler: (_request, reply) =>
      reply
        // A new configuration takes effect at the next start: ask again each time.
        .header("Cache-Control", "no-cache")
        .type("application/json; charset=utf-8")
        .send(answer),
  });

  host.route({
    method: ["GET", "HEAD"],
    url: mapPMTilesPath,
    exposeHeadRoute: false,
    // Tiles are compressed images already, and a compressed answer could not
    // be read by byte ranges.
    compress: false,
    handler: (request, reply) =>
      basemap.pmtilesFile === undefined
        ? notFound(reply)
        : servePMTiles(basemap.pmtilesFile, request, reply),
  });
};
