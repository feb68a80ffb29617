import { describe, expect, it } from "vitest";
import { InvalidEmbeddingLengthError } from "./clip-embedding";
import { embeddingByteLength, embeddingFromBytes, embeddingToBytes } from "./embedding-bytes";

// See: [Note: The wire format of a CLIP embedding]

const sample = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i) / 20);

describe("the wire bytes of an embedding", () => {
  it("are 512 little-endian float32 values, 2,048 bytes", () => {
    const bytes = embeddingToBytes(sample);
    expect(bytes.length).toBe(2048);
    expect(embeddingByteLength).toBe(2048);
    // 1.0 as float32 is 0x3f800000: little-endian puts 0x00 first.
    const one = new Float32Array(512);
    one[1] = 1;
    expect([...embeddingToBytes(one).subarray(4, 8)]).toEqual([0x00, 0x00, 0x80, 0x3f]);
  });

  it("round-trip exactly, from a view into a larger buffer too", () => {
    const bytes = embeddingToBytes(sample);
    expect(embeddingFromBytes(bytes)).toEqual(sample);
    const padded = new Uint8Array(2048 + 3);
    padded.set(bytes, 3);
    expect(embeddingFromBytes(padded.subarray(3))).toEqual(sample);
  });

  it.each([
    ["an embedding of 511 values", () => embeddingToBytes(new Float32Array(511))],
    ["an embedding of 513 values", () => embeddingToBytes(new Float32Array(513))],
    ["2,044 bytes", () => embeddingFromBytes(new Uint8Array(2044))],
    ["2,049 bytes", () => embeddingFromBytes(new Uint8Array(2049))],
    ["no bytes", () => embeddingFromBytes(new Uint8Array(0))],
  ])("refuse %s", (_, convert) => {
    expect(convert).toThrow(InvalidEmbeddingLengthError);
    expect(convert).toThrow("invalid length embedding data length");
  });
});
