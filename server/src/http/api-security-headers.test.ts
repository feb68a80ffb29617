import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalBlobStore } from "../blobs/local/local-blob-store";
import { recordingLogger } from "../../test-support/logger";
import { testEndpoints, testHandlers } from "../../test-support/sample-endpoints";
import { apiContentSecurityPolicy, apiSecurityHeaders } from "./api-security-headers";
import { createApiApp } from "./create-api-app";

describe("apiSecurityHeaders", () => {
  it.each([
    [{ blob: false, https: false }, {}],
    [{ blob: true, https: false }, { "Cross-Origin-Resource-Policy": "cross-origin" }],
    [{ blob: false, https: true }, { "Strict-Transport-Security": "max-age=31536000" }],
  ])("%o", (answer, extra) => {
    expect(apiSecurityHeaders(answer)).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
      ...extra,
    });
  });
});

describe("the API's answers", () => {
  let dir: string;
  let app: FastifyInstance;
  let apiURL = "https://api.example.org";

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-headers-"));
    app = await createApiApp({
      endpoints: testEndpoints,
      handlers: testHandlers,
      logger: recordingLogger(),
      bodyLimitBytes: 4096,
      localBlobStore: createLocalBlobStore({
        dir,
        signingKey: randomBytes(32),
        apiURL: () => apiURL,
      }),
      publicURL: () => apiURL,
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ["a JSON answer", "GET", "/ping"],
    ["an unknown path", "GET", "/nowhere"],
    ["a refused body", "POST", "/test/rename"],
    ["a preflight", "OPTIONS", "/ping"],
  ] as const)(
    "carry nosniff, a policy that runs nothing, and HSTS over https: %s",
    async (_case, method, url) => {
      const answer = await app.inject({
        method,
        url,
        headers: {
          origin: "https://photos.example.org",
          "access-control-request-method": "GET",
          "content-type": "application/json",
        },
        ...(method === "POST" ? { payload: "{" } : {}),
      });
      expect(answer.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "content-security-policy": apiContentSecurityPolicy,
        "strict-transport-security": "max-age=31536000",
      });
      expect(answer.headers["cross-origin-resource-policy"]).toBeUndefined();
    },
  );

  it("let cross-origin isolated apps read the local store's blobs", async () => {
    const answer = await app.inject({ method: "GET", url: "/blobs/1/missing" });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.headers).toMatchObject({
      "cross-origin-resource-policy": "cross-origin",
      "x-content-type-options": "nosniff",
    });
  });

  it("send no HSTS when the public URL is http", async () => {
    apiURL = "http://localhost:8080";
    try {
      const answer = await app.inject({ method: "GET", url: "/ping" });
      expect(answer.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      apiURL = "https://api.example.org";
    }
  });
});
