import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { benchPageViteConfig } from "../../bench/lib/vite-page-config";
import { clipImageModel, clipTextModel } from "../../shared/api/models";
import { createModelsFolder } from "../../server/src/models/models-folder";
import { createAppHost } from "../../server/src/static/app-host";
import { recordingLogger } from "../../server/test-support/logger";
import { createClipEmbedder, type RGBAImage } from "../../workers/ml/clip/clip-embedder";
import { nodeClipRuntime } from "../../workers/ml/clip/node-clip-runtime";
import { writeClipTestModels } from "../test-support/clip-test-models";
import { launchPatientChromium } from "./test-support/patient-browser";
import { type PolicyViolations, watchPolicyViolations } from "./test-support/policy-violations";

// CLIP embeddings in a browser worker with onnxruntime-web, on the tiny
// CLIP-shaped models (see: [Note: Tiny CLIP-shaped test models]). The page is
// served by the real app host, so it runs under the apps' security headers
// (the Content-Security-Policy, cross-origin isolation) and reads the models
// from the host's `/models/<name>`; onnxruntime-web's module and binary come
// from the page's own `/assets/` (see: [Note: onnxruntime-web is served from
// the app]). The embeddings must be those onnxruntime-node computes in Node.

const here = path.dirname(fileURLToPath(import.meta.url));
const pageRoot = path.join(here, "pages/ml-clip");
const outDir = path.join(here, ".build/ml-clip");

let modelsDir: string;
let host: FastifyInstance;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let violations: PolicyViolations;
let origin = "";

const solid = (width: number, height: number, [r, g, b]: [number, number, number]): RGBAImage => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return { width, height, data };
};

const embeddingOf = (outcome: unknown): number[] => {
  expect(outcome).toMatchObject({ ok: true });
  return (outcome as { embedding: number[] }).embedding;
};

beforeAll(async () => {
  await build(benchPageViteConfig(pageRoot, outDir));
  modelsDir = await mkdtemp(path.join(os.tmpdir(), "cairn-clip-e2e-"));
  const sizes = await writeClipTestModels(modelsDir);
  host = await createAppHost({
    app: "photos",
    dir: outDir,
    runtimeConfig: () => {
      throw new Error("The test page reads no runtime configuration");
    },
    securityOrigins: () => ({ appURL: origin, apiURL: origin, blobOrigins: [] }),
    logger: recordingLogger(),
    models: createModelsFolder({
      dir: modelsDir,
      models: [
        { name: clipImageModel.name, sizeBytes: sizes.imageSizeBytes },
        { name: clipTextModel.name, sizeBytes: sizes.textSizeBytes },
      ],
    }),
  });
  await host.listen({ host: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${String((host.server.address() as AddressInfo).port)}`;
  browser = await launchPatientChromium();
  context = await browser.newContext();
  violations = await watchPolicyViolations(context);
  page = await context.newPage();
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => window.cairnClipTest !== undefined);
});

afterAll(async () => {
  await browser.close();
  await host.close();
  await rm(modelsDir, { recursive: true, force: true });
});

it("embeds images and texts in a worker as onnxruntime-node does, under the apps' policy", async () => {
  const node = createClipEmbedder(nodeClipRuntime(modelsDir));
  const cases: [number, number, [number, number, number]][] = [
    [64, 48, [255, 0, 0]],
    [17, 300, [0, 0, 255]],
  ];
  for (const [width, height, rgb] of cases) {
    const inBrowser = embeddingOf(
      await page.evaluate(([w, h, colour]) => window.cairnClipTest?.embedSolidImage(w, h, colour), [
        width,
        height,
        rgb,
      ] as const),
    );
    const inNode = await node.embedImage(solid(width, height, rgb));
    expect(inBrowser).toHaveLength(512);
    inBrowser.forEach((value, i) => {
      expect(value).toBeCloseTo(inNode[i] ?? Number.NaN, 5);
    });
  }
  for (const text of ["red", "a dog on a beach"]) {
    const inBrowser = embeddingOf(
      await page.evaluate((words) => window.cairnClipTest?.embedText(words), text),
    );
    const inNode = await node.embedText(text);
    inBrowser.forEach((value, i) => {
      expect(value).toBeCloseTo(inNode[i] ?? Number.NaN, 5);
    });
  }

  // Threads ran: the page is cross-origin isolated, so onnxruntime started
  // its pthread workers from its own module under `/assets/`.
  expect(await page.evaluate(() => window.cairnClipTest?.environment())).toEqual({
    crossOriginIsolated: true,
    threads: 2,
  });
  expect(violations.seen()).toEqual([]);
});

it("loads onnxruntime-web from the app's own origin only", async () => {
  const requested: string[] = [];
  const watched = await browser.newContext();
  watched.on("request", (request) => requested.push(request.url()));
  const fresh = await watched.newPage();
  await fresh.goto(`${origin}/index.html`);
  await fresh.waitForFunction(() => window.cairnClipTest !== undefined);
  embeddingOf(await fresh.evaluate(() => window.cairnClipTest?.embedText("x")));
  expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
  expect(requested.some((url) => /\/assets\/ort-wasm-simd-threaded-[\w-]+\.wasm$/.test(url))).toBe(
    true,
  );
  expect(requested).toContain(`${origin}/models/${clipTextModel.name}`);
  await watched.close();
});

it("fails an embedding clearly when the model is not ready", async () => {
  await rm(path.join(modelsDir, clipImageModel.name));
  // A new context: the other pages' HTTP cache holds the model (immutable).
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(`${origin}/index.html`);
  await fresh.waitForFunction(() => window.cairnClipTest !== undefined);
  const outcome = await fresh.evaluate(() =>
    window.cairnClipTest?.embedSolidImage(4, 4, [1, 2, 3]),
  );
  expect(outcome).toMatchObject({
    ok: false,
    message: expect.stringContaining("answered HTTP 404: the model is not ready") as unknown,
  });
  await other.close();
});
