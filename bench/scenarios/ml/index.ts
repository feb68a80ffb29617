// The `ml` scenario (performance.md): CLIP image embeddings on onnxruntime-web
// in a Chromium worker against onnxruntime-node on the same model and the
// same images, in the same run (the tiny test model, and a heavier one of
// the same shape whose cost is matrix products, as a real CLIP's is); the
// things detector over the fixture photos in a worker, decoded as the ML
// worker decodes them (with the same detector in Node for reference); the
// face indexer over the face fixtures, decoded the same way and indexed at
// thumbnail size, and face clustering of 10,000 seeded faces from scratch and
// of 100 new ones among them, both on tfjs wasm in a worker as the ML worker
// runs them (with the same in Node for reference); and search over 100,000
// embeddings in a worker, from a query's text to its matches. Bars: the browser within 3× of native, a search within 100 ms,
// the index of 100,000 files within 64 MB.

import { percentile } from "../../lib/percentile";
import type { Figure, Ratio, Scenario, ScenarioContext, ScenarioResult } from "../../scenario";
import { fixturesDir, startMLBenchHost } from "./bench-host";
import { type BrowserMeasurements, measureInChromium } from "./browser-pass";
import { measureNativeClip } from "./native-clip";
import { measureNodeFaces } from "./native-faces";
import { measureNodeThings } from "./native-things";
import {
  type FacesPass,
  type ThroughputPass,
  clusterFaceCount,
  clusterNewFaceCount,
  embeddingTolerance,
  indexAtMostBytes,
  nativeOverBrowserAtMost,
  searchFileCount,
  searchWithinMs,
} from "./parameters";

const MiB = 1024 * 1024;

/** Images a second of a pass. */
const rate = ({ images, ms }: ThroughputPass): number => images / (ms / 1000);
/** The fastest pass's rate: the machine is shared and noisy (every pass is kept in the results file). */
const bestRate = (passes: readonly ThroughputPass[]): number => Math.max(...passes.map(rate));

/** Photos and faces a second of the fastest face pass (by photos: every pass finds the same faces). */
const bestFaceRates = (
  passes: readonly FacesPass[],
  ms: (pass: FacesPass) => number,
): { photos: number; faces: number } => {
  const rates = passes.map((pass) => ({
    photos: pass.photos / (ms(pass) / 1000),
    faces: pass.faces / (ms(pass) / 1000),
  }));
  return rates.reduce((best, next) => (next.photos > best.photos ? next : best));
};

const threadsOf = (count: number) => (count === 1 ? "1 thread" : `${String(count)} threads`);

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** Throws unless both sides embedded the first image alike: the same model ran on both. */
const ensureSameEmbedding = (model: string, browser: number[], native: number[]): void => {
  const largestDifference = Math.max(
    ...native.map((value, i) => Math.abs(value - (browser[i] ?? Number.NaN))),
  );
  if (browser.length !== native.length || !(largestDifference <= embeddingTolerance)) {
    throw new Error(
      `The ${model} model's embeddings differ between onnxruntime-web and -node (by ${String(largestDifference)})`,
    );
  }
};

const ensureSane = (browser: BrowserMeasurements): void => {
  if (!browser.clip.heavyAllCores.environment.crossOriginIsolated) {
    throw new Error(
      "The bench page is not cross-origin isolated: onnxruntime-web ran on one thread",
    );
  }
  if (browser.things.labels.every((labels) => labels.length === 0)) {
    throw new Error("The things detector tagged none of the fixture photos");
  }
  if (browser.faces.scores.every((scores) => scores.length === 0)) {
    throw new Error("The face indexer found no face in the face fixtures");
  }
  if (browser.search.files !== searchFileCount) {
    throw new Error(`The search index holds ${String(browser.search.files)} files`);
  }
};

