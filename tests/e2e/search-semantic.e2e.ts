// "Photos of …" in Chromium, end to end, on a server whose models folder
// holds the tiny CLIP-shaped test models (see: [Note: Tiny CLIP-shaped test
// models]): the app's ML worker fetches them from the server, embeds the
// library's thumbnails with onnxruntime-web and puts the embeddings
// encrypted; the settings say searching by description is on; typing a
// text offers "Photos of …", and choosing it shows exactly the photos whose
// embedding is close enough to the text's, as onnxruntime-node computes
// them in Node from the same thumbnails (with these models that is none: a
// search that finds nothing says so). In the desktop app (its bridge relayed
// to the test: see test-support/desktop-export-bridge.ts), the same run
// embeds with onnxruntime-node in the ML process, the models fetched from
// the API into the desktop's folder, and the page fetches no model.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { clipImageModel, clipTextModel, type ModelFile } from "../../shared/api/models";
import { getEmbeddingsDiff } from "../../shared/api/endpoints/embeddings";
import type { DecryptedFile } from "../../workers/library/decrypted-records";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import { clipMatchThreshold, clipSimilarity } from "../../workers/ml/clip/clip-embedding";
import { createClipEmbedder } from "../../workers/ml/clip/clip-embedder";
import { nodeClipRuntime } from "../../workers/ml/clip/node-clip-runtime";
import { modelImages } from "../../workers/ml/image-pixels";
import { testPixelSource } from "../../workers/ml/test-support/test-pixel-source";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { writeClipTestModels } from "../test-support/clip-test-models";
import { generatedJpeg } from "../test-support/media";
import type { NodeAccount } from "../test-support/node-account";
import { tile } from "./test-support/gallery";
import { keptLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { exportFolders } from "../../electron/main/export-folder";
import { expectGalleryOf, logIn } from "./test-support/accounts";
import { bridgeDesktopExport } from "./test-support/desktop-export-bridge";
import { mediaWorkMs, pageCatchUpMs } from "./test-support/waits";

let modelsDir = "";
let modelFiles: ModelFile[] = [];

// Registered before the suite's hooks, so the models are there when its server starts.
beforeAll(async () => {
  modelsDir = await mkdtemp(path.join(os.tmpdir(), "cairn-semantic-models-"));
  const sizes = await writeClipTestModels(modelsDir);
  modelFiles = [
    { name: clipImageModel.name, sizeBytes: sizes.imageSizeBytes },
    { name: clipTextModel.name, sizeBytes: sizes.textSizeBytes },
  ];
});

const { cairn, browser } = useCairnInChromium(
  () => ({ rateLimitScale: 100, modelsDir }),
  () => ({ modelFiles }),
);

let account: NodeAccount;
let client: NodeLibraryClient;
const photos: DecryptedFile[] = [];

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "semantic"));
  const album = await client.createCollection({ name: "Colours", type: "album" });
  for (let index = 0; index < 6; index++) {
    photos.push(
      await uploadTestFile(
        client,
        album,
        `colour-${String(index)}.jpg`,
        await generatedJpeg(index * 2),
      ),
    );
  }
});

afterAll(async () => {
  await client.close();
  await rm(modelsDir, { recursive: true, force: true });
});

/** The thumbnails' CLIP embeddings as onnxruntime-node makes them, from the pixels the ML worker's decoding gives. */
const nativeImageEmbeddings = async (): Promise<Map<string, Float32Array>> => {
  const embedder = createClipEmbedder(nodeClipRuntime(modelsDir));
  const source = testPixelSource();
  const embeddings = new Map<string, Float32Array>();
  for (const photo of photos) {
    const images = await modelImages(source, await client.downloadThumbnail(photo));
    embeddings.set(photo.metadata.title, await embedder.embedImage(images.clip));
  }
  return embeddings;
};

/**
 * The names of the photos `text` finds, by onnxruntime-node's embeddings
 * (the tiny models tie no word to a colour, so a text may find none: the
 * browser must then find none too). Each score must be clear of the match
 * threshold: the browser's and ffmpeg's JPEG decoders may differ by a level
 * here and there.
 */
const nativeMatches = async (images: Map<string, Float32Array>, text: string) => {
  const textEmbedding = await createClipEmbedder(nodeClipRuntime(modelsDir)).embedText(text);
  const scores = [...images].map(([name, image]) => ({
    name,
    score: clipSimilarity(image, textEmbedding),
  }));
  for (const { name, score } of scores) {
    expect(Math.abs(score - clipMatchThreshold), `${name}: ${String(score)}`).toBeGreaterThan(0.02);
  }
  return scores
    .filter(({ score }) => score >= clipMatchThreshold)
    .map(({ name }) => name)
    .sort();
};

const tileTitles = async (page: Page) =>
  (
    await page
      .getByTestId("gallery-tile")
      .evaluateAll((tiles) => tiles.map((found) => found.getAttribute("aria-label") ?? ""))
  ).sort();

