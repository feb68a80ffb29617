import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { runtimeConfigPath, type RuntimeConfig } from "../../../shared/api/runtime-config";
import type { WebApp } from "../config/config";
import { defaultConnectionLimits, fastifyConnectionOptions } from "../http/connection-limits";
import { closeConnectionsWhenClosing } from "../http/graceful-close";
import type { ServedMapBasemap } from "../map/map-basemap";
import { registerMapRoutes } from "../map/map-routes";
import type { ModelsFolder } from "../models/models-folder";
import { registerModelsRoutes } from "../models/models-routes";
import { newRequestID } from "../http/request-id";
import { inlineStyleHashes } from "./inline-style-hashes";
import { type WebAppOrigins, webAppSecurityHeaders } from "./web-app-security-headers";

// [Note: Each web app is served from its own port]
//
// The photos, accounts and auth apps are separate single-page apps, each
// built into `<webDist>/<app>/` (an `index.html` and hashed files under
// `assets/`) and served on a port of its own, so each has its own origin.
// Files that exist are served as they are; any other path that does not look
// like a file gets `index.html`, so the app's router handles deep links
// (`/gallery`, `/shared-albums?t=…`). Hashed assets never change under their
// name and are cached for a year; `index.html` is revalidated every time so a
// new build is picked up at once. A missing build is a clear 503 page, never
// a crash, and is looked for again on every request, so building while the
// server runs just works.

export interface AppHostOptions {
  app: WebApp;
  /** `<webDist>/<app>`. */
  dir: string;
  /** Read per request: the public URLs are known only once every port is bound. */
  runtimeConfig: () => RuntimeConfig;
  /** Read per request, like `runtimeConfig`. See: [Note: Every app answer carries the security headers] */
  securityOrigins: () => WebAppOrigins;
  logger: FastifyBaseLogger;
  /** Served at `/models/…` when given. See: [Note: The models folder] */
  models?: ModelsFolder;
  /** Served at `/map/basemap` and `/map/basemap.pmtiles` when given. See: [Note: The map's basemap] */
  mapBasemap?: ServedMapBasemap;
}

/** A year: the longest lifetime caches honour, for files whose name changes with their content. */
const immutableCacheControl = "public, max-age=31536000, immutable";

const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
};

const contentTypeOf = (file: string) =>
  contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";

/** Paths the SPA fallback must not answer: asset URLs and anything with a file extension. */
const looksLikeFile = (relativePath: string) =>
  relativePath.startsWith("assets/") || path.posix.extname(relativePath) !== "";

const notBuiltPage = (app: WebApp) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cairn ${app} is not built</title>
<style>body{font-family:system-ui,sans-serif;background:#111;color:#eee;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:32rem;padding:2rem}code{background:#222;padding:.2em .4em;border-radius:4px}</style>
</head><body><main><h1>The ${app} app is not built yet</h1>
<p>Run <code>npm run build:web</code> in the Cairn folder, then reload this page.</p></main></body></html>
`;

const isFile = async (file: string) => {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
};

export const createAppHost = async ({
  app,
  dir,
  runtimeConfig,
  securityOrigins,
  logger,
  models,
  mapBasemap,
}: AppHostOptions): Promise<FastifyInstance> => {
  const host = Fastify({
    loggerInstance: logger,
    ...fastifyConnectionOptions(defaultConnectionLimits),
    genReqId: newRequestID,
    routerOptions: { ignoreTrailingSlash: true },
  }) as unknown as FastifyInstance;
  await host.register(fastifyCompress, { global: true, encodings: ["gzip"] });
  closeConnectionsWhenClosing(host);
  const root = path.resolve(dir);
  const index = path.join(root, "index.html");

  // The hashes of the page's inline styles, read again when a build changes it.
  const notBuiltStyleHashes = inlineStyleHashes(notBuiltPage(app));
  let indexStyleHashes: { version: string; hashes: string[] } | undefined;
  const pageStyleHashes = async (): Promise<string[]> => {
    const stats = await isFile(index);
    if (stats === undefined) return notBuiltStyleHashes;
    const version = `${String(stats.size)}-${String(stats.mtimeMs)}`;
    if (indexStyleHashes?.version === version) return indexStyleHashes.hashes;
    // Gone since the stat (a build emptying the folder): the not-built page is next.
    const html = await readFile(index, "utf8").catch(() => undefined);
    if (html === undefined) return notBuiltStyleHashes;
    indexStyleHashes = { version, hashes: inlineStyleHashes(html) };
    return indexStyleHashes.hashes;
  };

  host.addHook("onRequest", async (request, reply) => {
    reply
      .header("X-Request-Id", request.id)
      .headers(webAppSecurityHeaders(securityOrigins(), await pageStyleHashes()));
  });

  host.route({
    method: ["GET", "HEAD"],
    url: runtimeConfigPath,
    exposeHeadRoute: false,
    handler: (_request, reply) =>
      reply
        .header("Cache-Control", "no-store")
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(runtimeConfig())),
  });

  if (models !== undefined) registerModelsRoutes(host, models);
  if (mapBasemap !== undefined) registerMapRoutes(host, mapBasemap);

  const sendFile = async (
    reply: FastifyReply,
    file: string,
    stats: { size: number; mtimeMs: number },
    cacheControl: string,
  ) => {
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    reply
      .header("Cache-Control", cacheControl)
      .header("ETag", etag)
      .header("Last-Modified", new Date(stats.mtimeMs).toUTCString())
      .type(contentTypeOf(file));
    const ifNoneMatch = reply.request.headers["if-none-match"];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
      return reply.code(304).send();
    }
    if (reply.request.method === "HEAD") {
      return reply.header("Content-Length", String(stats.size)).send();
    }
    return reply.send(createReadStream(file));
  };

  const serveApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const indexStats = await isFile(index);
    if (indexStats === undefined) {
      return reply
        .code(503)
        .header("Cache-Control", "no-store")
        .type("text/html; charset=utf-8")
        .send(notBuiltPage(app));
    }
    const wildcard = (request.params as Record<string, string | undefined>)["*"] ?? "";
    const relativePath = path.posix.normalize(`/${wildcard}`).slice(1);
    const file = path.join(root, relativePath);
    const inside =
      (relativePath === "" || file.startsWith(`${root}${path.sep}`)) &&
      !relativePath.includes("\0");
    if (inside && relativePath !== "") {
      const stats = await isFile(file);
      if (stats !== undefined) {
        const cacheControl = relativePath.startsWith("assets/")
          ? immutableCacheControl
          : "no-cache";
        return sendFile(reply, file, stats, cacheControl);
      }
    }
    if (!inside || looksLikeFile(relativePath)) {
      return reply
        .code(404)
        .header("Cache-Control", "no-store")
        .type("text/plain")
        .send("Not found");
    }
    return sendFile(reply, index, indexStats, "no-cache");
  };
  for (const url of ["/", "/*"]) {
    host.route({ method: ["GET", "HEAD"], url, exposeHeadRoute: false, handler: serveApp });
  }

  host.setNotFoundHandler((_request, reply) =>
    reply.code(404).type("text/plain").send("Not found"),
  );
  return host;
};
