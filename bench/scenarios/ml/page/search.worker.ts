// Search over 100,000 embeddings as the search worker runs it: the library's
// CLIP index (`ClipEmbeddingIndex`) filled with seeded unit vectors, then
// each query from its text to its matches: the text's embedding (the tiny
// text model on onnxruntime-web, through the project's embedder) and the
// index's matches at the CLIP threshold. Exposed by vite-plugin-comlink.

import { browserClipRuntime } from "../../../../workers/ml/clip/browser-clip-runtime";
import { createClipEmbedder } from "../../../../workers/ml/clip/clip-embedder";
import { clipMatchThreshold } from "../../../../workers/ml/clip/clip-embedding";
import { ClipEmbeddingIndex } from "../../../../workers/ml/clip/embedding-index";
import {
  type SearchMeasurement,
  type SearchQueryTiming,
  searchFileCount,
  searchQueryCount,
  seeds,
} from "../parameters";
import { seededUnitVectors } from "../seeded";

const subjects = ["a dog", "a cat", "two children", "a red car", "a birthday cake"];
const scenes = [
  "on a beach",
  "in the snow",
  "at night",
  "in a kitchen",
  "under a tree",
  "by a lake",
  "in the city",
  "on a boat",
  "in the rain",
  "at sunset",
];

/** Distinct texts, as people type them: a subject and a scene. */
const queryTexts = (count: number): string[] =>
  Array.from(
    { length: count },
    (_, i) =>
      `${subjects[i % subjects.length] ?? ""} ${scenes[Math.floor(i / subjects.length) % scenes.length] ?? ""}`,
  );

export const searchLatency = async (): Promise<SearchMeasurement> => {
  const nextEmbedding = seededUnitVectors(seeds.embeddings);
  const index = new ClipEmbeddingIndex();
  const fillStart = performance.now();
  // File IDs as the server hands them out: increasing integers.
  for (let fileID = 1; fileID <= searchFileCount; fileID++) index.add(fileID, nextEmbedding());
  const fillMs = performance.now() - fillStart;

  const embedder = createClipEmbedder(browserClipRuntime());
  // Untimed: the tokenizer's vocabulary, the session's start, the first scan's compilation.
  index.matches(await embedder.embedText("a warm-up"), clipMatchThreshold);
  const queries: SearchQueryTiming[] = [];
  for (const text of queryTexts(searchQueryCount)) {
    const start = performance.now();
    const embedding = await embedder.embedText(text);
    const embedded = performance.now();
    const matches = index.matches(embedding, clipMatchThreshold);
    const end = performance.now();
    queries.push({
      embedMs: embedded - start,
      matchMs: end - embedded,
      matchCount: matches.length,
    });
  }
  return { files: index.size, arrayBytes: index.arrayBytes, fillMs, queries };
};
