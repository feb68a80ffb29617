// Wrapping and opening the authenticator key under the master key, for the
// account worker's keyring and the Node keyring alike.
// See: [Note: The authenticator key is made as the reference's apps make it]

import { decryptBlob } from "../../shared/crypto/blob";
import { decryptBox, encryptBox } from "../../shared/crypto/box";
import { fromB64, toB64 } from "../../shared/crypto/base64";
import { blobWrappedAuthenticatorKeyBytes, type WrappedAuthenticatorKey } from "./keyring";

/** Opens a secretbox- or Blob-wrapped authenticator key; throws on another account's. */
export const openAuthenticatorKeyUnder = async (
  { encryptedKey, header }: WrappedAuthenticatorKey,
  masterKey: Uint8Array,
): Promise<string> => {
  const encryptedData = fromB64(encryptedKey);
  const key =
    encryptedData.length === blobWrappedAuthenticatorKeyBytes
      ? await decryptBlob({ encryptedData, decryptionHeader: fromB64(header) }, masterKey)
      : await decryptBox({ encryptedData, nonce: fromB64(header) }, masterKey);
  return toB64(key);
};

/** Wraps an authenticator key as the reference's apps do: secretbox, its nonce the header. */
export const wrapAuthenticatorKeyUnder = async (
  keyB64: string,
  masterKey: Uint8Array,
): Promise<WrappedAuthenticatorKey> => {
  const { encryptedData, nonce } = await encryptBox(fromB64(keyB64), masterKey);
  return { encryptedKey: toB64(encryptedData), header: toB64(nonce) };
};
