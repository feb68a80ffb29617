import { describe, expect, it } from "vitest";
import {
  clipEmbeddingLength,
  clipMatchThreshold,
  clipSimilarity,
  EmbeddingLengthMismatchError,
  ensureEmbeddingLength,
  InvalidEmbeddingLengthError,
  normalizedEmbedding,
} from "./clip-embedding";

const filled = (length: number, value: number) => new Float32Array(length).fill(value);

describe("a new embedding's length (spec §5)", () => {
  it.each([
    ["512 values", 512, true],
    ["511 values", 511, false],
    ["513 values", 513, false],
    ["no values", 0, false],
    ["a 768-d embedding of another model", 768, false],
  ])("%s", (_, length, valid) => {
    const check = () => {
      ensureEmbeddingLength(filled(length, 0.1));
    };
    if (valid) expect(check).not.toThrow();
    else {
      expect(check).toThrow(InvalidEmbeddingLengthError);
      expect(check).toThrow(/^invalid length embedding data length$/);
    }
  });
});

describe("similarity (spec §5)", () => {
  const unit = (index: number) => {
    const vector = new Float32Array(clipEmbeddingLength);
    vector[index] = 1;
    return vector;
  };
  it.each([
    ["the same vector", unit(3), unit(3), 1],
    ["orthogonal vectors", unit(3), unit(4), 0],
    ["opposite vectors", unit(3), unit(3).map((v) => -v), -1],
    [
      "a vector and one 60° from it",
      normalizedEmbedding([1, 0, ...filled(510, 0)]),
      normalizedEmbedding([1, Math.sqrt(3), ...filled(510, 0)]),
      0.5,
    ],
  ])("of %s is their cosine", (_, image, text, cosine) => {
    expect(clipSimilarity(image, text)).toBeCloseTo(cosine, 6);
  });

  it("refuses embeddings of different lengths", () => {
    const compare = () => clipSimilarity(filled(512, 0.1), filled(511, 0.1));
    expect(compare).toThrow(EmbeddingLengthMismatchError);
    expect(compare).toThrow(/^imageEmbedding and textEmbedding length mismatch$/);
  });
});

describe("normalisation", () => {
  it("scales to length 1 without changing the direction", () => {
    const normalized = normalizedEmbedding([3, 4]);
    expect([...normalized]).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
  });
  it("leaves a zero vector zero (it matches nothing) rather than NaN", () => {
    expect([...normalizedEmbedding(filled(512, 0))].every((v) => v === 0)).toBe(true);
  });
  it("does not change its argument", () => {
    const raw = new Float32Array([3, 4]);
    normalizedEmbedding(raw);
    expect([...raw]).toEqual([3, 4]);
  });
});

it("keeps the reference's match threshold", () => {
  expect(clipMatchThreshold).toBe(0.175);
});
