import { copyFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { benchPageViteConfig } from "../../bench/lib/vite-page-config";
import { clipImageModel, clipTextModel } from "../../shared/api/models";
import { createModelsFolder, type ModelsFolder } from "../../server/src/models/models-folder";
import { createAppHost } from "../../server/src/static/app-host";
import { recordingLogger } from "../../server/test-support/logger";
import { thingsAssetsPlugin } from "../../workers/ml/things/build/things-assets-plugin";
import { writeClipTestModels } from "../test-support/clip-test-models";
import type { IndexedFixture, Outcome } from "./pages/ml-worker/main";
import { launchPatientChromium } from "./test-support/patient-browser";
import { type PolicyViolations, watchPolicyViolations } from "./test-support/policy-violations";

// The photos app's ML worker (workers/ml/ml.worker.ts) in Chromium: CLIP on
// onnxruntime-web with the tiny CLIP-shaped models (see: [Note: Tiny
// CLIP-shaped test models]) and the things detector on tfjs's wasm backend,
// on real photos decoded in the worker. The page is built as the photos app
// builds its workers (with the things detector's files) and served by the
// real app host, under the apps' Content-Security-Policy and cross-origin
// isolation, once with a models folder holding the tiny models and once
// with none. Throughput figures are printed, not asserted (see the
// conventions: performance is measured, not held to a wall-clock limit).

const here = path.dirname(fileURLToPath(import.meta.url));
const pageRoot = path.join(here, "pages/ml-worker");
const outDir = path.join(here, ".build/ml-worker");
const fixturesDir = path.resolve(here, "../../../shared/fixtures/media");

/** The fixture photos Chromium decodes (broken1.jpg is damaged on purpose). */
let photos: string[];

let modelsDir: string;
let browser: Browser;
const hosts: FastifyInstance[] = [];

const startHost = async (models: ModelsFolder): Promise<string> => {
  let origin = "";
  const host = await createAppHost({
    app: "photos",
    dir: outDir,
    runtimeConfig: () => {
      throw new Error("The test page reads no runtime configuration");
    },
    securityOrigins: () => ({ appURL: origin, apiURL: origin, blobOrigins: [] }),
    logger: recordingLogger(),
    models,
  });
  hosts.push(host);
  await host.listen({ host: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${String((host.server.address() as AddressInfo).port)}`;
  return origin;
};

interface OpenedPage {
  page: Page;
  violations: PolicyViolations;
  /** Every URL the page and its workers requested. */
  requested: string[];
}

/** The test page of `origin` in a context of its own (its own HTTP cache). */
const openPage = async (origin: string): Promise<OpenedPage> => {
  const context = await browser.newContext();
  const requested: string[] = [];
  context.on("request", (request) => requested.push(request.url()));
  const violations = await watchPolicyViolations(context);
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") {
      console.log(`[page] ${message.text()} (${message.location().url})`);
    }
  });
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => window.cairnMLWorkerTest !== undefined);
  return { page, violations, requested };
};

const indexed = (outcome: Outcome<IndexedFixture> | undefined): IndexedFixture => {
  expect(outcome).toMatchObject({ ok: true });
  return (outcome as { value: IndexedFixture }).value;
};

const norm = (vector: number[]) => Math.hypot(...vector);
const labelsOf = (tags: { label: string }[]) => tags.map(({ label }) => label);
const perSecond = ({ count, ms }: { count: number; ms: number }) =>
  `${(count / (ms / 1000)).toFixed(1)}/s (${String(count)} in ${ms.toFixed(0)} ms)`;

beforeAll(async () => {
  const config = benchPageViteConfig(pageRoot, outDir);
  // The things detector's files under `/assets/ml/things/`, as the photos app serves them.
  await build({ ...config, plugins: [...(config.plugins ?? []), thingsAssetsPlugin()] });
  photos = (await readdir(fixturesDir)).filter(
    (name) => name.endsWith(".jpg") && name !== "broken1.jpg",
  );
  await mkdir(path.join(outDir, "fixtures"));
  for (const name of photos) {
    await copyFile(path.join(fixturesDir, name), path.join(outDir, "fixtures", name));
  }
  modelsDir = await mkdtemp(path.join(os.tmpdir(), "cairn-ml-worker-e2e-"));
  browser = await launchPatientChromium();
});

afterAll(async () => {
  await browser.close();
  await Promise.all(hosts.map((host) => host.close()));
  await rm(modelsDir, { recursive: true, force: true });
});

describe("with the CLIP models", () => {
  let origin: string;
  let opened: OpenedPage;
  beforeAll(async () => {
    const { imageSizeBytes, textSizeBytes } = await writeClipTestModels(modelsDir);
    origin = await startHost(
      createModelsFolder({
        dir: modelsDir,
        models: [
          { name: clipImageModel.name, sizeBytes: imageSizeBytes },
          { name: clipTextModel.name, sizeBytes: textSizeBytes },
        ],
      }),
    );
    opened = await openPage(origin);
  });

  it("indexes a photo with CLIP and things, and embeds texts, under the apps' policy", async () => {
    const { page, violations, requested } = opened;
    expect(await page.evaluate(() => window.cairnMLWorkerTest?.clipStatus())).toEqual({
      available: true,
    });

    const dog = indexed(
      await page.evaluate(() => window.cairnMLWorkerTest?.indexFixture("Bush-dog.jpg")),
    );
    expect(dog).toMatchObject({ width: 400, height: 398 });
    expect(labelsOf(dog.things)).toContain("person");
    expect(dog.clip).toHaveLength(512);
    expect(norm(dog.clip ?? [])).toBeCloseTo(1, 5);

    // The same pixels given decoded (the photo is under the thumbnail size,
    // so neither side scales it) make the same embedding.
    const [given] =
      (await page.evaluate(() => window.cairnMLWorkerTest?.embedFixtures(["Bush-dog.jpg"]))) ?? [];
    expect(given).toHaveLength(512);
    given?.forEach((value, i) => {
      expect(value).toBeCloseTo(dog.clip?.[i] ?? Number.NaN, 3);
    });

    const texts = await Promise.all(
      ["a dog", "a dog on a beach"].map((text) =>
        page.evaluate((words) => window.cairnMLWorkerTest?.embedText(words), text),
      ),
    );
    for (const text of texts) {
      expect(text).toHaveLength(512);
      expect(norm(text ?? [])).toBeCloseTo(1, 5);
    }
    expect(texts[0]).not.toEqual(texts[1]);

    expect(violations.seen()).toEqual([]);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(requested).toContain(`${origin}/models/${clipImageModel.name}`);
    expect(requested.filter((url) => url === `${origin}/models/status`)).toHaveLength(1);
  });

  it("prints the CLIP throughput with the tiny models", async () => {
    const { page, violations } = opened;
    const images = await page.evaluate(
      (names) => window.cairnMLWorkerTest?.timeEmbedImages(names, 3),
      photos,
    );
    const indexing = await page.evaluate(
      (names) => window.cairnMLWorkerTest?.timeIndexImage(names, 2),
      photos,
    );
    console.log(
      `ML worker, Chromium, tiny CLIP models: image embeddings ${perSecond(images ?? { count: 0, ms: 0 })} ` +
        `(fixtures at thumbnail size, batches of ${String(photos.length)}); ` +
        `indexImages (decode, CLIP, things) ${perSecond(indexing ?? { count: 0, ms: 0 })}`,
    );
    expect(violations.seen()).toEqual([]);
  });
});

describe("without the CLIP models", () => {
  let origin: string;
  let opened: OpenedPage;
  beforeAll(async () => {
    origin = await startHost(createModelsFolder({ dir: path.join(modelsDir, "no-such-folder") }));
    opened = await openPage(origin);
  });

  it("says CLIP is off and still tags things, without loading onnxruntime", async () => {
    const { page, violations, requested } = opened;
    expect(await page.evaluate(() => window.cairnMLWorkerTest?.clipStatus())).toEqual({
      available: false,
      reason: "no-models-folder",
    });
    expect(await page.evaluate(() => window.cairnMLWorkerTest?.embedText("a dog"))).toBeUndefined();
    expect(
      await page.evaluate(() => window.cairnMLWorkerTest?.embedFixtures(["Bush-dog.jpg"])),
    ).toBeUndefined();

    const dog = indexed(
      await page.evaluate(() => window.cairnMLWorkerTest?.indexFixture("Bush-dog.jpg")),
    );
    expect(dog).not.toHaveProperty("clip");
    expect(dog).toMatchObject({ width: 400, height: 398 });
    expect(labelsOf(dog.things)).toContain("person");

    // Pixels given as they are: the tagger scales them itself.
    const [dogTags, knockerTags] =
      (await page.evaluate(() =>
        window.cairnMLWorkerTest?.tagFixtures(["Bush-dog.jpg", "door-knocker.jpg"]),
      )) ?? [];
    expect(labelsOf(dogTags ?? [])).toContain("person");
    expect(knockerTags).toEqual([]);

    // In a batch, a photo that does not decode fails alone.
    const batch = await page.evaluate(() =>
      window.cairnMLWorkerTest?.indexBatch([
        Array.from(new TextEncoder().encode("no photo")),
        "Bush-dog.jpg",
      ]),
    );
    expect(batch?.[0]).toMatchObject({ ok: false, errorName: "ImageDecodeError" });
    expect(batch?.[1]).toMatchObject({ ok: true, width: 400, height: 398 });
    expect(labelsOf(batch?.[1]?.ok === true ? batch[1].things : [])).toContain("person");

    expect(violations.seen()).toEqual([]);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    // The detector's files came from the app; onnxruntime was never fetched.
    expect(requested.some((url) => url.includes("/assets/ml/things/"))).toBe(true);
    expect(requested.filter((url) => /ort-wasm|\/models\/(?!status)/.test(url))).toEqual([]);
    // One status request for all those calls. See: [Note: The ML worker remembers that CLIP is off]
    expect(requested.filter((url) => url === `${origin}/models/status`)).toHaveLength(1);
  });

  it("prints the things throughput on the fixtures", async () => {
    const { page, violations } = opened;
    const tagging = await page.evaluate(
      (names) => window.cairnMLWorkerTest?.timeTagThings(names, 2),
      photos,
    );
    const indexing = await page.evaluate(
      (names) => window.cairnMLWorkerTest?.timeIndexImage(names, 2),
      photos,
    );
    console.log(
      `ML worker, Chromium, things detector: tagThings ${perSecond(tagging ?? { count: 0, ms: 0 })} ` +
        `(fixtures at thumbnail size, batches of ${String(photos.length)}); ` +
        `indexImages without CLIP (decode, things) ${perSecond(indexing ?? { count: 0, ms: 0 })}`,
    );
    expect(violations.seen()).toEqual([]);
  });
});
