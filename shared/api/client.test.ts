import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  ApiError,
  NetworkError,
  NotFoundError,
  RequestCanceledError,
  RequestTimeoutError,
  StorageQuotaExceededError,
  TokenExpiredError,
  TokenMissingError,
  UnexpectedResponseError,
} from "../model/errors";
import {
  createApiClient,
  readJSONAnswer,
  type ApiClientOptions,
  type FetchFunction,
} from "./client";
import { defineEndpoint, emptyResponse, redirectResponse } from "./endpoint";
import { getCastDiff, previewCastFile } from "./endpoints/cast";
import { createFamily } from "./endpoints/families";
import { listPasskeys } from "./endpoints/passkeys";
import { ping } from "./endpoints/system";
import { boolFromString, intFromString } from "./wire-values";

const diff = defineEndpoint({
  method: "GET",
  path: "/collections/:collectionID/diff",
  auth: "user",
  params: z.object({ collectionID: intFromString() }),
  query: z.object({ sinceTime: intFromString(), limit: intFromString().optional() }),
  response: z.object({ diff: z.array(z.number()), hasMore: z.boolean() }),
});

const rename = defineEndpoint({
  method: "POST",
  path: "/collections/rename",
  auth: "user",
  body: z.object({ collectionID: z.number(), encryptedName: z.string() }),
  response: emptyResponse,
});

const publicInfo = defineEndpoint({
  method: "GET",
  path: "/public-collection/info",
  auth: "publicLink",
  query: z.object({ full: boolFromString().optional() }),
  response: z.object({ name: z.string() }),
});

const download = defineEndpoint({
  method: "GET",
  path: "/files/download/:fileID",
  auth: "user",
  params: z.object({ fileID: intFromString() }),
  response: redirectResponse,
});

const publicDownload = defineEndpoint({
  method: "GET",
  path: "/public-collection/files/download/:fileID",
  auth: "publicLink",
  params: z.object({ fileID: intFromString() }),
  response: redirectResponse,
});

const uploadURLs = defineEndpoint({
  method: "GET",
  path: "/files/upload-urls",
  auth: "user",
  query: z.object({ count: intFromString() }),
  response: z.object({ urls: z.array(z.object({ objectKey: z.string(), url: z.string() })) }),
  errorMapping: "upload",
});

interface Recorded {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

/** A fetch that records each request and answers with `answer`. */
const fakeFetch = (answer: (url: string, init: RequestInit) => Promise<Response> | Response) => {
  const requests: Recorded[] = [];
  const fetch: FetchFunction = async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    requests.push({ url, init, headers });
    return answer(url, init);
  };
  return { fetch, requests };
};

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

const clientWith = (fetch: FetchFunction, overrides: Partial<ApiClientOptions> = {}) =>
  createApiClient({
    apiOrigin: "http://api.test:8080/",
    clientPackage: "io.cairn.photos.web",
    fetch,
    getAuthToken: () => "user-token=",
    getPublicLinkCredentials: () => ({ accessToken: "link-token", accessTokenJWT: "jwt" }),
    ...overrides,
  });

/** A fetch that never answers until its signal aborts, like a stuck server. */
const hangingFetch: FetchFunction = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener("abort", () => {
      reject(new DOMException("The operation was aborted.", "AbortError"));
    });
  });

