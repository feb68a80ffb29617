// A page that hosts the crypto worker pool exactly as the web apps will (real
// browser workers through vite-plugin-comlink, the SRP shims aliased in), for
// tests/e2e/crypto-pool.e2e.ts to drive.

import { createBrowserCryptoPool } from "../../../../workers/crypto/browser-pool";
import type { DecryptBoxItem } from "../../../../workers/crypto/api-batches";
import { STREAM_CHUNK_BYTES } from "../../../../shared/crypto/sizes";
import { decryptThroughStream } from "../../../../workers/crypto/stream-pipeline";

export type ItemOutcome = { ok: true; value: string } | { ok: false; errorName: string };

export interface CryptoPoolTestPage {
  poolSize: number;
  decryptBoxesToUTF8(items: DecryptBoxItem[]): Promise<ItemOutcome[]>;
  streamRoundTrip(lengthBytes: number): Promise<{
    ciphertextChunkBytes: number[];
    roundTripEqual: boolean;
    /** How many of the non-empty plaintext chunks were transferred (detached here). */
    transferredChunks: number;
  }>;
  srpVerifierB64(srpUserID: string, srpSaltB64: string, loginSubKeyB64: string): Promise<string>;
}

declare global {
  interface Window {
    cairnCryptoPoolTest?: CryptoPoolTestPage;
  }
}

const pool = createBrowserCryptoPool(2);

const patternBytes = (lengthBytes: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(lengthBytes);
  for (let i = 0; i < lengthBytes; i++) bytes[i] = (i * 31 + 7) % 251;
  return bytes;
};

const collect = async (source: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return chunks;
};

const concatenate = (chunks: Uint8Array[]): Uint8Array => {
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
};

window.cairnCryptoPoolTest = {
  poolSize: pool.size,

  decryptBoxesToUTF8: async (items) =>
    (await pool.decryptBoxesToUTF8(items)).map((settled) =>
      settled.ok
        ? { ok: true, value: settled.value }
        : { ok: false, errorName: settled.error.name },
    ),

  streamRoundTrip: async (lengthBytes) => {
    // Chunks pushed one by one, each in a buffer of its own, so that the
    // transfer (not a copy) to the worker can be observed: a transferred
    // buffer is detached, its length 0, on this side.
    const input = patternBytes(lengthBytes);
    const encryption = await pool.openEncryptionStream();
    const ciphertext: Uint8Array[] = [];
    let transferredChunks = 0;
    let offset = 0;
    do {
      const end = Math.min(offset + STREAM_CHUNK_BYTES, lengthBytes);
      const chunk = input.slice(offset, end);
      const pending = encryption.encryptChunk(chunk, end === lengthBytes);
      if (end > offset && chunk.byteLength === 0) transferredChunks++;
      ciphertext.push(await pending);
      offset = end;
    } while (offset < lengthBytes);
    await encryption.close();

    const decryption = await pool.openDecryptionStream(
      encryption.decryptionHeaderB64,
      encryption.keyB64,
    );
    const ciphertextChunkBytes = ciphertext.map((chunk) => chunk.length);
    const plaintext = concatenate(await collect(decryptThroughStream(decryption, ciphertext)));
    const roundTripEqual =
      plaintext.length === input.length && plaintext.every((byte, i) => byte === input[i]);
    return { ciphertextChunkBytes, roundTripEqual, transferredChunks };
  },

  srpVerifierB64: (srpUserID, srpSaltB64, loginSubKeyB64) =>
    pool.srpVerifierB64(srpUserID, srpSaltB64, loginSubKeyB64),
};
