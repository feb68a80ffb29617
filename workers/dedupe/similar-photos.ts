import { type PerceptualHash, perceptualHashBits, popcount32 } from "./perceptual-hash";

// The "similar photos" of /deduplicate: bursts, and resized or re-encoded
// copies, grouped by their perceptual hashes (always there: no model
// needed) and their CLIP embeddings (when the models are), at the
// similarity the page's slider sets. Pure: the library hands in each file's
// time, hash and embedding.
//
// [Note: Similar photos are near in hash and in time]
//
// Two photos are compared only when they are near in time: sorted by the
// time they were taken, each is compared with the files after it that are
// within `similarWindowUs` (a day) and among the next `similarNeighbours`
// (200). Bursts are seconds apart, and a resized or re-encoded copy keeps
// its original's EXIF date, so both are next to each other in that order;
// the day also takes in a copy whose date was read in another time zone
// (whole hours, at most 14) and one that lost its EXIF and got the day it
// was saved or sent. The neighbour cap bounds the work where thousands of
// photos share a day (a wedding, an import that gave every file one date):
// 100,000 files are at most 20 million hash comparisons, two XORs and two
// popcounts each, and a copy with its original's date is still adjacent.
// CLIP's 512 multiplications a pair are kept to photos within ten minutes
// (`similarClipWindowUs`) and among the next 4 (`similarClipNeighbours`),
// and to pairs the hashes did not already find: what CLIP adds is the
// series (shots of one scene whose hashes differ because the subject or
// the camera moved), taken one after the other, so a shot's next few are
// enough (a series with three other photos between two of its shots is
// still joined); copies are the hash's to find. At most 400,000 dot
// products then, where every photo of a library is within minutes of the
// next: about half a second on a loaded 2-core machine.
//
// [Note: One similarity scale for the slider]
//
// The slider's value (0..1) is the similarity a pair needs, one scale for
// both measures, and a pair's similarity is the higher of the two:
// - hashes: 1 − distance / 32. Unrelated photos differ in about half of the
//   64 bits (32 = 0), the same picture in none (1). The default 0.7 is a
//   distance of 9 bits at most. On the fixtures at thumbnail size (see:
//   [Note: The perceptual hash is a DCT hash]) copies are 0 to 6 bits apart
//   (two sizes of a video frame 0, JPEG re-encodes at quality 40 up to 6)
//   and different photos, even of the same people in the same room, 20 or
//   more: 9 keeps a margin of 3 above the copies for a burst's small
//   movements and of 11 below the closest different photos.
// - CLIP: (cosine − 0.8) / 0.2, so the default 0.7 is a cosine of 0.94.
//   Not calibrated: no real CLIP model is at hand in development (the
//   tests' models are tiny stand-ins), and a cosine scale is the model's
//   own (see: [Note: CLIP match threshold]). The floor of 0.8 and the
//   default's 0.94 are a provisional choice, stricter than loose (a series
//   of one scene should score well above different photos of the same
//   people in one room, which must stay apart); they want measuring on
//   real photos once MobileCLIP runs on them, as the hash's were.
//
// A group is the photos connected by similar pairs (a burst is a chain:
// the first and last shots may differ more than the slider allows), and its
// similarity the weakest link that holds it together: the highest slider
// value at which it is still one group. The links are joined strongest
// first (Kruskal's order), so the last join that made the group is that
// weakest link.
//
// [Note: Similar photos leave exact duplicates to their own list]
//
// Copies of one content (same hash of their bytes) are exact duplicates,
// listed apart (`exactDuplicateGroups`). Here each such group stands for one
// photo, its kept copy (its first): the others are left out, so a similar
// group never holds two copies of one content, and a burst that contains a
// duplicated photo is still found, through the kept copy.

/** One photo as the grouping sees it. */
export interface SimilarityPhoto {
  fileID: number;
  /** µs: when it was taken (the edited time if set), as the gallery orders it. */
  takenAtUs: number;
  hash: PerceptualHash;
  /** Its CLIP embedding (unit length), when the models have indexed it. */
  clip?: Float32Array | undefined;
  /** Its size in bytes, when known: the largest copy is the one kept. */
  sizeBytes?: number | undefined;
}

/** Photos that look alike, the one to keep first. See: [Note: Similar photos are near in hash and in time] */
export interface SimilarPhotoGroup {
  fileIDs: number[];
  /** What removing every photo but the kept one frees, in bytes (sizes known only). */
  freedBytes: number;
  /** 0..1: the highest slider value at which these photos are still one group. */
  similarity: number;
}

export interface SimilarityOptions {
  /** The slider: the similarity (0..1) a pair needs. See: [Note: One similarity scale for the slider] */
  threshold: number;
  /** Photos further apart in time are not compared (µs). */
  windowUs?: number;
  /** Each photo is compared with at most this many photos after it in time. */
  neighbours?: number;
  /** CLIP compares photos this near in time (µs) ... */
  clipWindowUs?: number;
  /** ... and at most this many after each. */
  clipNeighbours?: number;
}

