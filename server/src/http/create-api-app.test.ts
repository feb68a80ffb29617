import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../../../shared/api/endpoint";
import { endpoints } from "../../../shared/api/registry";
import { startTestAccountsServer } from "../../test-support/accounts";
import { sqliteBackend } from "../../test-support/databases";
import { recordingLogger, type RecordingLogger } from "../../test-support/logger";
import {
  createTestApiApp,
  testBodyLimitBytes as bodyLimitBytes,
} from "../../test-support/sample-endpoints";
import { allowedHeaders } from "./cors";
import { createApiApp } from "./create-api-app";

let app: FastifyInstance;
let log: RecordingLogger;
beforeAll(async () => {
  ({ app, log } = await createTestApiApp());
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const withToken = { "x-auth-token": "good-token" };

describe("conventions", () => {
  it("tags every answer with a request ID and never lets GETs be cached", async () => {
    const answer = await app.inject({ method: "GET", url: "/ping" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: "pong", id: "test" });
    expect(answer.headers["x-request-id"]).toMatch(/^ser_[A-Za-z0-9_-]{22}$/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    const other = await app.inject({ method: "GET", url: "/ping" });
    expect(other.headers["x-request-id"]).not.toBe(answer.headers["x-request-id"]);
    const notFound = await app.inject({ method: "GET", url: "/nowhere" });
    expect(notFound.headers["x-request-id"]).toMatch(/^ser_/);
  });

  it("answers preflights with 200 and the contract's CORS headers", async () => {
    const answer = await app.inject({
      method: "OPTIONS",
      url: "/test/rename",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-auth-token, content-type",
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      "access-control-allow-origin": "http://localhost:3000",
      "access-control-allow-credentials": "true",
      "access-control-allow-headers": allowedHeaders,
      "access-control-allow-methods": "POST, OPTIONS, GET, PUT, PATCH, DELETE",
      "access-control-expose-headers": "X-Request-Id, X-Ente-Link-Device-Token, Date",
      "access-control-max-age": "1728000",
    });
    expect(allowedHeaders).toContain("X-Auth-Access-Token-JWT");
  });

  it("echoes the origin on ordinary answers and leaves CORS out without one", async () => {
    const cross = await app.inject({
      method: "GET",
      url: "/ping",
      headers: { origin: "https://photos.example" },
    });
    expect(cross.headers["access-control-allow-origin"]).toBe("https://photos.example");
    const same = await app.inject({ method: "GET", url: "/ping" });
    expect(same.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("exposes ETag and allows any request header on blob routes", async () => {
    const answer = await app.inject({
      method: "OPTIONS",
      url: "/blobs/1/abc?uploadId=x",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "PUT",
        "access-control-request-headers": "content-md5, content-type",
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["access-control-expose-headers"]).toBe(
      "X-Request-Id, X-Ente-Link-Device-Token, Date, ETag",
    );
    expect(answer.headers["access-control-allow-headers"]).toBe("content-md5, content-type");
  });

  it("exposes ETag and Content-Range on the map's PMTiles archive, which its reader checks", async () => {
    const answer = await app.inject({
      method: "OPTIONS",
      url: "/map/basemap.pmtiles",
      headers: {
        origin: "cairn-app://photos",
        "access-control-request-method": "GET",
        "access-control-request-headers": "range",
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["access-control-expose-headers"]).toBe(
      "X-Request-Id, X-Ente-Link-Device-Token, Date, ETag, Content-Range",
    );
    expect(answer.headers["access-control-allow-headers"]).toContain("Range");
  });

  it("accepts a trailing slash", async () => {
    const answer = await app.inject({ method: "GET", url: "/ping/" });
    expect(answer.statusCode).toBe(200);
  });

  it("lets static segments win over parameters", async () => {
    const special = await app.inject({ method: "GET", url: "/test/items/special" });
    expect(special.json()).toEqual({ special: true });
    const item = await app.inject({ method: "GET", url: "/test/items/5", headers: withToken });
    expect(item.json()).toMatchObject({ itemID: 5 });
  });

  it("compresses large answers with gzip", async () => {
    const answer = await app.inject({
      method: "GET",
      url: "/test/big",
      headers: { "accept-encoding": "gzip" },
    });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    const json = JSON.parse(gunzipSync(answer.rawPayload).toString("utf8")) as {
      items: string[];
    };
    expect(json.items).toHaveLength(500);
  });

  it("sends answers encoded by their handler as they are, never compressed again", async () => {
    for (const coding of ["identity", "gzip"] as const) {
      const answer = await app.inject({
        method: "GET",
        url: `/test/encoded-big?coding=${coding}`,
        headers: { "accept-encoding": "gzip" },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(coding === "gzip" ? "gzip" : undefined);
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      const body = coding === "gzip" ? gunzipSync(answer.rawPayload) : answer.rawPayload;
      expect((JSON.parse(body.toString("utf8")) as { items: string[] }).items).toHaveLength(500);
    }
  });

  it("answers redirect endpoints with 307 and lets them be cached", async () => {
    const answer = await app.inject({
      method: "GET",
      url: "/test/download/10000001?token=good-token",
    });
    expect(answer.statusCode).toBe(307);
    expect(answer.headers.location).toBe("/test/bytes/10000001");
    expect(answer.headers["cache-control"]).toBeUndefined();
  });

  it("answers empty endpoints with 200 and no body", async () => {
    const answer = await app.inject({ method: "POST", url: "/test/logout" });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe("");
  });
});

describe("validation and errors", () => {
  it.each([
    // name, request, status, code, message fragment
    [
      "an unknown route",
      { method: "GET", url: "/no/such/route" },
      404,
      "NOT_FOUND",
      "GET /no/such/route",
    ],
    ["a wrong method", { method: "DELETE", url: "/ping" }, 404, "NOT_FOUND", "DELETE /ping"],
    [
      "malformed JSON",
      {
        method: "POST",
        url: "/test/rename",
        headers: { ...withToken, "content-type": "application/json" },
        payload: '{"itemID": 1,',
      },
      400,
      "BAD_REQUEST",
      "JSON",
    ],
    [
      "a wrong content type",
      {
        method: "POST",
        url: "/test/rename",
        headers: { ...withToken, "content-type": "application/xml" },
        payload: "<a/>",
      },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "",
    ],
    [
      "text instead of JSON",
      {
        method: "POST",
        url: "/test/rename",
        headers: { ...withToken, "content-type": "text/plain" },
        payload: "hello",
      },
      400,
      "BAD_REQUEST",
      "body",
    ],
    [
      "a missing body",
      { method: "POST", url: "/test/rename", headers: withToken },
      400,
      "BAD_REQUEST",
      "body",
    ],
    [
      "a field of the wrong type",
      {
        method: "POST",
        url: "/test/rename",
        headers: withToken,
        payload: { itemID: "1", name: "x" },
      },
      400,
      "BAD_REQUEST",
      "body.itemID",
    ],
    [
      "a missing field",
      { method: "POST", url: "/test/rename", headers: withToken, payload: { itemID: 1 } },
      400,
      "BAD_REQUEST",
      "body.name",
    ],
    [
      "a JSON array instead of an object",
      { method: "POST", url: "/test/rename", headers: withToken, payload: [1, 2] },
      400,
      "BAD_REQUEST",
      "body",
    ],
    [
      "a path parameter that is not a number",
      { method: "GET", url: "/test/items/abc", headers: withToken },
      400,
      "BAD_REQUEST",
      "path.itemID",
    ],
    [
      "a query value that is not a number",
      { method: "GET", url: "/test/items/1?sinceTime=yesterday", headers: withToken },
      400,
      "BAD_REQUEST",
      "query.sinceTime",
    ],
    [
      "a repeated query value",
      { method: "GET", url: "/test/items/1?sinceTime=1&sinceTime=2", headers: withToken },
      400,
      "BAD_REQUEST",
      "query.sinceTime",
    ],
    [
      "a body over the limit",
      {
        method: "POST",
        url: "/test/rename",
        headers: withToken,
        payload: { itemID: 1, name: "x".repeat(bodyLimitBytes) },
      },
      413,
      "REQUEST_TOO_LARGE",
      "",
    ],
    [
      "a coded error from the handler",
      { method: "POST", url: "/test/conflict" },
      409,
      "CONFLICT",
      "already there",
    ],
  ] as const)("answers %s with a clear 4xx", async (_, request, status, code, fragment) => {
    const answer = await app.inject(request);
    expect(answer.statusCode).toBe(status);
    const body = answer.json<{ code: string; message: string }>();
    expect(body.code).toBe(code);
    expect(body.message).toContain(fragment);
  });

  it("answers a malformed URL in the API's error shape, with its request ID", async () => {
    for (const url of ["/test/items/%E0%A4%A", "/%E0%A4%A", "/test/items/abc%"]) {
      const answer = await app.inject({
        method: "GET",
        url,
        headers: { ...withToken, origin: "http://localhost:3000" },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ code: "BAD_REQUEST", message: "The URL is malformed" });
      expect(answer.headers["x-request-id"]).toMatch(/^ser_/);
      expect(answer.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("treats an empty JSON body as no body", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/test/logout",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(answer.statusCode).toBe(200);
  });

  it("keeps prototype-poisoning guards", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/test/rename",
      headers: { ...withToken, "content-type": "application/json" },
      payload: '{"itemID": 1, "name": "x", "__proto__": {"admin": true}}',
    });
    expect(answer.statusCode).toBe(400);
  });

  it("answers an unexpected failure with 500 {} and logs it", async () => {
    const answer = await app.inject({ method: "GET", url: "/test/crash" });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({});
    const logged = log.entries
      .filter((entry) => entry.level === "error")
      .map((entry) => (entry.args[0] as { err?: unknown }).err);
    expect(logged).toContainEqual(new Error("disk on fire"));
  });

  it("catches a handler drifting from its response schema when asked to", async () => {
    const answer = await app.inject({ method: "GET", url: "/test/drift" });
    expect(answer.statusCode).toBe(500);
  });
});

describe("API app with the real registry", () => {
  it("serves every declared endpoint", async () => {
    const server = await startTestAccountsServer(sqliteBackend);
    try {
      const { app } = server;
      for (const endpoint of Object.values(endpoints)) {
        expect(app.hasRoute({ method: endpoint.method, url: endpoint.path })).toBe(true);
      }
      const answer = await app.inject({ method: "GET", url: "/ping" });
      expect(answer.json()).toEqual({ message: "pong", id: "test123" });
    } finally {
      await server.close();
    }
  });
});

describe("API app shutdown", () => {
  it("finishes requests in flight, then stops", async () => {
    const slow = {
      slow: defineEndpoint({
        method: "GET",
        path: "/test/slow",
        auth: "none",
        response: z.object({ done: z.boolean() }),
      }),
    };
    let release = () => {};
    let entered = () => {};
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    const app = await createApiApp({
      endpoints: slow,
      handlers: {
        slow: async () => {
          entered();
          await new Promise<void>((resolve) => (release = resolve));
          return { done: true };
        },
      },
      logger: recordingLogger(),
      bodyLimitBytes,
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/test/slow`;
    const pending = fetch(url);
    await handlerEntered;
    const closed = app.close();
    await expect(fetch(url)).rejects.toThrow();
    release();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await closed;
  });
});