describe("createApiClient: requests", () => {
  it("calls a public endpoint with the client package and parses the answer", async () => {
    const { fetch, requests } = fakeFetch(() => json({ message: "pong", id: "abc1234" }));
    const result = await clientWith(fetch).call(ping);
    expectTypeOf(result).toEqualTypeOf<{ message: "pong"; id: string }>();
    expect(result).toEqual({ message: "pong", id: "abc1234" });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("http://api.test:8080/ping");
    expect(requests[0]?.init.method).toBe("GET");
    expect(requests[0]?.headers).toEqual({ "x-client-package": "io.cairn.photos.web" });
  });

  it("passes a call's fetch priority to the browser, and none when not asked", async () => {
    // See: [Note: Thumbnails fill the connections at low priority]
    const { fetch, requests } = fakeFetch(() => json({ message: "pong", id: "abc1234" }));
    const client = clientWith(fetch);
    await client.call(ping, { priority: "low" });
    await client.call(ping);
    expect(requests.map(({ init }) => init.priority)).toEqual(["low", undefined]);
  });

  it("fills path params, serialises the query and sends the session token", async () => {
    const { fetch, requests } = fakeFetch(() => json({ diff: [1, 2], hasMore: false }));
    const result = await clientWith(fetch).call(diff, {
      params: { collectionID: 1580559962386438 },
      query: { sinceTime: 0 },
    });
    expect(result).toEqual({ diff: [1, 2], hasMore: false });
    expect(requests[0]?.url).toBe(
      "http://api.test:8080/collections/1580559962386438/diff?sinceTime=0",
    );
    expect(requests[0]?.headers["x-auth-token"]).toBe("user-token=");
  });

  it("sends a JSON body and resolves empty answers with undefined", async () => {
    const { fetch, requests } = fakeFetch(() => new Response(null, { status: 200 }));
    await expect(
      clientWith(fetch).call(rename, { body: { collectionID: 7, encryptedName: "bmFtZQ==" } }),
    ).resolves.toBeUndefined();
    expect(requests[0]?.init.method).toBe("POST");
    expect(requests[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(requests[0]?.init.body as string)).toEqual({
      collectionID: 7,
      encryptedName: "bmFtZQ==",
    });
  });

  it("sends the public link headers on public-link endpoints", async () => {
    const { fetch, requests } = fakeFetch(() => json({ name: "Trip" }));
    const client = clientWith(fetch, {
      getPublicLinkCredentials: () => ({
        accessToken: "link-token",
        accessTokenJWT: "jwt",
        linkDeviceToken: "device",
      }),
    });
    await client.call(publicInfo, { query: { full: true } });
    expect(requests[0]?.url).toBe("http://api.test:8080/public-collection/info?full=true");
    expect(requests[0]?.headers).toMatchObject({
      "x-auth-access-token": "link-token",
      "x-auth-access-token-jwt": "jwt",
      "x-auth-link-device-token": "device",
    });
    expect(requests[0]?.headers["x-auth-token"]).toBeUndefined();
  });

  it("sends the ACCOUNTS token, not the session token, on accountsToken endpoints", async () => {
    const { fetch, requests } = fakeFetch(() => json({ passkeys: [] }));
    const client = clientWith(fetch, { getAccountsToken: () => "accounts.jwt" });
    expect(await client.call(listPasskeys)).toEqual({ passkeys: [] });
    expect(requests[0]?.headers["x-auth-token"]).toBe("accounts.jwt");
    await expect(clientWith(fetch).call(listPasskeys)).rejects.toThrow(TokenMissingError);
    expect(requests).toHaveLength(1);
  });

  it("sends the FAMILIES token, not the session token, on familiesToken endpoints", async () => {
    const { fetch, requests } = fakeFetch(() => new Response("", { status: 200 }));
    const client = clientWith(fetch, { getFamiliesToken: () => "families.jwt" });
    await client.call(createFamily);
    expect(requests[0]?.headers["x-auth-token"]).toBe("families.jwt");
    await expect(clientWith(fetch).call(createFamily)).rejects.toThrow(TokenMissingError);
    expect(requests).toHaveLength(1);
  });

  it("sends only the cast token on castToken endpoints, in the query of redirects", async () => {
    const { fetch, requests } = fakeFetch((url) =>
      url.includes("/files/") ? new Response("ciphertext") : json({ diff: [], hasMore: false }),
    );
    const client = clientWith(fetch, { getCastToken: () => "cast_token" });
    expect(await client.call(getCastDiff, { query: { sinceTime: 5 } })).toEqual({
      diff: [],
      hasMore: false,
    });
    expect(requests[0]?.url).toBe("http://api.test:8080/cast/diff?sinceTime=5");
    expect(requests[0]?.headers).toEqual({
      "x-client-package": "io.cairn.photos.web",
      "x-cast-access-token": "cast_token",
    });
    await client.call(previewCastFile, { params: { fileID: 10000001 } });
    expect(requests[1]?.url).toBe(
      "http://api.test:8080/cast/files/preview/10000001?castToken=cast_token",
    );
    expect(requests[1]?.headers).toEqual({});
    await expect(clientWith(fetch).call(getCastDiff, { query: { sinceTime: 0 } })).rejects.toThrow(
      TokenMissingError,
    );
    expect(requests).toHaveLength(2);
  });

  it("encodes path params as one segment", async () => {
    const { fetch, requests } = fakeFetch(() => json({ diff: [], hasMore: false }));
    const strange = defineEndpoint({
      method: "GET",
      path: "/entity/:id",
      auth: "none",
      params: z.object({ id: z.string() }),
      response: z.object({ diff: z.array(z.number()), hasMore: z.boolean() }),
    });
    await clientWith(fetch).call(strange, { params: { id: "a/../b?c" } });
    expect(requests[0]?.url).toBe("http://api.test:8080/entity/a%2F..%2Fb%3Fc");
  });

  it("puts credentials in the query of redirect calls and returns the answer unread", async () => {
    const { fetch, requests } = fakeFetch(() => new Response("ciphertext", { status: 200 }));
    const client = clientWith(fetch);
    const answer = await client.call(download, { params: { fileID: 10000001 } });
    expectTypeOf(answer).toEqualTypeOf<Response>();
    expect(await answer.text()).toBe("ciphertext");
    expect(requests[0]?.url).toBe(
      "http://api.test:8080/files/download/10000001?token=user-token%3D",
    );
    // No custom header may follow the redirect to the blob store.
    expect(requests[0]?.headers).toEqual({});

    await client.call(publicDownload, { params: { fileID: 3 } });
    expect(requests[1]?.url).toBe(
      "http://api.test:8080/public-collection/files/download/3?accessToken=link-token&accessTokenJWT=jwt",
    );
  });

  it("reads the API origin at call time when given a function", async () => {
    const { fetch, requests } = fakeFetch(() => json({ message: "pong", id: "1" }));
    let origin = "http://one.test";
    const client = clientWith(fetch, { apiOrigin: () => origin });
    await client.call(ping);
    origin = "http://two.test";
    await client.call(ping);
    expect(requests.map((request) => request.url)).toEqual([
      "http://one.test/ping",
      "http://two.test/ping",
    ]);
  });
});

describe("createApiClient: failures", () => {
  it.each([
    ["no token at all", undefined],
    ["an empty token", ""],
  ])("refuses a user call with %s before sending anything", async (_, token) => {
    const { fetch, requests } = fakeFetch(() => json({}));
    const client = clientWith(fetch, { getAuthToken: () => token });
    await expect(
      client.call(rename, { body: { collectionID: 1, encryptedName: "" } }),
    ).rejects.toThrow(TokenMissingError);
    expect(requests).toHaveLength(0);
  });

  it("refuses a public-link call without credentials", async () => {
    const { fetch } = fakeFetch(() => json({}));
    const client = clientWith(fetch, { getPublicLinkCredentials: () => undefined });
    await expect(client.call(publicInfo)).rejects.toThrow(TokenMissingError);
  });

  it.each([
    ["a named status", json({}, 404), NotFoundError, "not found"],
    [
      "a middleware error",
      json({ error: "invalid token" }, 401),
      TokenExpiredError,
      "token expired",
    ],
    ["a coded error", json({ code: "CONFLICT", message: "taken" }, 409), ApiError, "taken"],
  ])("maps %s with the general mapping", async (_, answer, errorClass, message) => {
    const { fetch } = fakeFetch(() => answer);
    const error: unknown = await clientWith(fetch)
      .call(ping)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errorClass);
    expect((error as Error).message).toBe(message);
  });

  it("maps failures of upload endpoints with the upload mapping", async () => {
    const { fetch } = fakeFetch(() => json({}, 426));
    await expect(clientWith(fetch).call(uploadURLs, { query: { count: 3 } })).rejects.toThrow(
      StorageQuotaExceededError,
    );
  });

  it("maps failures of redirect calls too", async () => {
    const { fetch } = fakeFetch(() => json({}, 404));
    await expect(clientWith(fetch).call(download, { params: { fileID: 1 } })).rejects.toThrow(
      NotFoundError,
    );
  });

  it.each([
    ["a body that is not JSON", () => new Response("<html>", { status: 200 }), "not JSON"],
    ["a wrong shape", () => json({ message: "pong" }), "id"],
    ["a wrong value", () => json({ message: "pang", id: "1" }), "message"],
  ])("turns %s into UnexpectedResponseError", async (_, answer, issue) => {
    const { fetch } = fakeFetch(answer);
    const error: unknown = await clientWith(fetch)
      .call(ping)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).issues).toContain(issue);
  });

  it("turns a rejected fetch into NetworkError", async () => {
    const cause = new TypeError("fetch failed");
    const fetch: FetchFunction = () => Promise.reject(cause);
    const error: unknown = await clientWith(fetch)
      .call(ping)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe("Network Error");
    expect((error as Error).cause).toBe(cause);
  });

  it("turns the deadline into RequestTimeoutError", async () => {
    const error: unknown = await clientWith(hangingFetch, { timeoutMs: 20 })
      .call(ping)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).message).toBe("request taking too long");
    expect((error as RequestTimeoutError).timeoutMs).toBe(20);
  });

  it("lets a call override the deadline", async () => {
    const client = clientWith(hangingFetch, { timeoutMs: 60_000 });
    await expect(client.call(ping, { timeoutMs: 10 })).rejects.toThrow(RequestTimeoutError);
  });

  it("turns the caller's abort into RequestCanceledError", async () => {
    const controller = new AbortController();
    const pending = clientWith(hangingFetch).call(ping, { signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestCanceledError);
    expect((error as Error).message).toBe("request canceled");
  });

  it("does not send a request whose signal is already aborted", async () => {
    const { fetch, requests } = fakeFetch(() => json({}));
    await expect(clientWith(fetch).call(ping, { signal: AbortSignal.abort() })).rejects.toThrow(
      RequestCanceledError,
    );
    expect(requests).toHaveLength(0);
  });

  it("classifies a failure while reading the body like a failure of the request", async () => {
    const stalledBody = (init: RequestInit) =>
      new Response(
        new ReadableStream({
          start(controller) {
            init.signal?.addEventListener("abort", () => {
              controller.error(new DOMException("aborted", "AbortError"));
            });
          },
        }),
        { status: 200 },
      );
    const { fetch } = fakeFetch((_url, init) => stalledBody(init));
    await expect(clientWith(fetch, { timeoutMs: 20 }).call(ping)).rejects.toThrow(
      RequestTimeoutError,
    );
  });
});

