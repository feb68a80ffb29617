import {
  clipEmbeddingLength,
  clipMatchThreshold,
  EmbeddingLengthMismatchError,
  ensureEmbeddingLength,
} from "./clip-embedding";

// [Note: The CLIP index holds embeddings as 8-bit codes]
//
// Search compares the text's embedding with every file's, so every file's
// embedding stays in memory. As float32 that is 2,048 bytes a file, 205 MB
// for a library of 100,000 photos: too much for a browser tab's worker. Each
// embedding is instead kept as 512 signed bytes and one float32 scale (the
// vector's largest magnitude over 127), a quarter of the memory: 51 MB of
// codes for 100,000 files. The score is `scale × Σ code·text`, in float64.
// The rounding moves a unit vector's values by at most scale/2, and a score
// by about 0.001 (the test measures it on synthetic libraries), while the
// scores of relevant photos differ from each other and from the 0.175
// threshold by hundredths: the ranking of the top results is that of the
// float vectors, and only a photo within a thousandth of the threshold may
// fall on the other side of it. The local database keeps the codes and
// scales as they are (`rowOf`, `addCodes`), so a reload rebuilds this index
// without the server's float embeddings and without rounding them again.
// See: [Note: The ML indexes are kept as sealed chunks]
//
// Rows are kept in fixed chunks of 4,096 files rather than one array that
// doubles: growing never copies, and at most one chunk (2 MB) is unused,
// where doubling could leave half the codes unused (a 100,001st file would
// take the index from 51 MB to 102 MB). A removed file's row is filled with
// the last row, so the rows stay dense and a query scans no holes.

/** Files per chunk: 2 MB of codes, small beside 100,000 files, large enough that chunks are few. */
const rowsPerChunk = 4096;
/** The largest magnitude of a signed byte code. */
const codeMax = 127;
/** Four codes to a 32-bit word. See: [Note: A query multiplies integers] */
const wordsPerRow = clipEmbeddingLength / 4;
/**
 * The largest magnitude of a query's integer values: 127 × 16,383 × 512 is
 * below 2³¹, so a row's sum never leaves int32. See: [Note: A query multiplies integers]
 */
const textMax = 16_383;

export interface ClipMatch {
  fileID: number;
  /** The cosine of the file's and the text's embeddings. */
  score: number;
}

interface Chunk {
  /** Each row's 512 codes, four bytes to a word, the first code in the low byte. */
  words: Int32Array;
  scales: Float32Array;
  fileIDs: Float64Array;
}

const newChunk = (): Chunk => ({
  words: new Int32Array(rowsPerChunk * wordsPerRow),
  scales: new Float32Array(rowsPerChunk),
  fileIDs: new Float64Array(rowsPerChunk),
});

/**
 * The CLIP embeddings of a library, by file ID, for search.
 * See: [Note: The CLIP index holds embeddings as 8-bit codes]
 */
export class ClipEmbeddingIndex {
  readonly #chunks: Chunk[] = [];
  /** The row of each file. */
  readonly #rows = new Map<number, number>();

  /** How many files have an embedding here. */
  get size(): number {
    return this.#rows.size;
  }

  /** The bytes of the typed arrays the index holds (the file ID map excepted). */
  get arrayBytes(): number {
    return this.#chunks.length * rowsPerChunk * (wordsPerRow * 4 + 4 + 8);
  }

  has(fileID: number): boolean {
    return this.#rows.has(fileID);
  }

  /**
   * Adds (or replaces) the normalised embedding of a file. Throws
   * `InvalidEmbeddingLengthError` unless it holds 512 values.
   */
  add(fileID: number, embedding: ArrayLike<number>): void {
    ensureEmbeddingLength(embedding);
    const { chunk, slot } = this.#slotFor(fileID);
    let largest = 0;
    for (let i = 0; i < clipEmbeddingLength; i++) {
      largest = Math.max(largest, Math.abs(embedding[i] ?? 0));
    }
    const scale = largest / codeMax;
    const code = (i: number) => (scale === 0 ? 0 : Math.round((embedding[i] ?? 0) / scale) & 0xff);
    this.#pack(chunk, slot, code);
    chunk.scales[slot] = scale;
    chunk.fileIDs[slot] = fileID;
  }

  /** The chunk and slot of a file's row, a new row at the end for a new file. */
  #slotFor(fileID: number): { chunk: Chunk; slot: number } {
    let row = this.#rows.get(fileID);
    if (row === undefined) {
      row = this.#rows.size;
      if (row === this.#chunks.length * rowsPerChunk) this.#chunks.push(newChunk());
      this.#rows.set(fileID, row);
    }
    return { chunk: this.#chunkOf(row), slot: row % rowsPerChunk };
  }

  /** Packs a row's codes (each a byte, 0–255), four to a word, the first in the low byte. */
  #pack(chunk: Chunk, slot: number, code: (i: number) => number): void {
    const offset = slot * wordsPerRow;
    for (let w = 0; w < wordsPerRow; w++) {
      const i = w * 4;
      chunk.words[offset + w] =
        code(i) | (code(i + 1) << 8) | (code(i + 2) << 16) | (code(i + 3) << 24);
    }
  }

  /** The files that have an embedding here, in no particular order. */
  fileIDs(): IterableIterator<number> {
    return this.#rows.keys();
  }

