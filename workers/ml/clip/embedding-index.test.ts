import { describe, expect, it } from "vitest";
import {
  clipEmbeddingLength,
  clipSimilarity,
  EmbeddingLengthMismatchError,
  InvalidEmbeddingLengthError,
  normalizedEmbedding,
} from "./clip-embedding";
import { ClipEmbeddingIndex } from "./embedding-index";

// See: [Note: The CLIP index holds embeddings as 8-bit codes]

/** mulberry32: a small seeded generator, so the synthetic libraries are the same on every run. */
const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** A standard normal value (Box–Muller). */
const gaussian = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const randomEmbedding = (random: () => number) =>
  normalizedEmbedding(Array.from({ length: clipEmbeddingLength }, () => gaussian(random)));

/**
 * A library shaped like CLIP's: photos gather around a few themes, and a
 * text is near one theme, so some photos score above the threshold.
 */
const syntheticLibrary = (count: number, seed: number) => {
  const random = seededRandom(seed);
  const themes = Array.from({ length: 50 }, () => randomEmbedding(random));
  const embeddings = Array.from({ length: count }, (_, i) => {
    const theme = themes[i % themes.length] ?? themes[0];
    const noise = randomEmbedding(random);
    const mix = 0.15 + 0.4 * random();
    return normalizedEmbedding(noise.map((v, j) => v + mix * (theme?.[j] ?? 0)));
  });
  const text = normalizedEmbedding(
    (themes[7] ?? []).map((v, j) => v + 2 * (randomEmbedding(random)[j] ?? 0)),
  );
  return { embeddings, text };
};

const unit = (index: number, sign = 1) => {
  const vector = new Float32Array(clipEmbeddingLength);
  vector[index] = sign;
  return vector;
};

