import fastifyCompress from "@fastify/compress";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from "fastify";
import type { AnyEndpoint } from "../../../shared/api/endpoint";
import { ApiError } from "../../../shared/model/errors";
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from "../db/database-unavailable";
import { blobRoutePrefix, registerLocalBlobRoutes } from "../blobs/local/local-blob-routes";
import type { LocalBlobStore } from "../blobs/local/local-blob-store";
import type { LogLevel } from "../config/config";
import { apiSecurityHeadersOf, registerApiSecurityHeaders } from "./api-security-headers";
import { noSessions, type AuthResolvers } from "./auth";
import { compressionThresholdBytes } from "./content-coding";
import { applyCORS } from "./cors";
import {
  type ConnectionLimits,
  defaultConnectionLimits,
  fastifyConnectionOptions,
} from "./connection-limits";
import { closeConnectionsWhenClosing } from "./graceful-close";
import { codeForStatus, StatusError } from "./http-errors";
import { drainOversizedBody } from "./oversized-body";
import { serverLoggerOptions, type LogStream } from "./log-redaction";
import { registerEndpoints, type HandlerMap } from "./register-endpoints";
import type { RateLimiter } from "./rate-limits";
import { newRequestID } from "./request-id";
import { retryAfterSecondsOf } from "./retry-after";
import "./route-config";

export interface ApiAppOptions<R extends Readonly<Record<string, AnyEndpoint>>> {
  endpoints: R;
  /** The handlers, or a function building them with the app's logger. */
  handlers: HandlerMap<R> | ((log: FastifyBaseLogger) => HandlerMap<R>);
  /** A level for a new JSON logger, or a logger to share. */
  logger: LogLevel | FastifyBaseLogger;
  /** Where a new JSON logger writes; standard output when absent. */
  logStream?: LogStream | undefined;
  bodyLimitBytes: number;
  resolvers?: AuthResolvers;
  /** Serve the local blob store's signed URLs under `/blobs/`. */
  localBlobStore?: LocalBlobStore | undefined;
  /** See `RegisterEndpointsOptions.validateResponses`. */
  validateResponses?: boolean;
  /** Rate limits of wire-contract §0.4; none when absent. */
  rateLimiter?: RateLimiter | undefined;
  /** See [Note: Slow clients cannot hold sockets]; the defaults when absent. */
  connectionLimits?: ConnectionLimits;
  /** The API's public URL, read per request: HSTS when https. See: [Note: The API's security headers] */
  publicURL?: (() => string) | undefined;
  /** Addresses of reverse proxies whose `X-Forwarded-For` names the client. See: [Note: A client's address behind a proxy] */
  trustedProxies?: readonly string[] | undefined;
}

// [Note: A client's address behind a proxy]
//
// The per-address rate limits (wire-contract §0.4) and the logs use the
// client's IP. Behind a reverse proxy every request comes from the proxy, so
// the whole server would share one address's budget: ten logins a minute
// for everybody. The proxies named in `CAIRN_TRUSTED_PROXIES` (addresses or
// CIDR ranges) are trusted to say who their client is in `X-Forwarded-For`;
// a header from anyone else is ignored, so a client cannot pick its own
// address to escape a limit.

/**
 * Route parameters may be this long. Object keys reach the blob routes as one
 * wildcard parameter of up to 4 × 128 characters; API path parameters are IDs,
 * far shorter. See: [Note: Object keys are safe paths]
 */
const maxParamLength = 1024;

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === "number";

/**
 * The API server (wire-contract §0): JSON endpoints from the shared
 * declarations, CORS, request IDs, caching and compression rules, errors that
 * never turn a client's mistake into a 500, and the local blob routes.
 */
