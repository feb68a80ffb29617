// What the `ml` scenario measures (performance.md) and the bench page's
// contract with its driver: CLIP image embeddings on seeded pixels, the
// things detector and the face indexer on the fixture photos, face
// clustering over seeded faces, and a search of 100,000 embeddings.

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

/** The folder of the page the face fixture photos (`shared/fixtures/faces`) are served from. */
export const faceFixturesFolder = "face-fixtures";
/** Timed passes of the face indexer over the face fixtures (the fastest is the figure), as for things. */
export const facesPasses = 3;
/**
 * Faces clustered from scratch: a library of some thousands of photos of
 * people. Random unit embeddings never reach the join similarity, so every
 * face is compared with every face before it and starts its own cluster:
 * the clustering's most costly case (5·10¹⁰ multiply-adds).
 */
export const clusterFaceCount = 10_000;
/** The new faces of the incremental run, the others placed by an earlier run: an indexing run's worth. */
export const clusterNewFaceCount = 100;
/** The face indexer's embedding length (HSE-FaceRes's descriptor). */
export const faceEmbeddingDims = 1024;
/**
 * Timed clusterings from scratch (the fastest is the figure): each takes
 * seconds, so two, after an untimed warm-up on a few faces.
 */
export const clusterFromScratchPasses = 2;
/** Timed incremental clusterings (the fastest is the figure): each takes a few hundred milliseconds. */
export const clusterIncrementalPasses = 5;

/** performance.md: search over 100,000 embeddings. */
export const searchFileCount = 100_000;
/** Queries timed, after one untimed (the tokenizer's vocabulary and the session start). */
export const searchQueryCount = 50;

export const seeds = {
  clipImages: 20_240_601,
  embeddings: 20_240_602,
  faceEmbeddings: 20_240_603,
} as const;

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

/** One pass of the face indexer over the face fixtures: decode (as the ML worker does) and indexing, timed apart. */
export interface FacesPass {
  photos: number;
  /** The faces found over the pass's photos. */
  faces: number;
  /** Zero on Node's side, which decodes (with ffmpeg) before the passes. */
  decodeMs: number;
  indexMs: number;
}

export interface FacesThroughput {
  passes: FacesPass[];
  /** Each photo's faces (in the order given), from the last pass: their scores. */
  scores: number[][];
}

/** Timed clusterings of seeded faces with one engine of dot products. */
export interface FaceClusteringTimes {
  /** `clusterFaceCount` faces, none placed before: each run's ms. */
  fromScratchMs: number[];
  /** The same faces, all but `clusterNewFaceCount` placed before: each run's ms. */
  incrementalMs: number[];
  /** The clusters of the run from scratch (and of each incremental run: the same). */
  clusters: number;
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
  /** `facesPasses` timed passes over the photos served at `face-fixtures/<name>`, in a worker of its own. */
  facesThroughput: (names: string[]) => Promise<FacesThroughput>;
  /** Seeded faces clustered on tfjs's wasm backend as the ML worker clusters, in a worker of its own. */
  faceClustering: () => Promise<FaceClusteringTimes>;
  /** The index filled with seeded embeddings, then the timed queries, in a worker of its own. */
  searchLatency: () => Promise<SearchMeasurement>;
}

declare global {
  interface Window {
    cairnMLBench?: MLBenchPage;
  }
}
