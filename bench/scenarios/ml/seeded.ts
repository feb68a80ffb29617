// Seeded inputs, made the same in Node and in the bench page's workers: the
// RGBA images CLIP embeds on both sides, and the random embeddings the
// search index is filled with.

import type { RGBAImage } from "../../../workers/ml/clip/clip-embedder";
import { clipEmbeddingLength } from "../../../workers/ml/clip/clip-embedding";
import { seededRandom } from "../../seed/plausible-files";

/**
 * `count` opaque images of `width`×`height`: a gradient of the image's own
 * colour with noise, so that each image (and each embedding) differs.
 */
export const seededImages = (
  count: number,
  width: number,
  height: number,
  seed: number,
): RGBAImage[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const base = [random() * 255, random() * 255, random() * 255];
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0, at = 0; y < height; y++) {
      for (let x = 0; x < width; x++, at += 4) {
        const shade = (x + y) / (width + height);
        for (let c = 0; c < 3; c++) {
          data[at + c] = (base[c] ?? 0) * shade + random() * 64;
        }
        data[at + 3] = 255;
      }
    }
    return { width, height, data };
  });
};

/**
 * A generator of random unit vectors of 512 values, uniform on the sphere
 * (normal coordinates by Box–Muller, then scaled to length 1), as the CLIP
 * embeddings the index holds are unit vectors.
 */
export const seededUnitVectors = (seed: number): (() => Float32Array) => {
  const random = seededRandom(seed);
  const normal = () => {
    const u = 1 - random(); // (0, 1]: the logarithm stays finite
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  return () => {
    const vector = new Float32Array(clipEmbeddingLength);
    let sumOfSquares = 0;
    for (let i = 0; i < vector.length; i++) {
      const value = normal();
      vector[i] = value;
      sumOfSquares += value * value;
    }
    const norm = Math.sqrt(sumOfSquares);
    for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm;
    return vector;
  };
};
