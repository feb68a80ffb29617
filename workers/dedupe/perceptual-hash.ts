import type { RGBAImage } from "../ml/clip/clip-embedder";
import { luminanceGrid } from "./luminance-grid";

// A 64-bit perceptual hash of a photo (a DCT "pHash"), and the distance
// between two: the "similar photos" of /deduplicate are found by it, with
// no model needed. See: [Note: Similar photos are near in hash and in time]
//
// [Note: The perceptual hash is a DCT hash]
//
// The photo's luma is averaged onto 32×32 cells (see: [Note: A perceptual
// hash downscales by averaging areas]), the 2-D DCT-II of that grid taken,
// and of its lowest 8×8 frequencies, the DC term's row and column left out
// (they say only how bright the photo is), each of the 64 gives one bit:
// whether it is above their median. Low frequencies are the photo's
// composition (where it is light and dark), which a resize or a JPEG
// re-encode keeps and which a different photo of the same scene moves.
//
// It was chosen over the cheaper difference hash (dHash: whether each of
// 8×9 averaged cells is brighter than its right neighbour) by measuring
// both on the fixtures at the app's thumbnail size (720 px long side),
// Hamming distances out of 64:
//
//   pair                                             pHash   dHash
//   one video frame, 480p and 720p                       0       0
//   a photo and its JPEG re-encode at quality 40      0–6    0–20
//     (the 17 fixtures; the worst is canon-dslr)
//   a photo and its mirror image                    22–38    4–46
//   different photos of the same people (the 8 face
//     fixtures' 28 pairs): closest / mean          26 / 33 21 / 31
//   any two different fixtures (135 pairs): closest    20      16
//
// dHash's bits are local (a cell against its neighbour), so a harsher JPEG
// of a detailed photo moved 20 of them, as far as some different photos
// are, and a mirror image of a photo that is symmetric in its brightness
// came out 4 bits away; no threshold separates copies from other photos
// there. The DCT's bits are global: its copies are within 6 bits and
// everything else 20 or more apart. Both cost the same (about 2 ms for a
// 720 px thumbnail in Node on the development machine), nearly all of it
// the averaging onto the grid; the DCT of the 32×32 grid is 10,000
// multiplications.

/** The hash's grid: the usual pHash size, 4× the 8×8 frequencies kept. */
const gridSizePx = 32;
/** The frequencies kept along each axis (after the DC term): 8 × 8 = 64 bits. */
const frequenciesKept = 8;

/** A hash's length in bits: the most two hashes can differ by. */
export const perceptualHashBits = 64;

/**
 * A 64-bit perceptual hash as two unsigned 32-bit halves: structured-clone
 * (a worker's message) carries it as two numbers, and a distance is two
 * XORs and two popcounts, with no bigint. See: [Note: The perceptual hash is a DCT hash]
 */
export interface PerceptualHash {
  readonly high: number;
  readonly low: number;
}

/** cos((2x + 1) u π / 2N) for u = 1..8, x = 0..31: the DCT-II basis rows the hash uses. */
const basis: readonly Float64Array[] = Array.from({ length: frequenciesKept }, (_, index) => {
  const u = index + 1;
  return Float64Array.from({ length: gridSizePx }, (_unused, x) =>
    Math.cos(((2 * x + 1) * u * Math.PI) / (2 * gridSizePx)),
  );
});

/** The 8×8 low frequencies (DC row and column left out) of a 32×32 grid, row by row. */
const lowFrequencies = (grid: Float64Array): Float64Array => {
  // Along each row first: 32 rows × 8 frequencies.
  const partial = new Float64Array(gridSizePx * frequenciesKept);
  for (let y = 0; y < gridSizePx; y++) {
    for (let u = 0; u < frequenciesKept; u++) {
      const row = basis[u] ?? new Float64Array(gridSizePx);
      let sum = 0;
      for (let x = 0; x < gridSizePx; x++) sum += (grid[y * gridSizePx + x] ?? 0) * (row[x] ?? 0);
      partial[y * frequenciesKept + u] = sum;
    }
  }
  // Then down the columns of those.
  const coefficients = new Float64Array(frequenciesKept * frequenciesKept);
  for (let v = 0; v < frequenciesKept; v++) {
    const column = basis[v] ?? new Float64Array(gridSizePx);
    for (let u = 0; u < frequenciesKept; u++) {
      let sum = 0;
      for (let y = 0; y < gridSizePx; y++) {
        sum += (partial[y * frequenciesKept + u] ?? 0) * (column[y] ?? 0);
      }
      coefficients[v * frequenciesKept + u] = sum;
    }
  }
  return coefficients;
};

const median = (values: Float64Array): number => {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length / 2;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * `image`'s perceptual hash: bit i (of `high` then `low`, most significant
 * first) is whether the i-th low frequency is above their median.
 * See: [Note: The perceptual hash is a DCT hash]
 */
export const perceptualHash = (image: RGBAImage): PerceptualHash => {
  const coefficients = lowFrequencies(luminanceGrid(image, gridSizePx));
  const cut = median(coefficients);
  let high = 0;
  let low = 0;
  for (let i = 0; i < 32; i++) {
    high = (high << 1) | ((coefficients[i] ?? 0) > cut ? 1 : 0);
    low = (low << 1) | ((coefficients[i + 32] ?? 0) > cut ? 1 : 0);
  }
  return { high: high >>> 0, low: low >>> 0 };
};

/** The set bits of a 32-bit integer (the SWAR popcount: no loop over bits). */
export const popcount32 = (value: number): number => {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
};

/** How many of the 64 bits differ: 0 for the same picture, about 32 for unrelated ones. */
export const hammingDistance = (a: PerceptualHash, b: PerceptualHash): number =>
  popcount32(a.high ^ b.high) + popcount32(a.low ^ b.low);

/** The hash as 16 hex digits, for storing (in an ML data document, say). */
export const perceptualHashHex = ({ high, low }: PerceptualHash): string =>
  high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");

/** A hash from `perceptualHashHex`'s digits; undefined when they are not 16 hex digits. */
export const perceptualHashFromHex = (hex: string): PerceptualHash | undefined => {
  if (!/^[0-9a-f]{16}$/i.test(hex)) return undefined;
  return {
    high: Number.parseInt(hex.slice(0, 8), 16),
    low: Number.parseInt(hex.slice(8), 16),
  };
};
