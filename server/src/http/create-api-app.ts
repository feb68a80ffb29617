import fastifyCompress from "@fastify/compress";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
} from "fastify";
import type { AnyEndpoint } from "../../../shared/api/endpoint";
import { ApiError } from "../../../shared/model/errors";
import { registerLocalBlobRoutes } from "../blobs/local/local-blob-routes";
import type { LocalBlobStore } from "../blobs/local/local-blob-store";
import type { LogLevel } from "../config/config";
import { noSessions, type AuthResolvers } from "./auth";
import { compressionThresholdBytes } from "./content-coding";
import { applyCORS } from "./cors";
import { closeConnectionsWhenClosing } from "./graceful-close";
import { codeForStatus, StatusError } from "./http-errors";
import { serializeRequestForLog } from "./log-redaction";
import { registerEndpoints, type HandlerMap } from "./register-endpoints";
import type { RateLimiter } from "./rate-limits";
import { newRequestID } from "./request-id";
import "./route-config";

export interface ApiAppOptions<R extends Readonly<Record<string, AnyEndpoint>>> {
  endpoints: R;
  /** The handlers, or a function building them with the app's logger. */
  handlers: HandlerMap<R> | ((log: FastifyBaseLogger) => HandlerMap<R>);
  /** A level for a new JSON logger, or a logger to share. */
  logger: LogLevel | FastifyBaseLogger;
  bodyLimitBytes: number;
  resolvers?: AuthResolvers;
  /** Serve the local blob store's signed URLs under `/blobs/`. */
  localBlobStore?: LocalBlobStore | undefined;
  /** See `RegisterEndpointsOptions.validateResponses`. */
  validateResponses?: boolean;
  /** Rate limits of wire-contract §0.4; none when absent. */
  rateLimiter?: RateLimiter | undefined;
}

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
      ? { logger: { level: options.logger, serializers: { req: serializeRequestForLog } } }
      : { loggerInstance: options.logger };
  const app = Fastify({
    ...loggerOptions,
    bodyLimit: options.bodyLimitBytes,
    genReqId: newRequestID,
    routerOptions: {
      // The mobile clients call some paths with a trailing slash (wire-contract §0.1).
      ignoreTrailingSlash: true,
      maxParamLength,
    },
  }) as unknown as FastifyInstance;

  closeConnectionsWhenClosing(app);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
    applyCORS(request, reply);
    // Preflights get 200, not 204: Safari intermittently fails CORS on 204.
    if (request.method === "OPTIONS") return reply.code(200).send();
    options.rateLimiter?.checkGlobal();
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
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ code: error.code, message: error.message });
    }
    if (error instanceof StatusError) return reply.code(error.status).send(error.body);
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      // Malformed JSON, a wrong content type, an oversized body: the
      // client's fault, answered with its status.
      return reply
        .code(error.statusCode)
        .send({ code: codeForStatus(error.statusCode), message: error.message });
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