it("indexes with the server's CLIP models and finds 'photos of …' as onnxruntime-node does", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await page.goto(new URL("/gallery/settings", page.url()).toString());
  const progress = page.getByTestId("indexing-settings");
  await expect
    .poll(() => progress.getAttribute("data-indexed"), { timeout: mediaWorkMs, interval: 500 })
    .toBe(String(photos.length));
  await expect
    .poll(() => page.getByTestId("settings-semantic-search").textContent(), {
      timeout: pageCatchUpMs,
    })
    .toContain("photos of a red car");

  // Every photo's embedding is on the server, encrypted: another device will not compute it.
  const { diff } = await client.deps.api.call(getEmbeddingsDiff, {
    query: { sinceTime: 0, limit: 500, model: "onnx-clip" },
  });
  expect(new Set((diff ?? []).map(({ fileID }) => fileID))).toEqual(
    new Set(photos.map(({ id }) => id)),
  );

  const text = "a red car";
  const names = await nativeMatches(await nativeImageEmbeddings(), text);
  await page.goto(new URL("/gallery", page.url()).toString());
  await page.getByTestId("search-input").fill(text);
  const suggestion = page.locator(
    "[data-testid=search-suggestions]:not([hidden]) [data-testid=search-suggestion][data-group=semantic]",
  );
  await suggestion.waitFor({ timeout: pageCatchUpMs });
  expect(await suggestion.textContent()).toBe(`Photos of “${text}”`);
  await suggestion.click();
  await expect.poll(() => page.getByTestId("view-title").textContent()).toBe(`Photos of “${text}”`);
  expect(new URL(page.url()).searchParams.get("search")).toBe(`semantic:${text}`);
  if (names.length === 0) {
    await page.getByTestId("gallery-empty").waitFor({ timeout: pageCatchUpMs });
    expect(await page.getByTestId("gallery-empty").textContent()).toContain(
      "Nothing in your library matches this search.",
    );
  } else {
    await tile(page, names[0] ?? "").waitFor({ timeout: pageCatchUpMs });
    await expect.poll(() => tileTitles(page)).toEqual(names);
  }
});

it("in the desktop app, embeds with onnxruntime-node in the ML process; the page loads no model", async () => {
  const desktop = await signUpWithLibraryClient(cairn(), "semantic-desktop");
  const album = await desktop.client.createCollection({ name: "Colours", type: "album" });
  const count = 3;
  for (let index = 0; index < count; index++) {
    await uploadTestFile(
      desktop.client,
      album,
      `desktop-${String(index)}.jpg`,
      await generatedJpeg(index * 3 + 1),
    );
  }
  const modelsCacheDir = await mkdtemp(path.join(os.tmpdir(), "cairn-desktop-models-"));
  const context = await browser().newContext({ viewport: { width: 1400, height: 900 } });
  const noExport = exportFolders({
    showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
    mkdir: () => Promise.resolve(),
    readChosen: () => undefined,
    writeChosen: () => undefined,
  });
  const bridge = await bridgeDesktopExport(context, noExport, {
    ml: { apiOrigin: cairn().urls.api, modelsCacheDir },
  });
  try {
    const modelFetches: string[] = [];
    context.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/models/") && pathname !== "/models/status") {
        modelFetches.push(pathname);
      }
    });
    const page = await context.newPage();
    await logIn(page, cairn(), desktop.account.email, desktop.account.password);
    await expectGalleryOf(page, desktop.account.email);
    await page.goto(new URL("/gallery/settings", page.url()).toString());
    await expect
      .poll(() => page.getByTestId("indexing-settings").getAttribute("data-indexed"), {
        timeout: mediaWorkMs,
        interval: 500,
      })
      .toBe(String(count));
    await expect
      .poll(() => page.getByTestId("settings-semantic-search").textContent(), {
        timeout: pageCatchUpMs,
      })
      .toContain("photos of a red car");

    // Every photo went through the ML process, and the page fetched no model.
    const embedded = bridge.clipAsked
      .filter((asked) => asked.startsWith("embedImages "))
      .reduce((sum, asked) => sum + Number(asked.split(" ")[1]), 0);
    expect(embedded).toBe(count);
    expect(modelFetches).toEqual([]);
    const { diff } = await desktop.client.deps.api.call(getEmbeddingsDiff, {
      query: { sinceTime: 0, limit: 500, model: "onnx-clip" },
    });
    expect(diff ?? []).toHaveLength(count);

    // A search by description embeds its text there too.
    await page.goto(new URL("/gallery", page.url()).toString());
    await page.getByTestId("search-input").fill("a blue boat");
    const suggestion = page.locator(
      "[data-testid=search-suggestions]:not([hidden]) [data-testid=search-suggestion][data-group=semantic]",
    );
    // The reload opens the library afresh and asks the ML process whether
    // CLIP is ready: on a loaded machine that takes more than a page's catch-up.
    await suggestion.waitFor({ timeout: mediaWorkMs });
    await suggestion.click();
    await expect
      .poll(() => page.getByTestId("view-title").textContent())
      .toBe("Photos of “a blue boat”");
    await expect.poll(() => bridge.clipAsked).toContain("embedText a blue boat");
    // Both models are kept in the desktop's folder, fetched there, not by the
    // page (the text model's file is renamed into place as its fetch ends,
    // which may come after the results' title).
    await expect
      .poll(async () => (await readdir(modelsCacheDir)).sort(), { timeout: pageCatchUpMs })
      .toEqual(modelFiles.map(({ name }) => name).sort());
    expect(modelFetches).toEqual([]);
  } finally {
    await context.close();
    await bridge.close();
    await desktop.client.close();
    await rm(modelsCacheDir, { recursive: true, force: true });
  }
});
