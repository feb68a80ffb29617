// Sealed box: `crypto_box_seal` to an X25519 public key (an ephemeral key pair
// per message; only the recipient's secret key opens it). Used for collection
// keys shared with another user, the session token in login responses and the
// account-deletion challenge.

import { fromB64, toB64 } from "./base64";
import { DecryptionError, describeThrown } from "./errors";
import { BOX_PUBLIC_KEY_BYTES, BOX_SECRET_KEY_BYTES, SEAL_BYTES, ensureLength } from "./sizes";
import { loadSodium } from "./sodium";

/** Seals `data` to `publicKey`. */
export const boxSeal = async (data: Uint8Array, publicKey: Uint8Array): Promise<Uint8Array> => {
  const sodium = await loadSodium();
  ensureLength(publicKey, BOX_PUBLIC_KEY_BYTES, "Sealed box public key");
  return sodium.crypto_box_seal(data, publicKey);
};

/** Opens a sealed box with the recipient's key pair; throws `DecryptionError` if it fails. */
export const boxSealOpen = async (
  encryptedData: Uint8Array,
  publicKey: Uint8Array,
  secretKey: Uint8Array,
): Promise<Uint8Array> => {
  const sodium = await loadSodium();
  ensureLength(publicKey, BOX_PUBLIC_KEY_BYTES, "Sealed box public key");
  ensureLength(secretKey, BOX_SECRET_KEY_BYTES, "Sealed box secret key");
  if (encryptedData.length < SEAL_BYTES) {
    throw new DecryptionError(`Sealed box is shorter than its ${SEAL_BYTES}-byte overhead`);
  }
  try {
    return sodium.crypto_box_seal_open(encryptedData, publicKey, secretKey);
  } catch (e) {
    throw new DecryptionError(`Sealed box did not open: ${describeThrown(e)}`, { cause: e });
  }
};

export const boxSealB64 = async (data: Uint8Array, publicKeyB64: string): Promise<string> =>
  toB64(await boxSeal(data, fromB64(publicKeyB64)));

export const boxSealOpenB64 = async (
  encryptedDataB64: string,
  publicKeyB64: string,
  secretKeyB64: string,
): Promise<Uint8Array> =>
  boxSealOpen(fromB64(encryptedDataB64), fromB64(publicKeyB64), fromB64(secretKeyB64));
