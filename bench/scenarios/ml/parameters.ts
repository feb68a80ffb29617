// What the `ml` scenario measures (performance.md) and the bench page's
// contract with its driver: CLIP image embeddings on seeded pixels, the
// things detector on the fixture photos, and a search of 100,000 embeddings.

/** performance.md: the browser within 3× of native (native images/s over the browser's). */
export const nativeOverBrowserAtMost = 3;
/** performance.md: a search, text to matches, within 100 ms. */
export const searchWithinMs = 100;
/** performance.md: the index of 100,000 files within 64 MB. */
export const indexAtMostBytes = 64 * 1024 * 1024;

/**
 * The images CLIP embeds: a 12-megapixel photo's thumbnail (720 px on its
 * long side, `thumbnailMaxSidePx`), which is what indexing hands the ML
 * worker. See: [Note: What the ML worker feeds its models]
 */
export const clipImageWidthPx = 720;
export const clipImageHeightPx = 540;
/** Distinct seeded images per pass: enough that no cache holds one image's work. */
export const clipImagesPerPass = 8;
/**
 * Timed passes over the images, after one untimed warm-up image (the
 * session's start); the fastest pass is the figure, the machine being shared
 * and noisy (every pass is kept in the results file).
 */
export const clipPasses = 3;
/**
 * The heavier image model's matrix products: 24 of 134 MFLOP, about 3.2
 * GFLOP an image, the order of a mobile CLIP image encoder's.
 * See: [Note: A heavier CLIP-shaped image model for the bench]
 */
export const heavyModelHiddenLayers = 24;
/**
 * Where the bench host serves the heavier model's files, beside the page: the
 * models folder serves only the catalogue's names, which the tiny models take.
 */
export const heavyModelsFolder = "bench-models/heavy";
/** The folder of the page the fixture photos are served from. */
export const fixturesFolder = "fixtures";
/**
 * The most threads the heavier model is also run with in the browser (all the
 * cores, up to the runtime's cap of 4): what a cross-origin isolated page
 * could give one inference, beside the runtime's own count (half the cores).
 */
export const allCoresThreadCap = 4;
/** The first embedding of each side must agree to this (float32 rounding, two runtimes). */
export const embeddingTolerance = 1e-4;

/** Timed passes of the detector over the fixture photos (the fastest is the figure). */
export const thingsPasses = 3;

/** performance.md: search over 100,000 embeddings. */
export const searchFileCount = 100_000;
/** Queries timed, after one untimed (the tokenizer's vocabulary and the session start). */
export const searchQueryCount = 50;

export const seeds = { clipImages: 20_240_601, embeddings: 20_240_602 } as const;

/** The two image models the scenario runs, each on both sides. */
export type ClipModelName = "tiny" | "heavy";

/** One timed pass over a set of images. */
export interface ThroughputPass {
  images: number;
  ms: number;
}

export interface ClipEnvironment {
  crossOriginIsolated: boolean;
  /** onnxruntime-web's thread count, as the project's runtime configured it. */
  threads: number;
}

export interface ClipThroughput {
  passes: ThroughputPass[];
  /** The first image's embedding, to check against onnxruntime-node's. */
  firstEmbedding: number[];
  environment: ClipEnvironment;
}

/** One pass of the detector over the fixture photos: decode (as the ML worker does) and detection, timed apart. */
export interface ThingsPass {
  images: number;
  decodeMs: number;
  tagMs: number;
}

export interface ThingsThroughput {
  passes: ThingsPass[];
  /** Each photo's labels (in the order given), from the last pass. */
  labels: string[][];
}

/** One query: the text's embedding, then the index's matches. */
export interface SearchQueryTiming {
  embedMs: number;
  matchMs: number;
  matchCount: number;
}

export interface SearchMeasurement {
  files: number;
  /** The bytes of the index's typed arrays (`ClipEmbeddingIndex.arrayBytes`). */
  arrayBytes: number;
  fillMs: number;
  queries: SearchQueryTiming[];
}

/** What the bench page exposes to the driver. */
export interface MLBenchPage {
  /**
   * `clipPasses` timed passes of `model` over the seeded images, in a worker
   * of its own, with `threads` when given (the runtime's own count otherwise).
   */
  clipThroughput: (model: ClipModelName, threads?: number) => Promise<ClipThroughput>;
  /** `thingsPasses` timed passes over the photos served at `fixtures/<name>`, in a worker of its own. */
  thingsThroughput: (names: string[]) => Promise<ThingsThroughput>;
  /** The index filled with seeded embeddings, then the timed queries, in a worker of its own. */
  searchLatency: () => Promise<SearchMeasurement>;
}

declare global {
  interface Window {
    cairnMLBench?: MLBenchPage;
  }
}
