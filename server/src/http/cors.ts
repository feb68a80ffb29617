import type { FastifyReply, FastifyRequest } from "fastify";
import { mapPMTilesPath } from "../../../shared/api/map-basemap";

// CORS exactly as the reference server answers it (wire-contract §0.1), so
// that web apps on other origins (our three app ports, self-hosted clients)
// can call the API with credentials and custom headers.

export const allowedHeaders = [
  "Content-Type",
  "Content-Length",
  "Accept-Encoding",
  "X-CSRF-Token",
  "X-Auth-Token",
  "X-Auth-Access-Token",
  "X-Cast-Access-Token",
  "X-Auth-Access-Token-JWT",
  "X-Auth-Link-Device-Token",
  "X-Client-Package",
  "X-Client-Version",
  "X-Paste-Consume",
  "Authorization",
  "accept",
  "origin",
  "Cache-Control",
  "X-Requested-With",
  "upgrade-insecure-requests",
  "Range",
].join(", ");

/**
 * `Date` is read by the auth app to estimate the server's clock.
 * See: [Note: The server's clock is read from its answers]
 */
export const exposedHeaders = "X-Request-Id, X-Ente-Link-Device-Token, Date";

/** Blob routes also expose the part ETags the multipart completion needs. */
export const exposedBlobHeaders = `${exposedHeaders}, ETag`;

/**
 * The map's PMTiles archive exposes what its reader checks across origins:
 * the `ETag` that tells a replaced archive from the one it cached, and the
 * `Content-Range` of a 416. See: [Note: The map's basemap]
 */
export const exposedPMTilesHeaders = `${exposedHeaders}, ETag, Content-Range`;

export const allowedMethods = "POST, OPTIONS, GET, PUT, PATCH, DELETE";

/** 20 days, as the reference: browsers cap it lower anyway (Chromium at 2 h). */
export const preflightMaxAgeSeconds = 1728000;

const blobPathPrefix = "/blobs/";

/**
 * Add the CORS headers for a request that has an `Origin`. Blob routes behave
 * like an S3 bucket with a permissive CORS rule: any request header (uploads
 * may send `Content-MD5`), and `ETag` exposed.
 */
export const applyCORS = (request: FastifyRequest, reply: FastifyReply): void => {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const isBlob = request.url.startsWith(blobPathPrefix);
  const requestedHeaders = request.headers["access-control-request-headers"];
  reply
    .header("Access-Control-Allow-Origin", origin)
    .header("Access-Control-Allow-Credentials", "true")
    .header(
      "Access-Control-Allow-Headers",
      isBlob && requestedHeaders !== undefined ? requestedHeaders : allowedHeaders,
    )
    .header(
      "Access-Control-Expose-Headers",
      isBlob
        ? exposedBlobHeaders
        : request.url.split("?")[0] === mapPMTilesPath
          ? exposedPMTilesHeaders
          : exposedHeaders,
    )
    .header("Access-Control-Allow-Methods", allowedMethods)
    .header("Access-Control-Max-Age", String(preflightMaxAgeSeconds))
    .header("Vary", "Origin");
};
