// Bench data: random 4 MiB chunks, and checks that bytes survived a round trip.

// `crypto.getRandomValues` fills at most 65,536 bytes per call (Web Crypto spec).
const GET_RANDOM_VALUES_MAX_BYTES = 65536;

/** `totalBytes` of random data as chunks of `chunkBytes`, each in its own buffer. */
export const randomChunks = (totalBytes: number, chunkBytes: number): Uint8Array<ArrayBuffer>[] => {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (let offset = 0; offset < totalBytes; offset += chunkBytes) {
    const chunk = new Uint8Array(Math.min(chunkBytes, totalBytes - offset));
    for (let at = 0; at < chunk.length; at += GET_RANDOM_VALUES_MAX_BYTES) {
      crypto.getRandomValues(chunk.subarray(at, at + GET_RANDOM_VALUES_MAX_BYTES));
    }
    chunks.push(chunk);
  }
  return chunks;
};

/** Whether the concatenations of `a` and `b` are the same bytes. */
export const sameConcatenation = (a: readonly Uint8Array[], b: readonly Uint8Array[]): boolean => {
  const flatten = (chunks: readonly Uint8Array[]) => {
    const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  };
  const left = flatten(a);
  const right = flatten(b);
  if (left.length !== right.length) return false;
  // Compare as 32-bit words when aligned: 4x fewer iterations over 64 MiB.
  if (left.length % 4 === 0) {
    const l32 = new Uint32Array(left.buffer);
    const r32 = new Uint32Array(right.buffer);
    for (let i = 0; i < l32.length; i++) if (l32[i] !== r32[i]) return false;
    return true;
  }
  for (let i = 0; i < left.length; i++) if (left[i] !== right[i]) return false;
  return true;
};
