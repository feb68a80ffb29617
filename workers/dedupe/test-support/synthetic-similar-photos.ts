import { seededRandom } from "../../../bench/seed/plausible-files";
import type { PerceptualHash } from "../perceptual-hash";
import type { SimilarityPhoto } from "../similar-photos";

// A seeded library of perceptual hashes, shaped like a camera roll, for
// the grouping's tests and its bench: photos spread over ten years, most
// alone, some in bursts (a few shots seconds apart whose hashes differ in
// a few bits) and some with a resized copy (same time, 0 to 2 bits off).

export interface SyntheticSimilarLibrary {
  photos: SimilarityPhoto[];
  /** The photos made as bursts or copies: each group's file IDs, in the order made. */
  made: number[][];
}

const tenYearsUs = 10 * 365 * 24 * 60 * 60 * 1_000_000;
const startUs = 1_500_000_000_000_000;

const randomHash = (random: () => number): PerceptualHash => ({
  high: Math.floor(random() * 2 ** 32),
  low: Math.floor(random() * 2 ** 32),
});

/** `hash` with `bits` of its 64 bits flipped (distinct, at random). */
const flipped = (hash: PerceptualHash, bits: number, random: () => number): PerceptualHash => {
  let { high, low } = hash;
  const chosen = new Set<number>();
  while (chosen.size < bits) chosen.add(Math.floor(random() * 64));
  for (const bit of chosen) {
    if (bit < 32) high ^= 1 << bit;
    else low ^= 1 << (bit - 32);
  }
  return { high: high >>> 0, low: low >>> 0 };
};

/**
 * `count` photos: a twentieth start a burst of 3 to 6 shots, each 2 to 5
 * bits from the one before, a second apart; a twentieth get a copy 0 to 2
 * bits off at the same time; the rest are unrelated.
 */
export const syntheticSimilarLibrary = (count: number, seed = 1): SyntheticSimilarLibrary => {
  const random = seededRandom(seed);
  const photos: SimilarityPhoto[] = [];
  const made: number[][] = [];
  const add = (takenAtUs: number, hash: PerceptualHash) => {
    const fileID = photos.length + 1;
    photos.push({ fileID, takenAtUs, hash, sizeBytes: 1_000_000 + Math.floor(random() * 4e6) });
    return fileID;
  };
  while (photos.length < count) {
    const takenAtUs = startUs + Math.floor(random() * tenYearsUs);
    const hash = randomHash(random);
    const kind = random();
    const left = count - photos.length;
    if (kind < 0.05 && left >= 6) {
      const shots = 3 + Math.floor(random() * 4);
      let shotHash = hash;
      const burst = [add(takenAtUs, shotHash)];
      for (let shot = 1; shot < shots; shot++) {
        shotHash = flipped(shotHash, 2 + Math.floor(random() * 4), random);
        burst.push(add(takenAtUs + shot * 1_000_000, shotHash));
      }
      made.push(burst);
    } else if (kind < 0.1 && left >= 2) {
      made.push([
        add(takenAtUs, hash),
        add(takenAtUs, flipped(hash, Math.floor(random() * 3), random)),
      ]);
    } else {
      add(takenAtUs, hash);
    }
  }
  return { photos, made };
};