/** The slider's starting value: hashes 9 bits apart at most. See: [Note: One similarity scale for the slider] */
export { defaultSimilarityThreshold } from "../../shared/model/library/similarity-threshold";
/** A day. See: [Note: Similar photos are near in hash and in time] */
export const similarWindowUs = 24 * 60 * 60 * 1_000_000;
/** See: [Note: Similar photos are near in hash and in time] */
export const similarNeighbours = 200;
/** Ten minutes: a series of shots of one scene. See: [Note: Similar photos are near in hash and in time] */
export const similarClipWindowUs = 10 * 60 * 1_000_000;
/** See: [Note: Similar photos are near in hash and in time] */
export const similarClipNeighbours = 4;

/** The distance of unrelated hashes (half the bits): similarity 0. */
const unrelatedDistance = perceptualHashBits / 2;
/** The CLIP cosine that is similarity 0. See: [Note: One similarity scale for the slider] */
const clipCosineAtZero = 0.8;

/** A hash distance's similarity on the slider's scale. See: [Note: One similarity scale for the slider] */
const hashSimilarityOf = (distance: number): number =>
  Math.max(0, 1 - distance / unrelatedDistance);

/**
 * The largest distance between hashes whose similarity reaches `threshold`:
 * 9 bits at the default 0.7, every distance at 0.
 * See: [Note: One similarity scale for the slider]
 */
export const maxHashDistance = (threshold: number): number =>
  threshold <= 0
    ? perceptualHashBits
    : // The epsilon keeps a product such as 0.25 × 32 from landing just under 8.
      Math.floor((1 - threshold) * unrelatedDistance + 1e-9);

/**
 * Two CLIP embeddings' similarity on the slider's scale; 0 when their
 * lengths differ (from models of different widths: not comparable).
 * See: [Note: One similarity scale for the slider]
 */
const clipPairSimilarity = (a: Float32Array, b: Float32Array): number => {
  if (a.length !== b.length) return 0;
  // The cosine of unit vectors, in four running sums: up to 400,000 of
  // these a scan, and V8 runs this 1.7 times as fast as a plain loop.
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  const whole = a.length - (a.length % 4);
  let i = 0;
  for (; i < whole; i += 4) {
    sum0 += (a[i] ?? 0) * (b[i] ?? 0);
    sum1 += (a[i + 1] ?? 0) * (b[i + 1] ?? 0);
    sum2 += (a[i + 2] ?? 0) * (b[i + 2] ?? 0);
    sum3 += (a[i + 3] ?? 0) * (b[i + 3] ?? 0);
  }
  for (; i < a.length; i++) sum0 += (a[i] ?? 0) * (b[i] ?? 0);
  const cosine = sum0 + sum1 + sum2 + sum3;
  return Math.max(0, (cosine - clipCosineAtZero) / (1 - clipCosineAtZero));
};

/** Disjoint sets over 0..count-1, each root knowing its set's weakest link. */
const unionFind = (count: number) => {
  const parent = Int32Array.from({ length: count }, (_, index) => index);
  const weakest = new Float64Array(count).fill(1);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    // Path compression: the next find from here is one step.
    let at = index;
    while (at !== root) {
      const next = parent[at] ?? root;
      parent[at] = root;
      at = next;
    }
    return root;
  };
  return {
    find,
    weakestOf: (root: number) => weakest[root] ?? 1,
    /** Joins the sets of `a` and `b` by a link of `similarity`; false when already one set. */
    union: (a: number, b: number, similarity: number): boolean => {
      const rootA = find(a);
      const rootB = find(b);
      if (rootA === rootB) return false;
      parent[rootB] = rootA;
      weakest[rootA] = Math.min(weakest[rootA] ?? 1, weakest[rootB] ?? 1, similarity);
      return true;
    },
  };
};

const byTime = (a: SimilarityPhoto, b: SimilarityPhoto) =>
  a.takenAtUs - b.takenAtUs || a.fileID - b.fileID;

/** The one to keep first: the largest, then the earliest taken, then the oldest upload. */
const keptFirst = (a: SimilarityPhoto, b: SimilarityPhoto) =>
  (b.sizeBytes ?? 0) - (a.sizeBytes ?? 0) || byTime(a, b);

/** The file IDs left out as copies of an exact duplicate's kept file. See: [Note: Similar photos leave exact duplicates to their own list] */
const duplicateCopies = (
  exactDuplicates: readonly { files: readonly { fileID: number }[] }[],
): Set<number> =>
  new Set(exactDuplicates.flatMap(({ files }) => files.slice(1).map(({ fileID }) => fileID)));