const run = async (context: ScenarioContext): Promise<ScenarioResult> => {
  const { log } = context;
  log("building the bench page with Vite, writing the test models");
  const host = await startMLBenchHost();
  let browser: BrowserMeasurements;
  try {
    browser = await measureInChromium(context, host);
  } finally {
    await host.close();
  }
  ensureSane(browser);
  log("CLIP image embeddings, tiny test model, onnxruntime-node");
  const nativeTiny = await measureNativeClip(host.modelsDirs.tiny);
  log("CLIP image embeddings, heavier test model, onnxruntime-node");
  const nativeHeavy = await measureNativeClip(host.modelsDirs.heavy);
  ensureSameEmbedding("tiny", browser.clip.tiny.firstEmbedding, nativeTiny.firstEmbedding);
  ensureSameEmbedding("heavier", browser.clip.heavy.firstEmbedding, nativeHeavy.firstEmbedding);
  ensureSameEmbedding(
    "heavier (threaded)",
    browser.clip.heavyAllCores.firstEmbedding,
    nativeHeavy.firstEmbedding,
  );
  log("things detector, tfjs wasm in Node");
  const nodeThings = await measureNodeThings(fixturesDir, host.photos);
  log("face indexer and face clustering, tfjs wasm in Node");
  const nodeFaces = await measureNodeFaces(host.facePhotos);
  if (nodeFaces.indexing.scores.every((scores) => scores.length === 0)) {
    throw new Error("The face indexer found no face in the face fixtures in Node");
  }

  const clip = {
    tiny: { browser: bestRate(browser.clip.tiny.passes), native: bestRate(nativeTiny.passes) },
    heavy: { browser: bestRate(browser.clip.heavy.passes), native: bestRate(nativeHeavy.passes) },
    heavyAllCores: bestRate(browser.clip.heavyAllCores.passes),
  };
  const allCoresThreads = browser.clip.heavyAllCores.environment.threads;
  const thingsPasses = browser.things.passes;
  const thingsEndToEnd = bestRate(
    thingsPasses.map(({ images, decodeMs, tagMs }) => ({ images, ms: decodeMs + tagMs })),
  );
  const thingsDetection = bestRate(
    thingsPasses.map(({ images, tagMs }) => ({ images, ms: tagMs })),
  );
  const thingsDecodeMs = Math.min(...thingsPasses.map(({ images, decodeMs }) => decodeMs / images));
  const nodeThingsDetection = bestRate(nodeThings);

  const facesEndToEnd = bestFaceRates(
    browser.faces.passes,
    ({ decodeMs, indexMs }) => decodeMs + indexMs,
  );
  const facesIndexing = bestFaceRates(browser.faces.passes, ({ indexMs }) => indexMs);
  const nodeFacesIndexing = bestFaceRates(nodeFaces.indexing.passes, ({ indexMs }) => indexMs);
  const clustering = {
    browser: {
      fromScratchMs: Math.min(...browser.faceClustering.fromScratchMs),
      incrementalMs: Math.min(...browser.faceClustering.incrementalMs),
    },
    node: {
      fromScratchMs: Math.min(...nodeFaces.clustering.fromScratchMs),
      incrementalMs: Math.min(...nodeFaces.clustering.incrementalMs),
    },
  };
  const clusteredFaces = `${clusterFaceCount.toLocaleString("en")} faces`;
  const incrementalFaces = `${(clusterFaceCount - clusterNewFaceCount).toLocaleString("en")} placed + ${String(clusterNewFaceCount)} new faces`;

  const { queries, arrayBytes } = browser.search;
  const totals = sorted(queries.map(({ embedMs, matchMs }) => embedMs + matchMs));
  const searchMedianMs = percentile(totals, 0.5);
  const searchP95Ms = percentile(totals, 0.95);
  const { threads } = browser.clip.tiny.environment;

  const imagesPerSecond = "images/s";
  const figures: Figure[] = [
    {
      name: `CLIP tiny model, Chromium worker (onnxruntime-web, ${threadsOf(threads)})`,
      value: clip.tiny.browser,
      unit: imagesPerSecond,
    },
    {
      name: "CLIP tiny model, Node (onnxruntime-node, 1 thread)",
      value: clip.tiny.native,
      unit: imagesPerSecond,
    },
    {
      name: `CLIP heavier model, Chromium worker (onnxruntime-web, ${threadsOf(threads)})`,
      value: clip.heavy.browser,
      unit: imagesPerSecond,
    },
    {
      name: "CLIP heavier model, Node (onnxruntime-node, 1 thread)",
      value: clip.heavy.native,
      unit: imagesPerSecond,
    },
    {
      name: `CLIP heavier model, Chromium worker (onnxruntime-web, ${threadsOf(allCoresThreads)})`,
      value: clip.heavyAllCores,
      unit: imagesPerSecond,
    },
    {
      name: "things, Chromium worker: decode + detection",
      value: thingsEndToEnd,
      unit: imagesPerSecond,
    },
    {
      name: "things, Chromium worker: detection alone",
      value: thingsDetection,
      unit: imagesPerSecond,
    },
    { name: "things, Chromium worker: decode alone", value: thingsDecodeMs, unit: "ms/image" },
    {
      name: "things, Node (same tfjs wasm): detection alone",
      value: nodeThingsDetection,
      unit: imagesPerSecond,
    },
    {
      name: "faces, Chromium worker: decode + indexing",
      value: facesEndToEnd.photos,
      unit: "photos/s",
    },
    {
      name: "faces, Chromium worker: decode + indexing",
      value: facesEndToEnd.faces,
      unit: "faces/s",
    },
    {
      name: "faces, Chromium worker: indexing alone",
      value: facesIndexing.photos,
      unit: "photos/s",
    },
    { name: "faces, Chromium worker: indexing alone", value: facesIndexing.faces, unit: "faces/s" },
    {
      name: "faces, Node (same tfjs wasm): indexing alone",
      value: nodeFacesIndexing.photos,
      unit: "photos/s",
    },
    {
      name: "faces, Node (same tfjs wasm): indexing alone",
      value: nodeFacesIndexing.faces,
      unit: "faces/s",
    },
    {
      name: `face clustering, ${clusteredFaces} from scratch, Chromium worker (tfjs wasm)`,
      value: clustering.browser.fromScratchMs,
      unit: "ms",
    },
    {
      name: `face clustering, ${incrementalFaces}, Chromium worker (tfjs wasm)`,
      value: clustering.browser.incrementalMs,
      unit: "ms",
    },
    {
      name: `face clustering, ${clusteredFaces} from scratch, Node (tfjs wasm)`,
      value: clustering.node.fromScratchMs,
      unit: "ms",
    },
    {
      name: `face clustering, ${incrementalFaces}, Node (tfjs wasm)`,
      value: clustering.node.incrementalMs,
      unit: "ms",
    },
    {
      name: "search over 100,000 embeddings, text to matches, median",
      value: searchMedianMs,
      unit: "ms",
    },
    {
      name: "search over 100,000 embeddings, text to matches, p95",
      value: searchP95Ms,
      unit: "ms",
    },
    {
      name: "search: text embedding alone, median",
      value: percentile(sorted(queries.map(({ embedMs }) => embedMs)), 0.5),
      unit: "ms",
    },
    {
      name: "search: index matches alone, median",
      value: percentile(sorted(queries.map(({ matchMs }) => matchMs)), 0.5),
      unit: "ms",
    },
    {
      name: "search index of 100,000 files (its typed arrays)",
      value: arrayBytes / MiB,
      unit: "MB",
    },
  ];
  const ratios: Ratio[] = [
    {
      name: "CLIP tiny model: native / browser images/s",
      value: clip.tiny.native / clip.tiny.browser,
      atMost: nativeOverBrowserAtMost,
    },
    {
      name: "CLIP heavier model: native / browser images/s",
      value: clip.heavy.native / clip.heavy.browser,
      atMost: nativeOverBrowserAtMost,
    },
    // What a cross-origin isolated worker reaches with a thread per core,
    // against native on the one thread the project gives it: no bar.
    {
      name: `CLIP heavier model: native / browser with ${threadsOf(allCoresThreads)}`,
      value: clip.heavy.native / clip.heavyAllCores,
    },
    // The same WebAssembly in Node: what the browser's worker costs the detector.
    {
      name: "things detection: Node / browser (same tfjs wasm)",
      value: nodeThingsDetection / thingsDetection,
    },
    // The same WebAssembly in Node, on the same photos decoded by ffmpeg.
    {
      name: "face indexing: Node / browser photos/s (same tfjs wasm)",
      value: nodeFacesIndexing.photos / facesIndexing.photos,
    },
    {
      name: "face clustering from scratch: browser / Node ms (same tfjs wasm)",
      value: clustering.browser.fromScratchMs / clustering.node.fromScratchMs,
    },
    {
      name: `search median / ${String(searchWithinMs)} ms bar`,
      value: searchMedianMs / searchWithinMs,
      atMost: 1,
    },
    {
      name: `search p95 / ${String(searchWithinMs)} ms bar`,
      value: searchP95Ms / searchWithinMs,
      atMost: 1,
    },
    { name: "search index / 64 MB bar", value: arrayBytes / indexAtMostBytes, atMost: 1 },
  ];
  return {
    figures,
    ratios,
    raw: {
      chromiumVersion: browser.chromiumVersion,
      clip: {
        environment: browser.clip.tiny.environment,
        allCoresEnvironment: browser.clip.heavyAllCores.environment,
        browser: {
          tiny: browser.clip.tiny.passes,
          heavy: browser.clip.heavy.passes,
          heavyAllCores: browser.clip.heavyAllCores.passes,
        },
        native: { tiny: nativeTiny.passes, heavy: nativeHeavy.passes },
      },
      things: {
        photos: host.photos,
        browser: browser.things.passes,
        labels: browser.things.labels,
        node: nodeThings,
      },
      faces: {
        photos: host.facePhotos,
        browser: browser.faces.passes,
        scores: browser.faces.scores,
        node: nodeFaces.indexing.passes,
        nodeScores: nodeFaces.indexing.scores,
      },
      faceClustering: {
        faces: clusterFaceCount,
        newFaces: clusterNewFaceCount,
        browser: browser.faceClustering,
        node: nodeFaces.clustering,
      },
      search: {
        files: browser.search.files,
        arrayBytes,
        fillMs: browser.search.fillMs,
        queries,
      },
    },
  };
};

export const mlScenario: Scenario = {
  name: "ml",
  description:
    "CLIP image embeddings in a Chromium worker (onnxruntime-web) vs onnxruntime-node on the same test models; the things detector over the fixture photos; the face indexer over the face fixtures and face clustering of 10,000 faces; search over 100,000 embeddings",
  run,
};