describe("the CLIP embedding index", () => {
  it("answers the files at or above the threshold, best first", () => {
    const index = new ClipEmbeddingIndex();
    const text = unit(0);
    index.add(10, normalizedEmbedding([0.3, 1, ...new Float32Array(510)])); // cos ≈ 0.287
    index.add(11, unit(1)); // 0
    index.add(12, normalizedEmbedding([1, 1, ...new Float32Array(510)])); // ≈ 0.707
    index.add(13, unit(0, -1)); // -1
    const matches = index.matches(text, 0.2);
    expect(matches.map((match) => match.fileID)).toEqual([12, 10]);
    expect(matches[0]?.score).toBeCloseTo(Math.SQRT1_2, 2);
    expect(index.matches(text, -2).map((match) => match.fileID)).toEqual([12, 10, 11, 13]);
  });

  it("replaces a file's embedding, and forgets removed files", () => {
    const index = new ClipEmbeddingIndex();
    index.add(1, unit(0));
    index.add(2, unit(1));
    index.add(3, unit(2));
    index.add(1, unit(5));
    expect(index.size).toBe(3);
    expect(index.matches(unit(0))).toEqual([]);
    expect(index.remove(1)).toBe(true);
    expect(index.remove(1)).toBe(false);
    expect(index.has(1)).toBe(false);
    expect(index.size).toBe(2);
    // The last file moved into the removed one's row and is still found.
    expect(index.matches(unit(2)).map((match) => match.fileID)).toEqual([3]);
    expect(index.matches(unit(1)).map((match) => match.fileID)).toEqual([2]);
  });

  it("keeps every file across chunk boundaries as files come and go", () => {
    const index = new ClipEmbeddingIndex();
    const random = seededRandom(7);
    const embeddings = new Map<number, Float32Array>();
    for (let fileID = 1; fileID <= 9000; fileID++) {
      const embedding = randomEmbedding(random);
      embeddings.set(fileID, embedding);
      index.add(fileID, embedding);
    }
    for (let fileID = 1; fileID <= 9000; fileID += 3) {
      index.remove(fileID);
      embeddings.delete(fileID);
    }
    expect(index.size).toBe(embeddings.size);
    // A chunk no row uses is released.
    expect(index.arrayBytes).toBe(2 * 4096 * (512 + 4 + 8));
    const found = new Map(index.matches(unit(0), -2).map((match) => [match.fileID, match.score]));
    expect(found.size).toBe(embeddings.size);
    for (const [fileID, embedding] of embeddings) {
      expect(found.get(fileID)).toBeCloseTo(embedding[0] ?? 0, 2);
    }
  });

  it("gives a file's row as it holds it, and takes it back without rounding again", () => {
    const random = seededRandom(3);
    const index = new ClipEmbeddingIndex();
    const embeddings = Array.from({ length: 5000 }, () => randomEmbedding(random));
    embeddings.forEach((embedding, fileID) => {
      index.add(fileID, embedding);
    });
    const copy = new ClipEmbeddingIndex();
    for (const fileID of index.fileIDs()) {
      const row = index.rowOf(fileID);
      if (row === undefined) throw new Error(`no row for ${String(fileID)}`);
      copy.addCodes(fileID, row.codes, row.scale);
    }
    for (let fileID = 0; fileID < 5000; fileID += 97) {
      expect(copy.rowOf(fileID)).toEqual(index.rowOf(fileID));
    }
    expect(copy.size).toBe(index.size);
    // The extreme codes (±127) and the scale come back as they were.
    const first = index.rowOf(0);
    expect(Math.max(...Array.from(first?.codes ?? [], Math.abs))).toBe(127);
    expect(first?.scale).toBeCloseTo(
      Math.max(...Array.from(embeddings[0] ?? [], Math.abs)) / 127,
      6,
    );
    // Every score is the same, to the last bit.
    const text = randomEmbedding(random);
    expect(copy.matches(text, -2)).toEqual(index.matches(text, -2));
    expect(index.rowOf(5000)).toBeUndefined();
  });

  it("replaces a file's row with new codes", () => {
    const index = new ClipEmbeddingIndex();
    index.add(1, unit(0));
    const negated = Int8Array.from(index.rowOf(1)?.codes ?? [], (code) => -code);
    index.addCodes(1, negated, index.rowOf(1)?.scale ?? 0);
    expect(index.size).toBe(1);
    expect(index.matches(unit(0, -1)).map((match) => match.fileID)).toEqual([1]);
    expect(index.matches(unit(0))).toEqual([]);
    expect(() => {
      index.addCodes(2, new Int8Array(511), 1);
    }).toThrow(InvalidEmbeddingLengthError);
  });

  it("refuses embeddings of the wrong length", () => {
    const index = new ClipEmbeddingIndex();
    expect(() => {
      index.add(1, new Float32Array(511));
    }).toThrow(InvalidEmbeddingLengthError);
    expect(() => index.matches(new Float32Array(768))).toThrow(EmbeddingLengthMismatchError);
  });

  it("ranks the top results as the float embeddings do", () => {
    const { embeddings, text } = syntheticLibrary(20_000, 42);
    const index = new ClipEmbeddingIndex();
    embeddings.forEach((embedding, fileID) => {
      index.add(fileID, embedding);
    });
    const floatRanking = embeddings
      .map((embedding, fileID) => ({ fileID, score: clipSimilarity(embedding, text) }))
      .sort((a, b) => b.score - a.score);
    const quantized = index.matches(text, -2);
    const floatScores = new Map(floatRanking.map((match) => [match.fileID, match.score]));
    const largestError = Math.max(
      ...quantized.map((match) => Math.abs(match.score - (floatScores.get(match.fileID) ?? 0))),
    );
    console.log(
      `quantized vs float scores over 20,000 files: largest difference ${largestError.toFixed(5)}; ` +
        `${String(floatRanking.filter((match) => match.score >= 0.175).length)} float matches above 0.175`,
    );
    expect(largestError).toBeLessThan(0.005);
    // The top results come in the float order; only files whose float scores
    // are within the rounding of each other may trade places.
    const top = 20;
    const quantizedTop = quantized.slice(0, top);
    expect(quantizedTop.slice(0, 10).map((match) => match.fileID)).toEqual(
      floatRanking.slice(0, 10).map((match) => match.fileID),
    );
    const floatTop = floatRanking.slice(0, top);
    const lastFloatTopScore = floatTop[top - 1]?.score ?? 0;
    const quantizedTopIDs = new Set(quantizedTop.map((match) => match.fileID));
    for (const { fileID, score } of floatTop) {
      if (score - lastFloatTopScore > 2 * largestError) expect(quantizedTopIDs).toContain(fileID);
    }
    quantizedTop.forEach((higher, i) => {
      for (const lower of quantizedTop.slice(i + 1)) {
        const higherScore = floatScores.get(higher.fileID) ?? 0;
        const lowerScore = floatScores.get(lower.fileID) ?? 0;
        expect(lowerScore - higherScore).toBeLessThanOrEqual(2 * largestError);
      }
    });
    // The same files pass the threshold, but for ones within the error of it.
    const quantizedMatches = new Set(index.matches(text).map((match) => match.fileID));
    for (const { fileID, score } of floatRanking) {
      if (Math.abs(score - 0.175) > largestError) {
        expect(quantizedMatches.has(fileID)).toBe(score >= 0.175);
      }
    }
  });

  it("holds 100,000 files within 64 MB and measures a query", () => {
    const { embeddings, text } = syntheticLibrary(5_000, 1);
    const index = new ClipEmbeddingIndex();
    for (let fileID = 0; fileID < 100_000; fileID++) {
      index.add(fileID + 1, embeddings[fileID % embeddings.length] ?? text);
    }
    expect(index.size).toBe(100_000);
    // Typed arrays plus the file ID map (Node's Map is under 40 bytes an entry).
    const budgetBytes = 64 * 1024 * 1024;
    expect(index.arrayBytes + 100_000 * 40).toBeLessThan(budgetBytes);
    index.matches(text); // warm up the JIT
    const timesMs: number[] = [];
    let found = 0;
    for (let run = 0; run < 7; run++) {
      const startedMs = performance.now();
      found = index.matches(text).length;
      timesMs.push(performance.now() - startedMs);
    }
    timesMs.sort((a, b) => a - b);
    console.log(
      `CLIP index of 100,000 files: ${(index.arrayBytes / 1024 / 1024).toFixed(1)} MB of arrays; ` +
        `query median ${(timesMs[3] ?? 0).toFixed(1)} ms (min ${(timesMs[0] ?? 0).toFixed(1)}, ` +
        `max ${(timesMs[6] ?? 0).toFixed(1)}), ${String(found)} matches`,
    );
  });
});
