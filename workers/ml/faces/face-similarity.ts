// The dot products of face embeddings, block by block: the one costly step
// of clustering (10,000 faces of 1024 floats make 5·10¹⁰ multiply-adds).

/**
 * The dot product of each of `queryCount` rows of `queries` with each of
 * `keyCount` rows of `keys` (rows of `dims` floats, one after the other),
 * row-major: `result[q * keyCount + k]`.
 */
export type DotProducts = (
  queries: Float32Array,
  queryCount: number,
  keys: Float32Array,
  keyCount: number,
  dims: number,
) => Float32Array;

/**
 * Plain JavaScript: about 1.4·10⁹ multiply-adds a second in Node 20 on this
 * project's machines, so 10,000 faces from scratch take 77 s, where the
 * tfjs engine (face-similarity-tfjs.ts) takes 7 to 8 s
 * (test-support/cluster-timing.ts). Fine for the few new faces of an
 * incremental run, and for tests.
 */
export const dotProductsJS: DotProducts = (queries, queryCount, keys, keyCount, dims) => {
  const result = new Float32Array(queryCount * keyCount);
  for (let q = 0; q < queryCount; q++) {
    const qo = q * dims;
    for (let k = 0; k < keyCount; k++) {
      const ko = k * dims;
      // Four sums: independent additions the JIT can overlap.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let d = 0;
      for (; d + 4 <= dims; d += 4) {
        s0 += (queries[qo + d] ?? 0) * (keys[ko + d] ?? 0);
        s1 += (queries[qo + d + 1] ?? 0) * (keys[ko + d + 1] ?? 0);
        s2 += (queries[qo + d + 2] ?? 0) * (keys[ko + d + 2] ?? 0);
        s3 += (queries[qo + d + 3] ?? 0) * (keys[ko + d + 3] ?? 0);
      }
      for (; d < dims; d++) s0 += (queries[qo + d] ?? 0) * (keys[ko + d] ?? 0);
      result[q * keyCount + k] = s0 + s1 + s2 + s3;
    }
  }
  return result;
};
