// Helpers for this folder's tests (and the crypto worker's): bulk random bytes
// and a fast byte comparison.
//
// libsodium.js's `randombytes_buf` calls back into JavaScript for every 4
// bytes (about 0.3 MB/s), fine for keys and nonces but not for megabytes of
// test data; vitest's deep equality is similarly slow on large arrays.

// `crypto.getRandomValues` fills at most 65,536 bytes per call (Web Crypto spec).
const GET_RANDOM_VALUES_MAX_BYTES = 65536;

/** `lengthBytes` random bytes, quickly. */
export const randomTestBytes = (lengthBytes: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(lengthBytes);
  for (let offset = 0; offset < lengthBytes; offset += GET_RANDOM_VALUES_MAX_BYTES) {
    crypto.getRandomValues(bytes.subarray(offset, offset + GET_RANDOM_VALUES_MAX_BYTES));
  }
  return bytes;
};

/** Whether `a` and `b` hold the same bytes. */
export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};
