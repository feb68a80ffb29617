import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { modelsStatusSchema } from "../../../shared/api/models-status";
import { recordingLogger } from "../../test-support/logger";
import { createAppHost } from "../static/app-host";
import { createModelsFolder, sha256OfFile } from "./models-folder";
import { writeModelsManifest } from "./models-manifest";

// The models folder on the photos app's origin. See: [Note: The models folder]

const image = { name: "image-model.onnx", sizeBytes: 1000 };
const text = { name: "text-model.onnx", sizeBytes: 600 };
const models = [image, text];
const faceDetector = { name: "face-detector.onnx", sizeBytes: 300 };
const faceEmbedder = { name: "face-embedder.onnx", sizeBytes: 200 };
const faceModels = [faceDetector, faceEmbedder];

describe("the models folder on an app's origin", () => {
  let root: string;
  let dir: string;
  let host: FastifyInstance;
  let hashes: number;

  const status = async () => {
    const answer = await host.inject({ method: "GET", url: "/models/status" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    return modelsStatusSchema.parse(answer.json());
  };
  const fill = (model: { name: string }, sizeBytes: number, byte = 7) =>
    writeFile(path.join(dir, model.name), Buffer.alloc(sizeBytes, byte));

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "cairn-models-"));
    dir = path.join(root, "models");
    // Count the hashes: a file is hashed once per version, never per request.
    hashes = 0;
    const folder = createModelsFolder({
      dir,
      models,
      faceModels,
      hashFile: (file) => {
        hashes++;
        return sha256OfFile(file);
      },
    });
    host = await createAppHost({
      app: "photos",
      dir: path.join(root, "web"),
      runtimeConfig: () => {
        throw new Error("not asked");
      },
      securityOrigins: () => ({
        appURL: "http://localhost:3000",
        apiURL: "http://localhost:8080",
        blobOrigins: [],
      }),
      logger: recordingLogger(),
      models: folder,
    });
  });
  afterAll(async () => {
    await host.close();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("says semantic search is off when there is no folder", async () => {
    expect(await status()).toEqual({
      semanticSearch: { available: false, reason: "no-models-folder" },
      referenceFaceModels: { available: false, reason: "no-models-folder" },
      models: [
        { name: image.name, state: "missing", expectedSizeBytes: 1000 },
        { name: text.name, state: "missing", expectedSizeBytes: 600 },
        { name: faceDetector.name, state: "missing", expectedSizeBytes: 300 },
        { name: faceEmbedder.name, state: "missing", expectedSizeBytes: 200 },
      ],
    });
    const answer = await host.inject({ method: "GET", url: `/models/${image.name}` });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("names a missing file and a file of the wrong size", async () => {
    await mkdir(dir);
    await fill(image, 999);
    expect(await status()).toEqual({
      semanticSearch: { available: false, reason: "model-not-ready" },
      referenceFaceModels: { available: false, reason: "model-not-ready" },
      models: [
        { name: image.name, state: "wrong-size", expectedSizeBytes: 1000, sizeBytes: 999 },
        { name: text.name, state: "missing", expectedSizeBytes: 600 },
        { name: faceDetector.name, state: "missing", expectedSizeBytes: 300 },
        { name: faceEmbedder.name, state: "missing", expectedSizeBytes: 200 },
      ],
    });
    expect((await host.inject({ method: "GET", url: `/models/${image.name}` })).statusCode).toBe(
      404,
    );
  });

  it("serves ready models with long cache headers, and only the catalogue's names", async () => {
    await mkdir(dir);
    await fill(image, 1000);
    await fill(text, 600);
    await writeFile(path.join(dir, "other.onnx"), "x");
    expect((await status()).semanticSearch).toEqual({ available: true });
    // The face models are optional: semantic search does not wait for them.
    expect((await status()).referenceFaceModels).toEqual({
      available: false,
      reason: "model-not-ready",
    });

    // Sent as they are: a model does not shrink, and gzipping 143 MB would cost a core.
    const answer = await host.inject({
      method: "GET",
      url: `/models/${image.name}`,
      headers: { "accept-encoding": "gzip" },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.rawPayload).toEqual(Buffer.alloc(1000, 7));
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-type"]).toBe("application/octet-stream");
    expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
    const etag = String(answer.headers.etag);
    const again = await host.inject({
      method: "GET",
      url: `/models/${image.name}`,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    const head = await host.inject({ method: "HEAD", url: `/models/${text.name}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe("600");

    for (const url of [
      "/models/other.onnx",
      "/models/..%2Fweb%2Findex.html",
      "/models/models.json",
    ]) {
      expect((await host.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });

  it("refuses a file whose SHA-256 is not the manifest's, and checks it once per version", async () => {
    await mkdir(dir);
    await fill(image, 1000);
    await fill(text, 600);
    const imageSha256 = await sha256OfFile(path.join(dir, image.name));
    await writeModelsManifest(dir, {
      models: {
        [image.name]: { sizeBytes: 1000, sha256: imageSha256 },
        [text.name]: { sizeBytes: 600, sha256: "0".repeat(64) },
      },
    });
    const hashesBefore = hashes;
    expect((await status()).models.map((model) => model.state)).toEqual([
      "ready",
      "wrong-hash",
      "missing",
      "missing",
    ]);
    expect((await host.inject({ method: "GET", url: `/models/${text.name}` })).statusCode).toBe(
      404,
    );
    const answer = await host.inject({ method: "GET", url: `/models/${image.name}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.etag).toBe(`"${imageSha256}"`);
    await status();
    expect(hashes - hashesBefore).toBe(2);
    // Other bytes of the same size: a new version, hashed again.
    await fill(image, 1000, 8);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, image.name), later, later);
    expect((await status()).models.map((model) => model.state)).toEqual([
      "wrong-hash",
      "wrong-hash",
      "missing",
      "missing",
    ]);
    expect(hashes - hashesBefore).toBe(3);
  });

  it("says whether the reference's face models are ready, apart from semantic search", async () => {
    await mkdir(dir);
    await fill(faceDetector, 300);
    expect(await status()).toMatchObject({
      semanticSearch: { available: false, reason: "model-not-ready" },
      referenceFaceModels: { available: false, reason: "model-not-ready" },
    });
    await fill(faceEmbedder, 200);
    const both = await status();
    expect(both.semanticSearch).toEqual({ available: false, reason: "model-not-ready" });
    expect(both.referenceFaceModels).toEqual({ available: true });
    const answer = await host.inject({ method: "GET", url: `/models/${faceEmbedder.name}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(Buffer.alloc(200, 7));

    // A face model of another size: faces go back to the built-in models.
    await fill(faceDetector, 299);
    expect((await status()).referenceFaceModels).toEqual({
      available: false,
      reason: "model-not-ready",
    });
    expect(
      (await host.inject({ method: "GET", url: `/models/${faceDetector.name}` })).statusCode,
    ).toBe(404);
  });
});
