import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RuntimeConfig } from "../../../shared/api/runtime-config";
import { recordingLogger } from "../../test-support/logger";
import { createAppHost } from "./app-host";
import { inlineStyleHashes } from "./inline-style-hashes";
import type { WebAppOrigins } from "./web-app-security-headers";

const runtimeConfig: RuntimeConfig = {
  apiOrigin: "http://localhost:8080",
  apps: {
    photos: "http://localhost:3000",
    accounts: "http://localhost:3001",
    auth: "http://localhost:3002",
  },
  roadmapUrl: "https://roadmap.example",
  familiesUrl: "https://families.example",
};

const httpsOrigins: WebAppOrigins = {
  appURL: "https://photos.example.org",
  apiURL: "https://api.example.org",
  blobOrigins: ["https://blobs.example.org"],
};

const httpOrigins: WebAppOrigins = {
  appURL: "http://localhost:3002",
  apiURL: "http://localhost:8080",
  blobOrigins: ["http://localhost:8080"],
};

const indexHTML = (background: string) =>
  `<!doctype html><title>Photos</title><style>html{background:${background}}</style>`;

describe("web app host", () => {
  let dir: string;
  let built: FastifyInstance;
  let missing: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-web-"));
    const photos = path.join(dir, "photos");
    await mkdir(path.join(photos, "assets"), { recursive: true });
    await writeFile(path.join(photos, "index.html"), indexHTML("#000"));
    await writeFile(
      path.join(photos, "assets", "index-abc123.js"),
      `console.log(${"1".repeat(2000)});`,
    );
    await writeFile(path.join(photos, "favicon.svg"), "<svg/>");
    await writeFile(path.join(dir, "secret.txt"), "outside the app");
    built = await createAppHost({
      app: "photos",
      dir: photos,
      runtimeConfig: () => runtimeConfig,
      securityOrigins: () => httpsOrigins,
      logger: recordingLogger(),
    });
    missing = await createAppHost({
      app: "auth",
      dir: path.join(dir, "auth"),
      runtimeConfig: () => runtimeConfig,
      securityOrigins: () => httpOrigins,
      logger: recordingLogger(),
    });
  });
  afterAll(async () => {
    await built.close();
    await missing.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the runtime configuration, never cached", async () => {
    const answer = await built.inject({ method: "GET", url: "/cairn-config.json" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(runtimeConfig);
    expect(answer.headers["cache-control"]).toBe("no-store");
    // Even before the app is built.
    expect((await missing.inject({ method: "GET", url: "/cairn-config.json" })).json()).toEqual(
      runtimeConfig,
    );
  });

  it.each([
    ["/", "Photos"],
    ["/gallery", "Photos"],
    ["/shared-albums?t=abc", "Photos"],
    ["/two-factor/verify", "Photos"],
  ])("answers the app route %s with index.html, revalidated every time", async (url, title) => {
    const answer = await built.inject({ method: "GET", url });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(title);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("caches hashed assets for a year and compresses them", async () => {
    const answer = await built.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-encoding"]).toBe("gzip");
  });

  it("serves other files with revalidation and answers 304 when unchanged", async () => {
    const first = await built.inject({ method: "GET", url: "/favicon.svg" });
    expect(first.headers["content-type"]).toBe("image/svg+xml");
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await built.inject({
      method: "GET",
      url: "/favicon.svg",
      headers: { "if-none-match": String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it.each([
    "/assets/missing.js",
    "/missing.png",
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/assets/../../secret.txt",
  ])("answers %s with 404, never the SPA page or a file outside the app", async (url) => {
    const answer = await built.inject({ method: "GET", url });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain("outside the app");
    expect(answer.body).not.toContain("Photos");
  });

  it("answers HEAD without a body", async () => {
    const answer = await built.inject({ method: "HEAD", url: "/favicon.svg" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-length"]).toBe("6");
    expect(answer.body).toBe("");
  });

  it("answers a clear 503 page when the app is not built", async () => {
    const answer = await missing.inject({ method: "GET", url: "/auth" });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toContain("npm run build:web");
    // Its own inline style is allowed, and HSTS is not sent over http.
    const [styleHash] = inlineStyleHashes(answer.body);
    expect(answer.headers["content-security-policy"]).toContain(
      `style-src 'self' ${String(styleHash)};`,
    );
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });

  it.each(["/", "/gallery", "/assets/index-abc123.js", "/cairn-config.json", "/missing.png"])(
    "sends the security headers with %s",
    async (url) => {
      const answer = await built.inject({ method: "GET", url });
      expect(answer.headers).toMatchObject({
        "x-frame-options": "DENY",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-embedder-policy": "credentialless",
        "cross-origin-resource-policy": "same-origin",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=31536000",
      });
      const policy = String(answer.headers["content-security-policy"]);
      expect(policy).toContain(
        "connect-src 'self' https://api.example.org https://blobs.example.org;",
      );
      expect(policy).toContain(
        `style-src 'self' ${String(inlineStyleHashes(indexHTML("#000"))[0])};`,
      );
      expect(answer.headers["permissions-policy"]).toContain("camera=()");
    },
  );

  it("allows the inline style of the index.html a rebuild wrote", async () => {
    const rebuilt = indexHTML("#0c0d0f");
    await writeFile(path.join(dir, "photos", "index.html"), rebuilt);
    try {
      const answer = await built.inject({ method: "GET", url: "/assets/index-abc123.js" });
      const policy = String(answer.headers["content-security-policy"]);
      expect(policy).toContain(`style-src 'self' ${String(inlineStyleHashes(rebuilt)[0])};`);
      expect(policy).not.toContain(String(inlineStyleHashes(indexHTML("#000"))[0]));
    } finally {
      await writeFile(path.join(dir, "photos", "index.html"), indexHTML("#000"));
    }
  });
});
