// Box: `crypto_secretbox_easy` (XSalsa20-Poly1305) with a random 24-byte nonce.
// Used for keys wrapped under other keys and for collection names.

import { fromB64, toB64 } from "./base64";
import { DecryptionError, describeThrown } from "./errors";
import { BOX_MAC_BYTES, BOX_NONCE_BYTES, KEY_BYTES, ensureLength } from "./sizes";
import { loadSodium } from "./sodium";

export interface EncryptedBox {
  encryptedData: Uint8Array;
  nonce: Uint8Array;
}

export interface EncryptedBoxB64 {
  encryptedDataB64: string;
  nonceB64: string;
}

/**
 * Box encryption with a caller-chosen nonce. A nonce must never be reused with
 * the same key: production code uses `encryptBox`, which draws a random one;
 * this exists for known-answer tests and interoperability vectors.
 */
export const encryptBoxWithNonce = async (
  data: Uint8Array,
  nonce: Uint8Array,
  key: Uint8Array,
): Promise<Uint8Array> => {
  const sodium = await loadSodium();
  ensureLength(key, KEY_BYTES, "Box key");
  ensureLength(nonce, BOX_NONCE_BYTES, "Box nonce");
  return sodium.crypto_secretbox_easy(data, nonce, key);
};

/** Encrypts `data` under `key` with a fresh random nonce. */
export const encryptBox = async (data: Uint8Array, key: Uint8Array): Promise<EncryptedBox> => {
  const sodium = await loadSodium();
  const nonce = sodium.randombytes_buf(BOX_NONCE_BYTES);
  return { encryptedData: await encryptBoxWithNonce(data, nonce, key), nonce };
};

/** Decrypts a Box; throws `DecryptionError` on a wrong key or tampered data. */
export const decryptBox = async (
  { encryptedData, nonce }: EncryptedBox,
  key: Uint8Array,
): Promise<Uint8Array> => {
  const sodium = await loadSodium();
  ensureLength(key, KEY_BYTES, "Box key");
  ensureLength(nonce, BOX_NONCE_BYTES, "Box nonce");
  if (encryptedData.length < BOX_MAC_BYTES) {
    throw new DecryptionError(`Box ciphertext is shorter than its ${BOX_MAC_BYTES}-byte MAC`);
  }
  try {
    return sodium.crypto_secretbox_open_easy(encryptedData, nonce, key);
  } catch (e) {
    throw new DecryptionError(`Box decryption failed: ${describeThrown(e)}`, { cause: e });
  }
};

export const encryptBoxB64 = async (data: Uint8Array, keyB64: string): Promise<EncryptedBoxB64> => {
  const { encryptedData, nonce } = await encryptBox(data, fromB64(keyB64));
  return { encryptedDataB64: toB64(encryptedData), nonceB64: toB64(nonce) };
};

export const decryptBoxB64 = async (
  { encryptedDataB64, nonceB64 }: EncryptedBoxB64,
  keyB64: string,
): Promise<Uint8Array> =>
  decryptBox(
    { encryptedData: fromB64(encryptedDataB64), nonce: fromB64(nonceB64) },
    fromB64(keyB64),
  );