export const createApiApp = async <R extends Readonly<Record<string, AnyEndpoint>>>(
  options: ApiAppOptions<R>,
): Promise<FastifyInstance> => {
  const loggerOptions: Pick<FastifyServerOptions, "logger" | "loggerInstance"> =
    typeof options.logger === "string"
      ? { logger: serverLoggerOptions(options.logger, options.logStream) }
      : { loggerInstance: options.logger };
  const app = Fastify({
    ...loggerOptions,
    ...fastifyConnectionOptions(options.connectionLimits ?? defaultConnectionLimits),
    bodyLimit: options.bodyLimitBytes,
    genReqId: newRequestID,
    ...(options.trustedProxies === undefined || options.trustedProxies.length === 0
      ? {}
      : { trustProxy: [...options.trustedProxies] }),
    // [Note: A malformed URL is answered in the API's error shape]
    //
    // fastify answers a path it cannot decode (`/files/%E0%A4%A`) before
    // any route or hook runs, in its own shape (`{"error", "code":
    // "FST_ERR_BAD_URL", "statusCode"}`). Clients read the contract's coded
    // shape for every 4xx, and every answer carries its request ID, CORS and
    // security headers, so such requests get them here.
    frameworkErrors: (error, request, frameworkReply) => {
      const reply = frameworkReply as FastifyReply;
      reply.header("X-Request-Id", request.id);
      reply.headers(apiSecurityHeadersOf(request, options.publicURL));
      applyCORS(request, reply);
      const status =
        error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
      void reply.code(status).send({
        code: codeForStatus(status),
        message: status === 400 ? "The URL is malformed" : error.message,
      });
    },
    routerOptions: {
      // The mobile clients call some paths with a trailing slash (wire-contract §0.1).
      ignoreTrailingSlash: true,
      maxParamLength,
    },
  }) as unknown as FastifyInstance;

  closeConnectionsWhenClosing(app);
  registerApiSecurityHeaders(app, options.publicURL);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
    applyCORS(request, reply);
    // Preflights get 200, not 204: Safari intermittently fails CORS on 204.
    if (request.method === "OPTIONS") return reply.code(200).send();
    // See: [Note: Signed object URLs are outside the API's global limit]
    if (!request.url.startsWith(`${blobRoutePrefix}/`)) options.rateLimiter?.checkGlobal();
    return undefined;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const cairn = request.routeOptions.config.cairn;
    // GET answers are never cached, except redirects to blobs and the blobs
    // themselves (wire-contract §0.1).
    if (
      request.method === "GET" &&
      cairn?.redirect !== true &&
      cairn?.blob !== true &&
      !reply.hasHeader("Cache-Control")
    ) {
      reply.header("Cache-Control", "no-store");
    }
    return payload;
  });

  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ["gzip"],
    threshold: compressionThresholdBytes,
  });

  // Bodyless POSTs sometimes still say `Content-Type: application/json`; an
  // empty JSON body is "no body" rather than an error. Everything else goes
  // through fastify's own parser (with its prototype-poisoning guards).
  const defaultJSONParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    void defaultJSONParser(request, text, done);
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError || error instanceof StatusError) {
      if (error.status === 429) reply.header("Retry-After", String(retryAfterSecondsOf(error)));
    }
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ code: error.code, message: error.message });
    }
    if (error instanceof StatusError) return reply.code(error.status).send(error.body);
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      // Malformed JSON, a wrong content type, an oversized body: the
      // client's fault, answered with its status.
      if (error.statusCode === 413) drainOversizedBody(request, reply);
      return reply
        .code(error.statusCode)
        .send({ code: codeForStatus(error.statusCode), message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "the database could not serve a request");
      return reply.code(503).header("Retry-After", String(databaseRetryAfterSeconds)).send({
        code: "SERVICE_UNAVAILABLE",
        message: "The server's database is unavailable for a moment; try again shortly",
      });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({});
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      code: "NOT_FOUND",
      message: `No route for ${request.method} ${request.url.split("?")[0] ?? ""}`,
    }),
  );

  const handlers =
    typeof options.handlers === "function" ? options.handlers(app.log) : options.handlers;
  registerEndpoints(app, options.endpoints, handlers, {
    resolvers: options.resolvers ?? noSessions,
    validateResponses: options.validateResponses ?? false,
    rateLimiter: options.rateLimiter,
  });

  if (options.localBlobStore !== undefined) {
    await registerLocalBlobRoutes(app, options.localBlobStore);
  }
  return app;
};
