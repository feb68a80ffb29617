// Pure rules for spreading crypto work over the pool's workers.

// [Note: How the crypto pool splits a batch]
//
// A batch is cut into contiguous shares, one per worker used, so a call costs
// at most one round trip per worker and never one per item. Splitting only
// pays when each share's work outweighs the round trip that carries it
// (roughly 0.1–0.3 ms for a postMessage there and back): each item is
// weighed as its payload bytes plus a fixed per-item cost, and a share must
// weigh at least `MIN_SHARE_WEIGHT_BYTES`. Small batches therefore go whole to
// one worker. Workers are picked least busy first.

/**
 * The fixed cost of one item, in payload-equivalent bytes: a WebAssembly call,
 * a few small allocations and base64 conversions cost about as much as
 * encrypting 1 KiB.
 */
export const ITEM_OVERHEAD_BYTES = 1024;

/**
 * The least work worth a round trip of its own: at ~300 MB/s of libsodium in
 * WebAssembly, 64 KiB is ~0.2 ms, about one round trip. For Boxes (a 32-byte
 * key each) this means a share of at least ~60 items.
 */
export const MIN_SHARE_WEIGHT_BYTES = 64 * 1024;

/** An item's weight for splitting. See: [Note: How the crypto pool splits a batch] */
export const itemWeight = (payloadBytes: number): number => ITEM_OVERHEAD_BYTES + payloadBytes;

/** How many workers a batch of `totalWeight` should use. See: [Note: How the crypto pool splits a batch] */
export const shareCount = (totalWeight: number, workerCount: number): number =>
  Math.max(1, Math.min(workerCount, Math.floor(totalWeight / MIN_SHARE_WEIGHT_BYTES)));

/**
 * Cuts `weights.length` items into `shares` contiguous ranges of about equal
 * total weight, as `[start, end)` index pairs; no range is empty while there
 * are at least as many items as shares.
 */
export const splitByWeight = (weights: readonly number[], shares: number): [number, number][] => {
  const count = Math.min(shares, weights.length);
  if (count <= 1) return [[0, weights.length]];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const ranges: [number, number][] = [];
  let start = 0;
  let accumulated = 0;
  for (let share = 1; share < count; share++) {
    const target = (total * share) / count;
    let end = start + 1; // at least one item per share
    accumulated += weights[start] ?? 0;
    const mustLeave = count - share; // items the remaining shares need
    while (end < weights.length - mustLeave && accumulated + (weights[end] ?? 0) / 2 <= target) {
      accumulated += weights[end] ?? 0;
      end++;
    }
    ranges.push([start, end]);
    start = end;
  }
  ranges.push([start, weights.length]);
  return ranges;
};

/** The indices of the `count` least loaded workers, least loaded (then lowest index) first. */
export const leastLoaded = (loads: readonly number[], count: number): number[] =>
  loads
    .map((load, index) => ({ load, index }))
    .sort((a, b) => a.load - b.load || a.index - b.index)
    .slice(0, count)
    .map(({ index }) => index);
