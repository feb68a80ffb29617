import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { defineEndpoint, emptyResponse, redirectResponse } from "../../shared/api/endpoint";
import { ping } from "../../shared/api/endpoints/system";
import { intFromString } from "../../shared/api/wire-values";
import { ApiError } from "../../shared/model/errors";
import type { AuthResolvers, CastSession, PublicLinkSession, UserSession } from "../src/http/auth";
import { createApiApp } from "../src/http/create-api-app";
import { answersEncodedJSON, EncodedJSON } from "../src/http/encoded-json";
import type { HandlerMap } from "../src/http/register-endpoints";
import { recordingLogger } from "./logger";

// Test-only endpoints exercising every kind of declaration; no accounts
// exist yet, so sessions come from a resolver that knows two fixed tokens.
export const testEndpoints = {
  ping,
  item: defineEndpoint({
    method: "GET",
    path: "/test/items/:itemID",
    auth: "user",
    params: z.object({ itemID: intFromString() }),
    query: z.object({ sinceTime: intFromString().optional() }),
    response: z.object({
      itemID: z.number(),
      sinceTime: z.number().nullable(),
      userID: z.number(),
      app: z.string(),
    }),
  }),
  specialItem: defineEndpoint({
    method: "GET",
    path: "/test/items/special",
    auth: "none",
    response: z.object({ special: z.literal(true) }),
  }),
  rename: defineEndpoint({
    method: "POST",
    path: "/test/rename",
    auth: "user",
    body: z.object({ itemID: z.number().int(), name: z.string().min(1) }),
    response: z.object({ renamed: z.string() }),
  }),
  logout: defineEndpoint({
    method: "POST",
    path: "/test/logout",
    auth: "none",
    response: emptyResponse,
  }),
  linkInfo: defineEndpoint({
    method: "GET",
    path: "/test/link/info",
    auth: "publicLink",
    response: z.object({ collectionID: z.number(), hasJWT: z.boolean() }),
  }),
  castInfo: defineEndpoint({
    method: "GET",
    path: "/test/cast/info",
    auth: "castToken",
    response: z.object({ collectionID: z.number(), casterID: z.number() }),
  }),
  download: defineEndpoint({
    method: "GET",
    path: "/test/download/:fileID",
    auth: "user",
    params: z.object({ fileID: intFromString() }),
    response: redirectResponse,
  }),
  bytes: defineEndpoint({
    method: "GET",
    path: "/test/bytes/:fileID",
    auth: "none",
    params: z.object({ fileID: intFromString() }),
    response: z.object({ bytesOf: z.number() }),
  }),
  conflict: defineEndpoint({
    method: "POST",
    path: "/test/conflict",
    auth: "none",
    response: emptyResponse,
  }),
  crash: defineEndpoint({
    method: "GET",
    path: "/test/crash",
    auth: "none",
    response: z.object({}),
  }),
  drift: defineEndpoint({
    method: "GET",
    path: "/test/drift",
    auth: "none",
    response: z.object({ count: z.number() }),
  }),
  big: defineEndpoint({
    method: "GET",
    path: "/test/big",
    auth: "none",
    response: z.object({ items: z.array(z.string()) }),
  }),
  encodedBig: defineEndpoint({
    method: "GET",
    path: "/test/encoded-big",
    auth: "none",
    query: z.object({ coding: z.enum(["identity", "gzip"]) }),
    response: z.object({ items: z.array(z.string()) }),
  }),
};

const bigItems = () => ({ items: Array.from({ length: 500 }, (_, i) => `item number ${i}`) });

export const testHandlers: HandlerMap<typeof testEndpoints> = {
  ping: () => ({ message: "pong", id: "test" }),
  item: ({ params, query, session, app }) => ({
    itemID: params.itemID,
    sinceTime: query.sinceTime ?? null,
    userID: session.userID,
    app,
  }),
  specialItem: () => ({ special: true }),
  rename: ({ body }) => ({ renamed: `${body.itemID}:${body.name}` }),
  logout: () => undefined,
  linkInfo: ({ request, session }) => ({
    collectionID: session.collectionID,
    hasJWT: request.headers["x-auth-access-token-jwt"] !== undefined || request.url.includes("JWT"),
  }),
  castInfo: ({ session }) => ({ collectionID: session.collectionID, casterID: session.casterID }),
  download: ({ params }) => ({ location: `/test/bytes/${params.fileID}` }),
  bytes: ({ params }) => ({ bytesOf: params.fileID }),
  conflict: () => {
    throw new ApiError({ status: 409, code: "CONFLICT", message: "already there" });
  },
  crash: () => {
    throw new Error("disk on fire");
  },
  // @ts-expect-error a handler answering outside its schema fails to compile
  drift: () => ({ count: "three" }),
  big: bigItems,
  // Encoded by the handler, in the coding the query names. See: [Note: Some answers arrive encoded]
  encodedBig: answersEncodedJSON(({ query }) => {
    const json = Buffer.from(JSON.stringify(bigItems()));
    return new EncodedJSON(query.coding === "gzip" ? gzipSync(json) : json, query.coding);
  }),
};

export const testResolvers: AuthResolvers = {
  user: (token, { app }) =>
    Promise.resolve<UserSession | undefined>(
      token === "good-token" ? { userID: 1580559962386438, app, token } : undefined,
    ),
  accountsToken: (token) =>
    Promise.resolve(token === "good-accounts-jwt" ? { userID: 1580559962386438 } : undefined),
  familiesToken: (token) =>
    Promise.resolve(token === "good-families-jwt" ? { userID: 1580559962386438 } : undefined),
  publicLink: ({ accessToken }) =>
    Promise.resolve<PublicLinkSession | undefined>(
      accessToken === "link-token" ? { collectionID: 77, accessToken } : undefined,
    ),
  castToken: (token) =>
    Promise.resolve<CastSession | undefined>(
      token === "cast-token"
        ? { collectionID: 78, casterID: 1580559962386438, deviceID: "d" }
        : undefined,
    ),
};

export const testBodyLimitBytes = 4096;

/** An API app serving the test endpoints, checking its own answers, with a recording logger. */
export const createTestApiApp = async (): Promise<{
  app: FastifyInstance;
  log: ReturnType<typeof recordingLogger>;
}> => {
  const log = recordingLogger();
  const app = await createApiApp({
    endpoints: testEndpoints,
    handlers: testHandlers,
    logger: log,
    bodyLimitBytes: testBodyLimitBytes,
    resolvers: testResolvers,
    validateResponses: true,
  });
  return { app, log };
};
