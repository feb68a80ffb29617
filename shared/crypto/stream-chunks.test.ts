import { describe, expect, it } from "vitest";
import { DataAfterFinalError, DecryptionError, TruncatedStreamError } from "./errors";
import { generateBlobOrStreamKey } from "./keys";
import { STREAM_CIPHERTEXT_CHUNK_BYTES } from "./sizes";
import { decryptStreamBytes, encryptStreamBytes } from "./stream";
import { decryptStreamChunks, encryptStreamChunks } from "./stream-chunks";
import { randomTestBytes, sameBytes } from "./test-support/test-bytes";

const MiB = 1024 * 1024;

async function* piecesOf(bytes: Uint8Array, pieceBytes: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += pieceBytes) {
    await Promise.resolve();
    yield bytes.subarray(offset, offset + pieceBytes);
  }
}

const collect = async (source: AsyncIterable<Uint8Array>): Promise<Uint8Array> => {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

describe("encryptStreamChunks / decryptStreamChunks", () => {
  it.each([
    ["empty", 0, 1000],
    ["exactly 4 MiB in 1 MiB pieces", 4 * MiB, MiB],
    ["4 MiB + 1 in odd pieces", 4 * MiB + 1, 999_999],
    ["exactly 2 × 4 MiB in one piece", 8 * MiB, 8 * MiB],
  ])("%s: same bytes as the one-shot form, and back", async (_label, length, pieceBytes) => {
    const key = await generateBlobOrStreamKey();
    const data = randomTestBytes(length);
    const { decryptionHeader, chunks } = await encryptStreamChunks(piecesOf(data, pieceBytes), key);
    const encryptedData = await collect(chunks);
    // The one-shot decryptor (which cuts at fixed offsets) reads it.
    expect(
      sameBytes(await decryptStreamBytes({ encryptedData, decryptionHeader }, key), data),
    ).toBe(true);
    // And the chunked decryptor reads ciphertext in arbitrary pieces.
    const decrypted = await collect(
      decryptStreamChunks(piecesOf(encryptedData, 777_777), decryptionHeader, key),
    );
    expect(sameBytes(decrypted, data)).toBe(true);
  });

  it("rejects truncation, tampering and data after FINAL", async () => {
    const key = await generateBlobOrStreamKey();
    const exact = await encryptStreamBytes(randomTestBytes(4 * MiB), key);
    const decryptAll = (encryptedData: Uint8Array) =>
      collect(decryptStreamChunks(piecesOf(encryptedData, MiB), exact.decryptionHeader, key));

    const tampered = exact.encryptedData.slice();
    tampered[100] = (tampered[100] ?? 0) ^ 1;
    await expect(decryptAll(tampered)).rejects.toThrow(DecryptionError);
    await expect(decryptAll(exact.encryptedData.subarray(0, -1))).rejects.toThrow(DecryptionError);
    await expect(decryptAll(new Uint8Array(0))).rejects.toThrow(TruncatedStreamError);

    const extended = new Uint8Array(STREAM_CIPHERTEXT_CHUNK_BYTES + 40);
    extended.set(exact.encryptedData);
    await expect(decryptAll(extended)).rejects.toThrow(DataAfterFinalError);

    const twoChunks = await encryptStreamBytes(randomTestBytes(5 * MiB), key);
    await expect(
      collect(
        decryptStreamChunks(
          [twoChunks.encryptedData.subarray(0, STREAM_CIPHERTEXT_CHUNK_BYTES)],
          twoChunks.decryptionHeader,
          key,
        ),
      ),
    ).rejects.toThrow(TruncatedStreamError);
  });
});
