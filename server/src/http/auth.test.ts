import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApiApp } from "../../test-support/sample-endpoints";

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await createTestApiApp());
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const withToken = { "x-auth-token": "good-token" };

describe("auth", () => {
  it.each([
    ["no token", {}, "/test/items/1", 401, { error: "missing token" }],
    [
      "an unknown token",
      { "x-auth-token": "bad" },
      "/test/items/1",
      401,
      { error: "invalid token" },
    ],
    ["a token in the query", {}, "/test/items/1?token=good-token", 200, undefined],
    [
      "a header token winning over the query",
      { "x-auth-token": "good-token" },
      "/test/items/1?token=bad",
      200,
      undefined,
    ],
    ["no link token", {}, "/test/link/info", 401, { error: "missing accessToken" }],
    [
      "an unknown link token",
      { "x-auth-access-token": "nope" },
      "/test/link/info",
      401,
      { error: "invalid token" },
    ],
    [
      "a link token header",
      { "x-auth-access-token": "link-token" },
      "/test/link/info",
      200,
      undefined,
    ],
    [
      "link tokens in the query",
      {},
      "/test/link/info?accessToken=link-token&accessTokenJWT=j",
      200,
      undefined,
    ],
    ["no cast token", {}, "/test/cast/info", 401, { error: "cast access token missing" }],
    [
      "a session token where a cast token is needed",
      withToken,
      "/test/cast/info",
      401,
      { error: "cast access token missing" },
    ],
    [
      "an unknown cast token",
      { "x-cast-access-token": "nope" },
      "/test/cast/info",
      401,
      { error: "invalid token" },
    ],
    [
      "a cast token header",
      { "x-cast-access-token": "cast-token" },
      "/test/cast/info",
      200,
      { collectionID: 78, casterID: 1580559962386438 },
    ],
    ["a cast token in the query", {}, "/test/cast/info?castToken=cast-token", 200, undefined],
    [
      "a cast token header winning over the query",
      { "x-cast-access-token": "cast-token" },
      "/test/cast/info?castToken=nope",
      200,
      undefined,
    ],
  ])("with %s answers %i", async (_, headers, url, status, body) => {
    const answer = await app.inject({ method: "GET", url, headers });
    expect(answer.statusCode).toBe(status);
    if (body !== undefined) expect(answer.json()).toEqual(body);
  });

  it("checks auth before the request's shape", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/test/rename",
      payload: { wrong: true },
    });
    expect(answer.statusCode).toBe(401);
  });

  it.each([
    [undefined, "photos"],
    ["io.cairn.photos.web", "photos"],
    ["io.cairn.auth.web", "auth"],
    ["io.ente.auth", "auth"],
    ["io.ente.locker", "locker"],
  ])("detects the app of client package %s", async (clientPackage, expected) => {
    const headers: Record<string, string> = { ...withToken };
    if (clientPackage !== undefined) headers["x-client-package"] = clientPackage;
    const answer = await app.inject({ method: "GET", url: "/test/items/3?sinceTime=7", headers });
    expect(answer.json()).toEqual({
      itemID: 3,
      sinceTime: 7,
      userID: 1580559962386438,
      app: expected,
    });
  });
});
