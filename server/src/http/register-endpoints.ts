import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  isResponseSchema,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseInputOf,
} from "../../../shared/api/endpoint";
import { appForClientPackage, headerNames, type ClientApp } from "../../../shared/api/headers";
import { ApiError } from "../../../shared/model/errors";
import { resolveSession, type AuthResolvers, type SessionFor } from "./auth";
import { EncodedJSON, isEncodedJSONHandler } from "./encoded-json";
import type { RateLimiter } from "./rate-limits";
import "./route-config";

// Routes come from the shared declarations: one fastify route per endpoint,
// whose handler is looked up by the endpoint's name in a map typed from the
// registry. See: [Note: One declaration per endpoint]

export interface HandlerInput<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** Who is calling, per the endpoint's auth kind. */
  session: SessionFor<E["auth"]>;
  /** The app the request acts for (from `X-Client-Package`). */
  app: ClientApp;
  request: FastifyRequest;
  /** For extra response headers; the handler's return value is the body. */
  reply: FastifyReply;
}

/**
 * A JSON endpoint's answer of 204 and no body, where the contract lets a
 * caller ask for one instead of a 404 (`GET /files/data/fetch` with
 * `preferNoContent`, wire-contract §8).
 */
export const noContent: unique symbol = Symbol("noContent");

/**
 * What a handler answers: its endpoint's response, or, for a JSON response,
 * that JSON already encoded (See: [Note: Some answers arrive encoded]) or
 * `noContent`.
 */
export type HandlerAnswer<E extends AnyEndpoint> = E["response"] extends z.ZodType
  ? ResponseInputOf<E> | EncodedJSON | typeof noContent
  : ResponseInputOf<E>;

export type EndpointHandler<E extends AnyEndpoint> = (
  input: HandlerInput<E>,
) => HandlerAnswer<E> | Promise<HandlerAnswer<E>>;

/** One handler per endpoint of `R`, each typed from its declaration. */
export type HandlerMap<R extends Readonly<Record<string, AnyEndpoint>>> = {
  [K in keyof R]: EndpointHandler<R[K]>;
};

export interface RegisterEndpointsOptions {
  resolvers: AuthResolvers;
  /**
   * Check every answer against its response schema and fail with a 500 when
   * it does not match. For tests: it catches a handler drifting from the
   * contract; production trusts the types.
   */
  validateResponses?: boolean;
  /** Limits requests once the caller is known (wire-contract §0.4). */
  rateLimiter?: RateLimiter | undefined;
}

const describeIssues = (where: string, error: z.ZodError): string =>
  error.issues
    .map((issue) => {
      const at = [where, ...issue.path.map(String)].join(".");
      return `${at}: ${issue.message}`;
    })
    .join("; ");

/** Parse one part of the request, or answer 400 naming what is wrong. */
const parsePart = (where: string, schema: z.ZodType | undefined, value: unknown): unknown => {
  if (schema === undefined) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError({
    status: 400,
    code: "BAD_REQUEST",
    message: describeIssues(where, result.error),
  });
};

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

export const registerEndpoints = <R extends Readonly<Record<string, AnyEndpoint>>>(
  app: FastifyInstance,
  endpoints: R,
  handlers: HandlerMap<R>,
  { resolvers, validateResponses = false, rateLimiter }: RegisterEndpointsOptions,
): void => {
  for (const [name, endpoint] of Object.entries(endpoints) as [keyof R & string, AnyEndpoint][]) {
    const handler = handlers[name] as unknown as (input: HandlerInput<AnyEndpoint>) => unknown;
    const response = endpoint.response;
    const isRedirect = !isResponseSchema(response) && response.responseKind === "redirect";
    const isBytes = !isResponseSchema(response) && response.responseKind === "bytes";

    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { cairn: { redirect: isRedirect } },
      // See: [Note: Some answers arrive encoded]. Bytes are ciphertext, which
      // does not compress.
      ...(isEncodedJSONHandler(handler) || isBytes ? { compress: false as const } : {}),
      handler: async (request, reply) => {
        const clientApp = appForClientPackage(headerValue(request, headerNames.clientPackage));
        const session = await resolveSession(resolvers, { app: clientApp, request, endpoint });
        rateLimiter?.check(endpoint, request, session);
        const input = {
          params: parsePart("path", endpoint.params, request.params),
          query: parsePart("query", endpoint.query, request.query),
          body: parsePart("body", endpoint.body, request.body),
          session,
          app: clientApp,
          request,
          reply,
        } as HandlerInput<AnyEndpoint>;
        const result = await handler(input);

        if (!isResponseSchema(response)) {
          if (response.responseKind === "redirect") {
            return reply.redirect((result as { location: string }).location, 307);
          }
          if (response.responseKind === "bytes") {
            const bytes = result as Uint8Array;
            return reply
              .code(200)
              .type("application/octet-stream")
              .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
          }
          return reply.code(200).send();
        }
        if (result === noContent) return reply.code(204).send();
        if (validateResponses) {
          const checked = response.safeParse(
            result instanceof EncodedJSON ? result.decode() : result,
          );
          if (!checked.success) {
            throw new Error(
              `Handler ${name} answered outside its schema: ${describeIssues("response", checked.error)}`,
            );
          }
        }
        reply.code(200).type("application/json; charset=utf-8");
        if (result instanceof EncodedJSON) {
          // The answer differs by the request's Accept-Encoding, whatever coding it has.
          reply.header("Vary", "Accept-Encoding");
          if (result.coding !== "identity") reply.header("Content-Encoding", result.coding);
          return reply.send(result.bytes);
        }
        return reply.send(JSON.stringify(result));
      },
    });
  }
};
