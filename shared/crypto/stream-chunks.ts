// Stream encryption and decryption over async iterables of bytes of any
// chunking (a `File` read piece by piece, a network response), re-cut into
// the format's chunks. See: [Note: Stream chunk size]

import { type ByteSource, rechunkWithFinalFlag } from "./rechunk";
import { STREAM_CHUNK_BYTES, STREAM_CIPHERTEXT_CHUNK_BYTES } from "./sizes";
import { initStreamDecryption, initStreamEncryption } from "./stream";

export interface StreamEncryption {
  decryptionHeader: Uint8Array;
  /** The ciphertext chunks, each 4 MiB + 17 bytes except the last. Iterate once. */
  chunks: AsyncGenerator<Uint8Array>;
}

/** Encrypts `source` as a Stream under `key`, chunk by chunk as it is read. */
export const encryptStreamChunks = async (
  source: ByteSource,
  key: Uint8Array,
): Promise<StreamEncryption> => {
  const encryptor = await initStreamEncryption(key);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const { chunk, isFinal } of rechunkWithFinalFlag(source, STREAM_CHUNK_BYTES)) {
        yield encryptor.push(chunk, isFinal);
      }
    } finally {
      encryptor.dispose();
    }
  }
  return { decryptionHeader: encryptor.decryptionHeader, chunks: chunks() };
};

/**
 * Decrypts a Stream read from `source` (ciphertext in any chunking), yielding
 * plaintext chunks of 4 MiB (the last shorter). Throws like
 * `decryptStreamBytes`: `DecryptionError`, `TruncatedStreamError` or
 * `DataAfterFinalError`.
 */
export async function* decryptStreamChunks(
  source: ByteSource,
  decryptionHeader: Uint8Array,
  key: Uint8Array,
): AsyncGenerator<Uint8Array> {
  const decryptor = await initStreamDecryption(decryptionHeader, key);
  try {
    for await (const { chunk } of rechunkWithFinalFlag(source, STREAM_CIPHERTEXT_CHUNK_BYTES)) {
      // Only an empty source yields an empty chunk: no ciphertext at all is a
      // stream cut before its FINAL chunk, reported by `finish()` below.
      if (chunk.length === 0) break;
      yield decryptor.pull(chunk).plaintext;
    }
    decryptor.finish();
  } finally {
    decryptor.dispose();
  }
}