  /**
   * A file's row as stored: its 512 codes and its scale (the embedding is
   * about `scale × codes`), for the local database to keep without
   * quantizing again. See: [Note: The ML indexes are kept as sealed chunks]
   */
  rowOf(fileID: number): { codes: Int8Array; scale: number } | undefined {
    const row = this.#rows.get(fileID);
    if (row === undefined) return undefined;
    const chunk = this.#chunkOf(row);
    const slot = row % rowsPerChunk;
    const codes = new Int8Array(clipEmbeddingLength);
    const offset = slot * wordsPerRow;
    for (let w = 0; w < wordsPerRow; w++) {
      const word = chunk.words[offset + w] ?? 0;
      const i = w * 4;
      codes[i] = (word << 24) >> 24;
      codes[i + 1] = (word << 16) >> 24;
      codes[i + 2] = (word << 8) >> 24;
      codes[i + 3] = word >> 24;
    }
    return { codes, scale: chunk.scales[slot] ?? 0 };
  }

  /**
   * Adds (or replaces) a file's row as `rowOf` gave it. Throws
   * `InvalidEmbeddingLengthError` unless `codes` holds 512 values.
   */
  addCodes(fileID: number, codes: ArrayLike<number>, scale: number): void {
    ensureEmbeddingLength(codes);
    const { chunk, slot } = this.#slotFor(fileID);
    const code = (i: number) => (codes[i] ?? 0) & 0xff;
    this.#pack(chunk, slot, code);
    chunk.scales[slot] = scale;
    chunk.fileIDs[slot] = fileID;
  }

  /** Removes a file's embedding; answers whether it had one. */
  remove(fileID: number): boolean {
    const row = this.#rows.get(fileID);
    if (row === undefined) return false;
    this.#rows.delete(fileID);
    const last = this.#rows.size;
    if (row !== last) {
      // Move the last row into the hole, so the rows stay dense.
      const from = this.#chunkOf(last);
      const fromSlot = last % rowsPerChunk;
      const to = this.#chunkOf(row);
      const toSlot = row % rowsPerChunk;
      to.words.set(
        from.words.subarray(fromSlot * wordsPerRow, (fromSlot + 1) * wordsPerRow),
        toSlot * wordsPerRow,
      );
      to.scales[toSlot] = from.scales[fromSlot] ?? 0;
      const movedFileID = from.fileIDs[fromSlot] ?? 0;
      to.fileIDs[toSlot] = movedFileID;
      this.#rows.set(movedFileID, row);
    }
    // Release a chunk once no row uses it (keeping one spare would only save an allocation).
    if (this.#chunks.length * rowsPerChunk - this.#rows.size >= rowsPerChunk) this.#chunks.pop();
    return true;
  }

  /**
   * The files whose score against `textEmbedding` (normalised) is at least
   * `threshold`, best first (ties by file ID, for a stable order). Throws
   * `EmbeddingLengthMismatchError` when the text embedding is not 512 values.
   * See: [Note: CLIP match threshold]
   */
  matches(textEmbedding: ArrayLike<number>, threshold = clipMatchThreshold): ClipMatch[] {
    if (textEmbedding.length !== clipEmbeddingLength) throw new EmbeddingLengthMismatchError();
    let largest = 0;
    for (let i = 0; i < clipEmbeddingLength; i++) {
      largest = Math.max(largest, Math.abs(textEmbedding[i] ?? 0));
    }
    const textScale = largest / textMax;
    const text = Int32Array.from(textEmbedding, (v) =>
      textScale === 0 ? 0 : Math.round(v / textScale),
    );
    const found: ClipMatch[] = [];
    const count = this.#rows.size;
    for (let chunkIndex = 0; chunkIndex * rowsPerChunk < count; chunkIndex++) {
      const chunk = this.#chunks[chunkIndex];
      if (chunk === undefined) break;
      const { words, scales, fileIDs } = chunk;
      const rows = Math.min(rowsPerChunk, count - chunkIndex * rowsPerChunk);
      for (let slot = 0; slot < rows; slot++) {
        const score = (scales[slot] ?? 0) * textScale * dotOfRow(words, slot * wordsPerRow, text);
        if (score >= threshold) found.push({ fileID: fileIDs[slot] ?? 0, score });
      }
    }
    return found.sort((a, b) => b.score - a.score || a.fileID - b.fileID);
  }

  #chunkOf(row: number): Chunk {
    const chunk = this.#chunks[Math.floor(row / rowsPerChunk)];
    if (chunk === undefined) throw new Error(`No chunk holds row ${String(row)}`);
    return chunk;
  }
}

// [Note: A query multiplies integers]
//
// A query is 51 million products for 100,000 files, in plain JavaScript (no
// SIMD). The text's embedding is rounded to integers too (to ±16,383, far
// finer than the files' codes), four codes are read per 32-bit load and
// unpacked with shifts, and the sum stays a 32-bit integer: on this project's
// 2-core machine that is 40–55 ms for 100,000 files, against 60–80 ms
// multiplying the bytes by float64s one at a time. The words are packed by
// `add` (not viewed over bytes), so the order of the codes does not depend
// on the machine's byte order.

/** Σ code·text over one row's 128 words. See: [Note: A query multiplies integers] */
const dotOfRow = (words: Int32Array, offset: number, text: Int32Array): number => {
  // Local bounds: an imported binding in the loop's condition is read again
  // on every turn once transpiled, which made the query several times slower.
  const rowWords = 128;
  let sum = 0;
  for (let w = 0; w < rowWords; w++) {
    const word = words[offset + w] as number;
    const i = w << 2;
    sum =
      (sum +
        ((word << 24) >> 24) * (text[i] as number) +
        ((word << 16) >> 24) * (text[i + 1] as number) +
        ((word << 8) >> 24) * (text[i + 2] as number) +
        (word >> 24) * (text[i + 3] as number)) |
      0;
  }
  return sum;
};