describe("createApiClient: answers handed over as bytes", () => {
  // See: [Note: A diff page is read where it is decrypted]
  it("sends the call as usual and hands back the answer's UTF-8 unread", async () => {
    const { fetch, requests } = fakeFetch(() => json({ diff: [1, 2], hasMore: false }));
    const bytes = await clientWith(fetch).callForJSONBytes(diff, {
      params: { collectionID: 7 },
      query: { sinceTime: 5 },
    });
    expect(requests[0]?.url).toBe("http://api.test:8080/collections/7/diff?sinceTime=5");
    expect(requests[0]?.headers["x-auth-token"]).toBe("user-token=");
    expect(readJSONAnswer(diff, new TextDecoder().decode(bytes))).toEqual({
      ok: true,
      value: { diff: [1, 2], hasMore: false },
    });
  });

  it("maps a failed call's status like any call", async () => {
    const { fetch } = fakeFetch(() => json({}, 404));
    await expect(
      clientWith(fetch).callForJSONBytes(diff, {
        params: { collectionID: 7 },
        query: { sinceTime: 5 },
      }),
    ).rejects.toThrow(NotFoundError);
  });

  it("is refused for an endpoint that answers no JSON", async () => {
    const { fetch, requests } = fakeFetch(() => json({}));
    await expect(
      clientWith(fetch).callForJSONBytes(download, { params: { fileID: 1 } }),
    ).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
  });

  it("says why an answer read elsewhere is unexpected, as the call would", () => {
    expect(readJSONAnswer(diff, "<html>")).toMatchObject({
      ok: false,
      issues: "the answer is not JSON",
    });
    const wrongShape = readJSONAnswer(diff, JSON.stringify({ diff: ["x"], hasMore: false }));
    expect(wrongShape.ok).toBe(false);
    if (!wrongShape.ok) expect(wrongShape.issues).toContain("diff.0");
  });
});

describe("createApiClient: types", () => {
  it("demands exactly the parts an endpoint declares", () => {
    const client = clientWith(fakeFetch(() => json({})).fetch);
    // Compile-time checks: each line below must fail to type-check.
    const checks = () => {
      // @ts-expect-error the path param is required
      void client.call(diff, { query: { sinceTime: 0 } });
      // @ts-expect-error the query's sinceTime is required
      void client.call(diff, { params: { collectionID: 1 }, query: {} });
      // @ts-expect-error params are parsed values: a number, not a string
      void client.call(diff, { params: { collectionID: "1" }, query: { sinceTime: 0 } });
      // @ts-expect-error a renamed body field fails to compile
      void client.call(rename, { body: { collectionId: 1, encryptedName: "" } });
      // @ts-expect-error the body is required
      void client.call(rename);
      // @ts-expect-error ping takes no body
      void client.call(ping, { body: {} });
    };
    expect(typeof checks).toBe("function");
  });
});
