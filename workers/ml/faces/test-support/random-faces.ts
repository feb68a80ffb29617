// Random unit embeddings, seeded, for clustering tests and timings. Test support only.

import type { ClusterableFace } from "../face-clusters";

/** mulberry32: a small seeded generator of floats in [0, 1). */
const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** `count` faces with random L2-normalised embeddings of `dims` floats, clusterable scores and blurs. */
export const randomFaces = (count: number, dims: number, seed = 1): ClusterableFace[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const embedding = Float32Array.from({ length: dims }, () => random() - 0.5);
    const norm = Math.hypot(...embedding);
    return {
      faceID: `${String(i + 1)}_00000_00000_50000_50000`,
      embedding: embedding.map((value) => value / norm),
      score: 0.9,
      blur: 100,
    };
  });
};