/** The pairs that reach the threshold, as parallel arrays of indexes into the photos and their similarity. */
interface SimilarPairs {
  first: number[];
  second: number[];
  similarity: number[];
}

/**
 * The pairs of `photos` (in time order) near in time whose similarity
 * reaches the threshold. The hashes are read from typed arrays and their
 * distance compared with the threshold's, so the 20 million comparisons of
 * a crowded library are integer work. See: [Note: Similar photos are near in hash and in time]
 */
const similarPairs = (
  photos: readonly SimilarityPhoto[],
  options: Required<SimilarityOptions>,
): SimilarPairs => {
  const { threshold, windowUs, neighbours, clipWindowUs, clipNeighbours } = options;
  // Filled by a loop: `TypedArray.from` with a mapping function took 50 ms an array of 100,000.
  const times = new Float64Array(photos.length);
  const highs = new Uint32Array(photos.length);
  const lows = new Uint32Array(photos.length);
  photos.forEach(({ takenAtUs, hash }, index) => {
    times[index] = takenAtUs;
    highs[index] = hash.high;
    lows[index] = hash.low;
  });
  const maxDistance = maxHashDistance(threshold);
  const pairs: SimilarPairs = { first: [], second: [], similarity: [] };
  for (let i = 0; i < photos.length; i++) {
    const timeUs = times[i] ?? 0;
    const high = highs[i] ?? 0;
    const low = lows[i] ?? 0;
    const last = Math.min(photos.length - 1, i + neighbours);
    for (let j = i + 1; j <= last; j++) {
      const apartUs = (times[j] ?? 0) - timeUs;
      if (apartUs > windowUs) break;
      const distance = popcount32(high ^ (highs[j] ?? 0)) + popcount32(low ^ (lows[j] ?? 0));
      let similarity = distance <= maxDistance ? hashSimilarityOf(distance) : -1;
      if (similarity < 0 && j - i <= clipNeighbours && apartUs <= clipWindowUs) {
        const a = photos[i]?.clip;
        const b = photos[j]?.clip;
        if (a !== undefined && b !== undefined) {
          const clip = clipPairSimilarity(a, b);
          if (clip >= threshold) similarity = clip;
        }
      }
      if (similarity < 0) continue;
      pairs.first.push(i);
      pairs.second.push(j);
      pairs.similarity.push(similarity);
    }
  }
  return pairs;
};

/**
 * The groups of similar photos among `photos`, most bytes to free first, leaving
 * out the copies of `exactDuplicates` (each group's files after its first,
 * as `exactDuplicateGroups` orders them). See: [Note: Similar photos are
 * near in hash and in time], [Note: One similarity scale for the slider],
 * [Note: Similar photos leave exact duplicates to their own list]
 */
export const similarPhotoGroups = (
  photos: readonly SimilarityPhoto[],
  exactDuplicates: readonly { files: readonly { fileID: number }[] }[],
  options: SimilarityOptions,
): SimilarPhotoGroup[] => {
  const resolved: Required<SimilarityOptions> = {
    windowUs: similarWindowUs,
    neighbours: similarNeighbours,
    clipWindowUs: similarClipWindowUs,
    clipNeighbours: similarClipNeighbours,
    ...options,
  };
  const copies = duplicateCopies(exactDuplicates);
  const ordered = photos.filter(({ fileID }) => !copies.has(fileID)).sort(byTime);
  const pairs = similarPairs(ordered, resolved);

  // Strongest links first, so each group's last join is its weakest link.
  const order = Array.from(pairs.similarity.keys()).sort(
    (x, y) => (pairs.similarity[y] ?? 0) - (pairs.similarity[x] ?? 0),
  );
  const sets = unionFind(ordered.length);
  for (const index of order) {
    sets.union(pairs.first[index] ?? 0, pairs.second[index] ?? 0, pairs.similarity[index] ?? 0);
  }

  const members = new Map<number, SimilarityPhoto[]>();
  for (const index of new Set([...pairs.first, ...pairs.second])) {
    const photo = ordered[index];
    if (photo === undefined) continue;
    const root = sets.find(index);
    const group = members.get(root) ?? [];
    group.push(photo);
    members.set(root, group);
  }
  const groups = [...members].map(([root, files]) => {
    files.sort(keptFirst);
    return {
      fileIDs: files.map(({ fileID }) => fileID),
      freedBytes: files.slice(1).reduce((sum, { sizeBytes }) => sum + (sizeBytes ?? 0), 0),
      similarity: sets.weakestOf(root),
    };
  });
  // As the exact duplicates are listed: most storage to free first.
  return groups.sort(
    (a, b) =>
      b.freedBytes - a.freedBytes ||
      b.fileIDs.length - a.fileIDs.length ||
      (a.fileIDs[0] ?? 0) - (b.fileIDs[0] ?? 0),
  );
};
