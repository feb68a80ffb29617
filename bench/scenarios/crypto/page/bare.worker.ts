// The baseline: bare libsodium secretstream in one worker, with the data
// already in the worker, so no transfer, no Comlink and no wrapper of ours is
// timed. Exposed by vite-plugin-comlink.

import sodium from "libsodium-wrappers-sumo";
import { CHUNK_BYTES, RUNS, type RunTiming, STREAM_BYTES } from "../parameters";
import { randomChunks, sameConcatenation } from "./chunks";

const encryptThenDecrypt = (plaintext: readonly Uint8Array[]) => {
  const key = sodium.crypto_secretstream_xchacha20poly1305_keygen();
  const start = performance.now();
  const { state, header } = sodium.crypto_secretstream_xchacha20poly1305_init_push(key);
  const ciphertext = plaintext.map((chunk, i) =>
    sodium.crypto_secretstream_xchacha20poly1305_push(
      state,
      chunk,
      null,
      i === plaintext.length - 1
        ? sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL
        : sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE,
    ),
  );
  const encrypted = performance.now();
  const pullState = sodium.crypto_secretstream_xchacha20poly1305_init_pull(header, key);
  const decrypted = ciphertext.map((chunk) => {
    const result = sodium.crypto_secretstream_xchacha20poly1305_pull(pullState, chunk, null);
    if (result === false) throw new Error("Bare libsodium: a chunk failed to decrypt");
    return result.message;
  });
  const end = performance.now();
  return { encryptMs: encrypted - start, decryptMs: end - encrypted, decrypted };
};

let prepared: Uint8Array[] | undefined;

/** Readies libsodium and this worker's 64 MiB, with one untimed warm-up; then `runPreparedOnce`. */
export const prepareBare = async (): Promise<void> => {
  await sodium.ready;
  prepared = randomChunks(STREAM_BYTES, CHUNK_BYTES);
  encryptThenDecrypt(prepared.slice(0, 1));
};

/** One timed encrypt-then-decrypt of the prepared 64 MiB (the page runs it in several workers at once). */
export const runPreparedOnce = (): RunTiming => {
  if (prepared === undefined) throw new Error("Bare libsodium: prepareBare first");
  const { encryptMs, decryptMs, decrypted } = encryptThenDecrypt(prepared);
  if (!sameConcatenation(prepared, decrypted)) {
    throw new Error("Bare libsodium: decrypted bytes differ from the plaintext");
  }
  return { wallMs: encryptMs + decryptMs, streams: [{ encryptMs, decryptMs }] };
};

/** One warm-up, then `RUNS` timed encrypt-then-decrypt runs of 64 MiB. */
export const runBare = async (): Promise<RunTiming[]> => {
  await sodium.ready;
  const plaintext = randomChunks(STREAM_BYTES, CHUNK_BYTES);
  encryptThenDecrypt(plaintext.slice(0, 1));
  const runs: RunTiming[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { encryptMs, decryptMs, decrypted } = encryptThenDecrypt(plaintext);
    if (!sameConcatenation(plaintext, decrypted)) {
      throw new Error("Bare libsodium: decrypted bytes differ from the plaintext");
    }
    runs.push({ wallMs: encryptMs + decryptMs, streams: [{ encryptMs, decryptMs }] });
  }
  return runs;
};
