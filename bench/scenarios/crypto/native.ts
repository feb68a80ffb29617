// The physical reference: Node's native (OpenSSL) ChaCha20-Poly1305 over the
// same 64 MiB in 4 MiB chunks, in the bench process. It is the same cipher
// family as secretstream (XChaCha20-Poly1305) without the WebAssembly.

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { CHUNK_BYTES, RUNS, type RunTiming, STREAM_BYTES } from "./parameters";

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A distinct nonce per chunk: the chunk index, big-endian, in the last 8 bytes. */
const nonceFor = (index: number): Buffer => {
  const nonce = Buffer.alloc(NONCE_BYTES);
  nonce.writeBigUInt64BE(BigInt(index), NONCE_BYTES - 8);
  return nonce;
};

const encryptThenDecrypt = (plaintext: readonly Buffer[]) => {
  const key = randomBytes(KEY_BYTES);
  const start = performance.now();
  const sealed = plaintext.map((chunk, i) => {
    const cipher = createCipheriv("chacha20-poly1305", key, nonceFor(i), {
      authTagLength: TAG_BYTES,
    });
    const ciphertext = Buffer.concat([cipher.update(chunk), cipher.final()]);
    return { ciphertext, tag: cipher.getAuthTag() };
  });
  const encrypted = performance.now();
  const decrypted = sealed.map(({ ciphertext, tag }, i) => {
    const decipher = createDecipheriv("chacha20-poly1305", key, nonceFor(i), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  });
  const end = performance.now();
  return { encryptMs: encrypted - start, decryptMs: end - encrypted, decrypted };
};

/** One warm-up, then `RUNS` timed runs; throws if a decryption does not match. */
export const measureNativeChaCha20Poly1305 = (): RunTiming[] => {
  const plaintext: Buffer[] = [];
  for (let offset = 0; offset < STREAM_BYTES; offset += CHUNK_BYTES) {
    plaintext.push(randomBytes(Math.min(CHUNK_BYTES, STREAM_BYTES - offset)));
  }
  encryptThenDecrypt(plaintext.slice(0, 1));
  const runs: RunTiming[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { encryptMs, decryptMs, decrypted } = encryptThenDecrypt(plaintext);
    if (!decrypted.every((chunk, i) => plaintext[i]?.equals(chunk))) {
      throw new Error("Native ChaCha20-Poly1305: decrypted bytes differ from the plaintext");
    }
    runs.push({ wallMs: encryptMs + decryptMs, streams: [{ encryptMs, decryptMs }] });
  }
  return runs;
};
