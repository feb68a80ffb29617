// The display order of a view: newest first by shown time, the higher file ID
// first on equal times, and entries equal in both kept in the order given.
// Pure; a least-significant-digit radix sort over the bits of the two
// numbers, so that ordering 100k entries takes a few milliseconds where a
// comparison sort takes tens of them (measured: `time-order.test.ts`).

/**
 * Below this many entries a comparison sort is as fast as the radix sort's
 * fixed cost (one 65,536-slot histogram per pass).
 */
const radixFromCount = 2048;

/** 16-bit digits: two passes per 32-bit word, a histogram that fits in the L2 cache. */
const digitBits = 16;
const digitCount = 1 << digitBits;
const digitMask = digitCount - 1;

const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);
const isLittleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const highWord = isLittleEndian ? 1 : 0;
const lowWord = 1 - highWord;

/**
 * Writes, for each value, two 32-bit words that sort ascending in the
 * descending order of the doubles: the IEEE 754 bits turned so that
 * unsigned comparison follows numeric order, then inverted.
 */
const descendingKeys = (values: Float64Array, count: number): [Uint32Array, Uint32Array] => {
  const high = new Uint32Array(count);
  const low = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    scratch[0] = values[i] ?? 0;
    const hi = scratchWords[highWord] ?? 0;
    const lo = scratchWords[lowWord] ?? 0;
    if (hi >>> 31 === 1) {
      // Negative: ascending order is all bits inverted, descending is the bits as they are.
      high[i] = hi;
      low[i] = lo;
    } else {
      // Positive: ascending order sets the sign bit; descending inverts that.
      high[i] = (hi ^ 0x7fffffff) >>> 0;
      low[i] = ~lo >>> 0;
    }
  }
  return [high, low];
};

const comparisonOrder = (timesUs: Float64Array, ids: Float64Array, count: number): Uint32Array => {
  const positions = Array.from({ length: count }, (_, i) => i);
  positions.sort(
    (a, b) => (timesUs[b] ?? 0) - (timesUs[a] ?? 0) || (ids[b] ?? 0) - (ids[a] ?? 0) || a - b,
  );
  return Uint32Array.from(positions);
};

/**
 * The positions `[0, count)` ordered by `timesUs` descending, then `ids`
 * descending, then position (a stable sort).
 */
export const orderByTimeDesc = (
  timesUs: Float64Array,
  ids: Float64Array,
  count: number,
): Uint32Array => {
  if (count < radixFromCount) return comparisonOrder(timesUs, ids, count);
  const [idHigh, idLow] = descendingKeys(ids, count);
  const [timeHigh, timeLow] = descendingKeys(timesUs, count);
  let source = new Uint32Array(count);
  for (let i = 0; i < count; i++) source[i] = i;
  let target = new Uint32Array(count);
  const counts = new Uint32Array(digitCount);
  // Least significant first: the ID breaks ties, so it is sorted before the time.
  for (const word of [idLow, idHigh, timeLow, timeHigh]) {
    for (let shift = 0; shift < 32; shift += digitBits) {
      counts.fill(0);
      for (let i = 0; i < count; i++) {
        const digit = ((word[i] ?? 0) >>> shift) & digitMask;
        counts[digit] = (counts[digit] ?? 0) + 1;
      }
      // Every entry has the same digit (common for high bits): nothing to do.
      if (counts[((word[0] ?? 0) >>> shift) & digitMask] === count) continue;
      let sum = 0;
      for (let digit = 0; digit < digitCount; digit++) {
        const digitTotal = counts[digit] ?? 0;
        counts[digit] = sum;
        sum += digitTotal;
      }
      for (let i = 0; i < count; i++) {
        const position = source[i] ?? 0;
        const digit = ((word[position] ?? 0) >>> shift) & digitMask;
        const slot = counts[digit] ?? 0;
        target[slot] = position;
        counts[digit] = slot + 1;
      }
      [source, target] = [target, source];
    }
  }
  return source;
};
