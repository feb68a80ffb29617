import { describe, expect, it } from "vitest";
import { type ByteSource, rechunkWithFinalFlag } from "./rechunk";

async function* piecesOf(bytes: Uint8Array, pieceBytes: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += pieceBytes) {
    await Promise.resolve();
    yield bytes.subarray(offset, offset + pieceBytes);
  }
}

const shapeOf = async (source: ByteSource, chunkSizeBytes: number) => {
  const shape: [number, boolean][] = [];
  for await (const { chunk, isFinal } of rechunkWithFinalFlag(source, chunkSizeBytes)) {
    shape.push([chunk.length, isFinal]);
  }
  return shape;
};

describe("rechunkWithFinalFlag", () => {
  it.each([
    ["empty source", [], [[0, true]]],
    ["only empty pieces", [0, 0], [[0, true]]],
    ["shorter than a chunk", [3], [[3, true]]],
    ["exactly one chunk", [4], [[4, true]]],
    ["exactly one chunk in small pieces", [1, 1, 1, 1], [[4, true]]],
    [
      "exactly two chunks, then an empty piece",
      [8, 0],
      [
        [4, false],
        [4, true],
      ],
    ],
    [
      "one chunk and a byte",
      [5],
      [
        [4, false],
        [1, true],
      ],
    ],
    [
      "pieces straddling chunk boundaries",
      [3, 3, 3],
      [
        [4, false],
        [4, false],
        [1, true],
      ],
    ],
  ] as const)("%s", async (_label, pieceLengths, expected) => {
    const pieces = pieceLengths.map((length) => new Uint8Array(length));
    expect(await shapeOf(pieces, 4)).toEqual(expected);
  });

  it("keeps the bytes in order", async () => {
    const bytes = Uint8Array.from({ length: 23 }, (_, i) => i);
    const chunks: Uint8Array[] = [];
    for await (const { chunk } of rechunkWithFinalFlag(piecesOf(bytes, 5), 4)) chunks.push(chunk);
    expect(chunks.map((chunk) => [...chunk]).flat()).toEqual([...bytes]);
  });
});
