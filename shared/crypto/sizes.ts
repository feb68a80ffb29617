// Fixed sizes of the values our formats use, checked before calling libsodium
// so that a wrong-sized key or nonce is reported as `InvalidLengthError`
// rather than as a libsodium usage error (or, for ciphertexts, as a failed
// decryption). They are libsodium's constants, which `sizes.test.ts` confirms.

import { InvalidLengthError } from "./errors";

/** secretbox, secretstream and KDF keys are all 256-bit. */
export const KEY_BYTES = 32;
/** `crypto_secretbox_NONCEBYTES` (XSalsa20). */
export const BOX_NONCE_BYTES = 24;
/** `crypto_secretbox_MACBYTES` (Poly1305 tag). */
export const BOX_MAC_BYTES = 16;
/** `crypto_secretstream_xchacha20poly1305_HEADERBYTES`. */
export const STREAM_HEADER_BYTES = 24;
/** `crypto_secretstream_xchacha20poly1305_ABYTES`: 1 tag byte + 16-byte Poly1305 MAC per message. */
export const STREAM_ABYTES = 17;
/** X25519 public and secret keys (`crypto_box_PUBLICKEYBYTES`, `crypto_box_SECRETKEYBYTES`). */
export const BOX_PUBLIC_KEY_BYTES = 32;
export const BOX_SECRET_KEY_BYTES = 32;
/** `crypto_box_SEALBYTES`: ephemeral public key + MAC added by a sealed box. */
export const SEAL_BYTES = 48;
/** `crypto_pwhash_SALTBYTES` (Argon2id). */
export const PWHASH_SALT_BYTES = 16;
/** `crypto_kdf_CONTEXTBYTES`: a KDF context is exactly 8 bytes. */
export const KDF_CONTEXT_BYTES = 8;
/** `crypto_generichash_BYTES_MAX`: BLAKE2b-512. */
export const HASH_BYTES = 64;

// [Note: Stream chunk size]
//
// File contents are encrypted in 4 MiB plaintext chunks, so every ciphertext
// chunk but the last is exactly 4 MiB + 17 bytes (one tag byte and a 16-byte
// MAC). The size is part of the wire format: a reader splits the ciphertext at
// these boundaries without any framing, so it must never change. 4 MiB keeps
// per-chunk overhead (one WebAssembly call, one worker round trip) well under
// 1% of the chunk's encryption time while bounding the memory a chunk in
// flight holds. The chunk tagged FINAL is the last one; a file whose length is
// an exact multiple of 4 MiB ends with a full chunk tagged FINAL, and an empty
// file is a single empty FINAL chunk.

/** Plaintext bytes per Stream chunk. See: [Note: Stream chunk size] */
export const STREAM_CHUNK_BYTES = 4 * 1024 * 1024;

/** Ciphertext bytes per full Stream chunk. See: [Note: Stream chunk size] */
export const STREAM_CIPHERTEXT_CHUNK_BYTES = STREAM_CHUNK_BYTES + STREAM_ABYTES;

/** Throws `InvalidLengthError` unless `bytes` is exactly `expectedBytes` long. */
export const ensureLength = (bytes: Uint8Array, expectedBytes: number, what: string): void => {
  if (bytes.length !== expectedBytes) {
    throw new InvalidLengthError(`${what} must be ${expectedBytes} bytes, not ${bytes.length}`);
  }
};
