// BLAKE2b-512 (`crypto_generichash`, 64-byte output) of file contents, streamed
// chunk by chunk, base64 on output. Used to find duplicates; a live photo's
// hash is `imageHash:videoHash` (composed by the caller).

import type { StateAddress } from "libsodium-wrappers-sumo";
import { toB64 } from "./base64";
import type { ByteSource } from "./rechunk";
import { StreamClosedError } from "./errors";
import { HASH_BYTES } from "./sizes";
import { type Sodium, loadSodium } from "./sodium";

/** An incremental hash; the caller holds it between chunks. */
export class HashState {
  #isOpen = true;

  constructor(
    private readonly sodium: Sodium,
    private readonly state: StateAddress,
  ) {}

  /** Feeds the next bytes. Throws `StreamClosedError` after `finalizeB64()` or `dispose()`. */
  update(chunk: Uint8Array): void {
    if (!this.#isOpen) throw new StreamClosedError("Hash is already finalized");
    this.sodium.crypto_generichash_update(this.state, chunk);
  }

  /** The base64 BLAKE2b-512 of everything fed; ends the hash and frees its state. */
  finalizeB64(): string {
    if (!this.#isOpen) throw new StreamClosedError("Hash is already finalized");
    this.#isOpen = false;
    // libsodium.js frees the state inside `_final`.
    return toB64(this.sodium.crypto_generichash_final(this.state, HASH_BYTES));
  }

  /** Abandons an unfinished hash, freeing its state (a no-op once finalized). */
  dispose(): void {
    if (this.#isOpen) this.finalizeB64();
  }
}

/** Starts an incremental BLAKE2b-512 hash. */
export const initHash = async (): Promise<HashState> => {
  const sodium = await loadSodium();
  return new HashState(sodium, sodium.crypto_generichash_init(null, HASH_BYTES));
};

/** The base64 BLAKE2b-512 of `bytes`. */
export const hashBytesB64 = async (bytes: Uint8Array): Promise<string> =>
  toB64((await loadSodium()).crypto_generichash(HASH_BYTES, bytes, null));

/** The base64 BLAKE2b-512 of every chunk of `source`, in order. */
export const hashChunksB64 = async (source: ByteSource): Promise<string> => {
  const hash = await initHash();
  try {
    for await (const chunk of source) hash.update(chunk);
    return hash.finalizeB64();
  } finally {
    hash.dispose();
  }
};
