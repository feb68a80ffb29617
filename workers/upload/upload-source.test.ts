import { describe, expect, it } from "vitest";
import { STREAM_CHUNK_BYTES } from "../../shared/crypto/sizes";
import { blobSlices, readableSource } from "./upload-source";

const collect = async (chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) => {
  const out: Uint8Array[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
};

describe("blobSlices", () => {
  it("reads a file in whole slices, each in a buffer of its own, the last one shorter", async () => {
    const bytes = crypto.getRandomValues(new Uint8Array(2 * 1000 + 345));
    const slices = await collect(blobSlices(new Blob([bytes]), 1000));

    expect(slices.map((slice) => slice.length)).toEqual([1000, 1000, 345]);
    // Whole buffers: the crypto pool takes them as they are, without a copy.
    expect(slices.every((s) => s.byteOffset === 0 && s.buffer.byteLength === s.length)).toBe(true);
    expect(Buffer.concat(slices).equals(Buffer.from(bytes))).toBe(true);
  });

  it("gives nothing for an empty file", async () => {
    expect(await collect(blobSlices(new Blob([]), 1000))).toEqual([]);
  });
});

describe("readableSource", () => {
  it("reads a picked file in chunks of the encryption's size", async () => {
    const sizeBytes = STREAM_CHUNK_BYTES + 10;
    const source = readableSource(new Blob([new Uint8Array(sizeBytes)]));

    expect(source.sizeBytes).toBe(sizeBytes);
    expect((await collect(source.chunks)).map((chunk) => chunk.length)).toEqual([
      STREAM_CHUNK_BYTES,
      10,
    ]);
  });
});
