// Sub-key derivation (`crypto_kdf_derive_from_key`, BLAKE2b), and the one
// sub-key the wire format fixes: the SRP login password.

import { InvalidLengthError, describeThrown, CryptoError } from "./errors";
import { KDF_CONTEXT_BYTES, KEY_BYTES, ensureLength } from "./sizes";
import { loadSodium } from "./sodium";
import { utf8ToBytes } from "./utf8";

/**
 * Derives sub-key number `subKeyID` of `subKeyLengthBytes` (16 to 64) from
 * `key` (32 bytes) in `context` (exactly 8 bytes of UTF-8).
 */
export const deriveSubKey = async (
  key: Uint8Array,
  subKeyLengthBytes: number,
  subKeyID: number,
  context: string,
): Promise<Uint8Array> => {
  const sodium = await loadSodium();
  ensureLength(key, KEY_BYTES, "KDF key");
  ensureLength(utf8ToBytes(context), KDF_CONTEXT_BYTES, "KDF context");
  if (
    !Number.isInteger(subKeyLengthBytes) ||
    subKeyLengthBytes < sodium.crypto_kdf_BYTES_MIN ||
    subKeyLengthBytes > sodium.crypto_kdf_BYTES_MAX
  ) {
    throw new InvalidLengthError(
      `KDF sub-key must be ${sodium.crypto_kdf_BYTES_MIN} to ${sodium.crypto_kdf_BYTES_MAX} bytes, not ${subKeyLengthBytes}`,
    );
  }
  try {
    return sodium.crypto_kdf_derive_from_key(subKeyLengthBytes, subKeyID, context, key);
  } catch (e) {
    throw new CryptoError(`Sub-key derivation failed: ${describeThrown(e)}`, { cause: e });
  }
};

// [Note: SRP login sub-key]
//
// The SRP password is not the user's password but the first 16 bytes of
// sub-key 1 (32 bytes) of the key-encryption key in context "loginctx". The
// server can thus verify the password without learning the KEK, and the
// values must match the wire format exactly for logins to interoperate.

const LOGIN_SUB_KEY_ID = 1;
const LOGIN_SUB_KEY_CONTEXT = "loginctx";
const LOGIN_SUB_KEY_DERIVED_BYTES = 32;
/** Length of the SRP password. See: [Note: SRP login sub-key] */
export const LOGIN_SUB_KEY_BYTES = 16;

/** The SRP password derived from the key-encryption key. See: [Note: SRP login sub-key] */
export const deriveSRPLoginSubKey = async (kek: Uint8Array): Promise<Uint8Array> => {
  const subKey = await deriveSubKey(
    kek,
    LOGIN_SUB_KEY_DERIVED_BYTES,
    LOGIN_SUB_KEY_ID,
    LOGIN_SUB_KEY_CONTEXT,
  );
  return subKey.slice(0, LOGIN_SUB_KEY_BYTES);
};
