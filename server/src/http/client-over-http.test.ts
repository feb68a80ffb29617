import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../../shared/api/client";
import { defineEndpoint, emptyResponse } from "../../../shared/api/endpoint";
import {
  ApiError,
  BadRequestError,
  NotFoundError,
  TokenExpiredError,
} from "../../../shared/model/errors";
import { createTestApiApp, testEndpoints } from "../../test-support/sample-endpoints";

describe("the shared client against the API app", () => {
  let served: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    ({ app: served } = await createTestApiApp());
    await served.listen({ host: "127.0.0.1", port: 0 });
    origin = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await served.close();
  });

  const client = (token?: string) =>
    createApiClient({
      apiOrigin: () => origin,
      clientPackage: "io.cairn.auth.web",
      fetch: (url, init) => fetch(url, init),
      getAuthToken: () => token,
      getPublicLinkCredentials: () => ({ accessToken: "link-token", accessTokenJWT: "jwt" }),
    });

  it("calls endpoints with typed params, query and body", async () => {
    const item = await client("good-token").call(testEndpoints.item, {
      params: { itemID: 42 },
      query: { sinceTime: 1700000000000000 },
    });
    expect(item).toEqual({
      itemID: 42,
      sinceTime: 1700000000000000,
      userID: 1580559962386438,
      app: "auth",
    });
    const renamed = await client("good-token").call(testEndpoints.rename, {
      body: { itemID: 1, name: "Trip" },
    });
    expect(renamed).toEqual({ renamed: "1:Trip" });
    expect(await client().call(testEndpoints.linkInfo)).toEqual({
      collectionID: 77,
      hasJWT: true,
    });
    await expect(client().call(testEndpoints.logout)).resolves.toBeUndefined();
  });

  it("gets the server's failures as the catalogue's errors", async () => {
    await expect(client("bad").call(testEndpoints.item, { params: { itemID: 1 } })).rejects.toThrow(
      TokenExpiredError,
    );
    await expect(
      client("good-token").call(testEndpoints.rename, { body: { itemID: 1, name: "" } }),
    ).rejects.toThrow(BadRequestError);
    const conflict: unknown = await client()
      .call(testEndpoints.conflict)
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({ status: 409, code: "CONFLICT", message: "already there" });
  });

  it("follows a redirect endpoint, sending the token in the query only", async () => {
    const requests: { url: string; headers: HeadersInit | undefined }[] = [];
    const recording = createApiClient({
      apiOrigin: origin,
      clientPackage: "io.cairn.photos.web",
      fetch: (url, init) => {
        requests.push({ url, headers: init.headers });
        return fetch(url, init);
      },
      getAuthToken: () => "good-token",
    });
    const answer = await recording.call(testEndpoints.download, { params: { fileID: 9 } });
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${origin}/test/bytes/9`);
    expect(await answer.json()).toEqual({ bytesOf: 9 });
    expect(requests).toEqual([{ url: `${origin}/test/download/9?token=good-token`, headers: {} }]);
  });

  it("maps an unknown route to NotFoundError", async () => {
    const missing = defineEndpoint({
      method: "GET",
      path: "/test/missing",
      auth: "none",
      response: emptyResponse,
    });
    await expect(client().call(missing)).rejects.toThrow(NotFoundError);
  });
});
