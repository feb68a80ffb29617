import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalBlobStore } from "../blobs/local/local-blob-store";
import { recordingLogger } from "../../test-support/logger";
import { testEndpoints, testHandlers } from "../../test-support/sample-endpoints";
import { createApiApp } from "./create-api-app";
import { createRateLimiter, rateLimitConstants } from "./rate-limits";

// The API's global limit per process (wire-contract §0.4), scaled down to 10
// a second on a clock that stands still, and the object URLs it does not
// count. See: [Note: Signed object URLs are outside the API's global limit]

const scale = 10 / rateLimitConstants.globalPerSecond;

describe("the global rate limit", () => {
  let dir: string;
  let app: FastifyInstance;
  let objectURL: string;
  const apiURL = "http://api.example.org";

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-global-limit-"));
    const blobStore = createLocalBlobStore({
      dir,
      signingKey: randomBytes(32),
      apiURL: () => apiURL,
    });
    await mkdir(path.join(dir, "7"), { recursive: true });
    await writeFile(path.join(dir, "7", "thumbnail"), "thumbnail bytes");
    const signed = new URL(await blobStore.presignGet("7/thumbnail", { validForMs: 60_000 }));
    objectURL = `${signed.pathname}${signed.search}`;
    app = await createApiApp({
      endpoints: testEndpoints,
      handlers: testHandlers,
      logger: recordingLogger(),
      bodyLimitBytes: 4096,
      localBlobStore: blobStore,
      publicURL: () => apiURL,
      rateLimiter: createRateLimiter(scale, () => 1_000_000),
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses the API's requests past the limit with a 429 that says when to come back, but not the object store's", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await app.inject({ method: "GET", url: "/ping" })).statusCode).toBe(200);
    }
    const refused = await app.inject({ method: "GET", url: "/ping" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: "Rate limit breached, try later" });
    expect(refused.headers["retry-after"]).toBe("1");

    for (let i = 0; i < 20; i++) {
      const object = await app.inject({ method: "GET", url: objectURL });
      expect(object.statusCode).toBe(200);
      expect(object.body).toBe("thumbnail bytes");
    }
  });
});
