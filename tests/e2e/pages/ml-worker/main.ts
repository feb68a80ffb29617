// A page that starts the photos app's ML worker (workers/ml/ml.worker.ts,
// built by vite as the app builds its workers) for
// tests/e2e/ml-worker.e2e.ts. The fixtures are served beside the page, from
// the same origin, at `fixtures/<name>`. Answers are plain values (arrays,
// not Float32Arrays) so that Playwright hands them to the test as they are;
// timings are taken here, around one worker call each, not in the test
// (which would add the DevTools protocol's round trips).

import { transfer } from "comlink";
import type { IndexedImage, RGBAImage, ThingTag } from "../../../../workers/ml/ml-worker-contract";

export interface IndexedFixture {
  clip?: number[];
  things: ThingTag[];
  width: number;
  height: number;
}

export type IndexBatchResult =
  ({ ok: true } & IndexedFixture) | { ok: false; errorName: string; message: string };

/** The outcome of a call: its answer, or the name and message of what it threw. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; errorName: string; message: string };

export interface Timing {
  count: number;
  ms: number;
}

export interface MLWorkerTestPage {
  clipStatus(): Promise<{ available: boolean; reason?: string }>;
  embedText(text: string): Promise<number[] | undefined>;
  embedFixtures(names: string[]): Promise<number[][] | undefined>;
  tagFixtures(names: string[]): Promise<ThingTag[][]>;
  indexFixture(name: string): Promise<Outcome<IndexedFixture>>;
  /** One `indexImages` call: fixtures by name, and bytes given as numbers. */
  indexBatch(items: (string | number[])[]): Promise<IndexBatchResult[]>;
  /** `rounds` batches of the fixtures' thumbnail-sized pixels, each batch one `embedImages` call. */
  timeEmbedImages(names: string[], rounds: number): Promise<Timing>;
  /** `rounds` batches of the fixtures' thumbnail-sized pixels, each batch one `tagThings` call. */
  timeTagThings(names: string[], rounds: number): Promise<Timing>;
  /** `rounds` batches of the fixtures' JPEG bytes, each batch one `indexImages` call. */
  timeIndexImage(names: string[], rounds: number): Promise<Timing>;
}

declare global {
  interface Window {
    cairnMLWorkerTest?: MLWorkerTestPage;
  }
}

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone.
const worker = new ComlinkWorker<typeof import("../../../../workers/ml/ml.worker")>(
  new URL("../../../../workers/ml/ml.worker", import.meta.url),
  { type: "module", name: "ml" },
);

const fixtureBytes = async (name: string): Promise<Uint8Array<ArrayBuffer>> => {
  const response = await fetch(`fixtures/${encodeURIComponent(name)}`);
  if (!response.ok) throw new Error(`fixtures/${name} answered HTTP ${String(response.status)}`);
  return new Uint8Array(await response.arrayBuffer());
};

/** At most the app's thumbnail size, which is what indexing hands over (`thumbnailMaxSidePx`). */
const thumbnailMaxSidePx = 720;

/** A fixture's pixels at thumbnail size, decoded on the page (as a caller with pixels would have them). */
const fixturePixels = async (name: string): Promise<RGBAImage> => {
  const blob = new Blob([await fixtureBytes(name)]);
  const full = await createImageBitmap(blob);
  const scale = Math.min(1, thumbnailMaxSidePx / Math.max(full.width, full.height));
  const bitmap = await createImageBitmap(full, {
    resizeWidth: Math.max(1, Math.round(full.width * scale)),
    resizeHeight: Math.max(1, Math.round(full.height * scale)),
    resizeQuality: "high",
  });
  full.close();
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("No 2D context");
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  return { width, height, data };
};

const copies = (images: RGBAImage[]) =>
  images.map(({ width, height, data }) => ({ width, height, data: data.slice() }));

const buffersOf = (images: RGBAImage[]) => images.map(({ data }) => data.buffer as ArrayBuffer);

const plainFixture = ({ clip, things, width, height }: IndexedImage): IndexedFixture =>
  clip === undefined
    ? { things, width, height }
    : { clip: Array.from(clip), things, width, height };

const plainIndexed = async (bytes: Uint8Array<ArrayBuffer>): Promise<Outcome<IndexedFixture>> => {
  try {
    const indexed = await worker.indexImage(transfer(bytes, [bytes.buffer]));
    return { ok: true, value: plainFixture(indexed) };
  } catch (error) {
    return {
      ok: false,
      errorName: error instanceof Error ? error.name : typeof error,
      message: error instanceof Error ? error.message : String(error),
    };
  }
};

const timed = async (count: number, run: () => Promise<void>): Promise<Timing> => {
  const start = performance.now();
  await run();
  return { count, ms: performance.now() - start };
};

/** `rounds` copies of `images`, made before the clock starts (each batch is transferred away). */
const batchesOf = (images: RGBAImage[], rounds: number) =>
  Array.from({ length: rounds }, () => copies(images));

window.cairnMLWorkerTest = {
  clipStatus: () => worker.clipStatus(),
  embedText: async (text) => {
    const embedding = await worker.embedText(text);
    return embedding === undefined ? undefined : Array.from(embedding);
  },
  embedFixtures: async (names) => {
    const images = await Promise.all(names.map(fixturePixels));
    const embeddings = await worker.embedImages(transfer(images, buffersOf(images)));
    return embeddings?.map((embedding) => Array.from(embedding));
  },
  tagFixtures: async (names) => {
    const images = await Promise.all(names.map(fixturePixels));
    return worker.tagThings(transfer(images, buffersOf(images)));
  },
  indexFixture: async (name) => plainIndexed(await fixtureBytes(name)),
  indexBatch: async (items) => {
    const jpegs = await Promise.all(
      items.map((item) =>
        typeof item === "string" ? fixtureBytes(item) : Promise.resolve(Uint8Array.from(item)),
      ),
    );
    const results = await worker.indexImages(
      transfer(
        jpegs,
        jpegs.map(({ buffer }) => buffer),
      ),
    );
    return results.map((result) => (result.ok ? { ok: true, ...plainFixture(result) } : result));
  },
  timeEmbedImages: async (names, rounds) => {
    const images = await Promise.all(names.map(fixturePixels));
    const batches = batchesOf(images, rounds);
    return timed(names.length * rounds, async () => {
      for (const batch of batches) await worker.embedImages(transfer(batch, buffersOf(batch)));
    });
  },
  timeTagThings: async (names, rounds) => {
    const images = await Promise.all(names.map(fixturePixels));
    const batches = batchesOf(images, rounds);
    return timed(names.length * rounds, async () => {
      for (const batch of batches) await worker.tagThings(transfer(batch, buffersOf(batch)));
    });
  },
  timeIndexImage: async (names, rounds) => {
    const files = await Promise.all(names.map(fixtureBytes));
    const batches = Array.from({ length: rounds }, () => files.map((bytes) => bytes.slice()));
    return timed(names.length * rounds, async () => {
      for (const batch of batches) {
        await worker.indexImages(
          transfer(
            batch,
            batch.map(({ buffer }) => buffer),
          ),
        );
      }
    });
  },
};
