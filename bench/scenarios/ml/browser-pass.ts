// The browser's side of the `ml` scenario: Debian's Chromium opens the bench
// page from the bench host and runs, one after another, each in a worker of
// its own, CLIP image embeddings with both test models (the heavier one also
// with a thread per core), the things detector over the fixture photos, the
// face indexer over the face fixtures, face clustering over seeded faces, and
// search over 100,000 embeddings.

import os from "node:os";
import type { Page } from "playwright-core";
import { launchChromium } from "../../../tests/e2e/test-support/chromium";
import type { ScenarioContext } from "../../scenario";
import type { MLBenchHost } from "./bench-host";
import {
  type ClipThroughput,
  type FaceClusteringTimes,
  type FacesThroughput,
  type SearchMeasurement,
  type ThingsThroughput,
  allCoresThreadCap,
  clusterFaceCount,
} from "./parameters";

export interface BrowserMeasurements {
  chromiumVersion: string;
  /** `heavyAllCores`: the heavier model with as many threads as cores (up to the runtime's cap). */
  clip: { tiny: ClipThroughput; heavy: ClipThroughput; heavyAllCores: ClipThroughput };
  things: ThingsThroughput;
  faces: FacesThroughput;
  faceClustering: FaceClusteringTimes;
  search: SearchMeasurement;
}

/** Generous: the heavier model takes seconds an image on a busy 2-core machine. */
const measurementTimeoutMs = 10 * 60_000;

export const measureInChromium = async (
  { log, chromiumPath }: ScenarioContext,
  host: MLBenchHost,
): Promise<BrowserMeasurements> => {
  const browser = await launchChromium(chromiumPath);
  try {
    const page: Page = await browser.newPage();
    page.setDefaultTimeout(measurementTimeoutMs);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    await page.goto(`${host.origin}/index.html`);
    await page.waitForFunction(() => window.cairnMLBench !== undefined);
    const bench = async <T>(what: string, run: () => Promise<T | undefined>): Promise<T> => {
      log(what);
      let answer: T | undefined;
      try {
        answer = await run();
      } catch (e) {
        throw new Error(
          `${what} failed: ${String(e)}; page errors: ${pageErrors.join("; ") || "none"}`,
        );
      }
      if (answer === undefined) throw new Error(`${what}: the bench page has no API`);
      return answer;
    };
    const tiny = await bench("CLIP image embeddings, tiny test model, onnxruntime-web", () =>
      page.evaluate(() => window.cairnMLBench?.clipThroughput("tiny")),
    );
    const heavy = await bench("CLIP image embeddings, heavier test model, onnxruntime-web", () =>
      page.evaluate(() => window.cairnMLBench?.clipThroughput("heavy")),
    );
    const allCores = Math.min(os.availableParallelism(), allCoresThreadCap);
    const heavyAllCores = await bench(
      `CLIP image embeddings, heavier test model, onnxruntime-web with ${String(allCores)} threads`,
      () =>
        page.evaluate((threads) => window.cairnMLBench?.clipThroughput("heavy", threads), allCores),
    );
    const things = await bench(
      `things detector over ${String(host.photos.length)} fixture photos, tfjs wasm`,
      () => page.evaluate((names) => window.cairnMLBench?.thingsThroughput(names), host.photos),
    );
    const faces = await bench(
      `face indexer over ${String(host.facePhotos.length)} face fixture photos, tfjs wasm`,
      () => page.evaluate((names) => window.cairnMLBench?.facesThroughput(names), host.facePhotos),
    );
    const faceClustering = await bench(
      `face clustering of ${String(clusterFaceCount)} seeded faces, tfjs wasm`,
      () => page.evaluate(() => window.cairnMLBench?.faceClustering()),
    );
    const search = await bench("search: filling the index, then timed queries", () =>
      page.evaluate(() => window.cairnMLBench?.searchLatency()),
    );
    return {
      chromiumVersion: browser.version(),
      clip: { tiny, heavy, heavyAllCores },
      things,
      faces,
      faceClustering,
      search,
    };
  } finally {
    await browser.close();
  }
};
