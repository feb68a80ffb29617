import type { Tfjs } from "../things/bundled-tfjs";
import type { DotProducts } from "./face-similarity";

/**
 * The dot products as one matrix product on tfjs (on its wasm backend,
 * XNNPACK's SIMD kernel): about 20·10⁹ multiply-adds a second, against
 * 1.4·10⁹ for plain JavaScript. The backend must be one whose data can be
 * read synchronously (wasm, cpu).
 *
 * The product is keys × queriesᵀ, transposed back here: tfjs's wasm backend
 * transposes a `transposeB` operand before multiplying, and transposing the
 * small block of queries (256 rows) costs little where transposing all the
 * keys (10,000 rows) made the product 20 times slower.
 */
export const tfjsDotProducts =
  (tf: Tfjs): DotProducts =>
  (queries, queryCount, keys, keyCount, dims) => {
    const product = tf.tidy(() =>
      tf.matMul(
        tf.tensor2d(keys.subarray(0, keyCount * dims), [keyCount, dims]),
        tf.transpose(tf.tensor2d(queries.subarray(0, queryCount * dims), [queryCount, dims])),
      ),
    );
    try {
      const byKey = product.dataSync() as Float32Array;
      const result = new Float32Array(queryCount * keyCount);
      for (let k = 0; k < keyCount; k++) {
        for (let q = 0; q < queryCount; q++) {
          result[q * keyCount + k] = byKey[k * queryCount + q] ?? 0;
        }
      }
      return result;
    } finally {
      product.dispose();
    }
  };
