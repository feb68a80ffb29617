// Blob: one secretstream message tagged FINAL, no chunking. Used for data
// attached to an object: file metadata and magic metadata (JSON), thumbnails,
// embeddings, authenticator entities.

import { fromB64, toB64 } from "./base64";
import { InvalidJSONError, TruncatedStreamError } from "./errors";
import { initStreamDecryption, initStreamEncryption } from "./stream";
import { bytesToUTF8, utf8ToBytes } from "./utf8";

export interface EncryptedBlob {
  encryptedData: Uint8Array;
  decryptionHeader: Uint8Array;
}

export interface EncryptedBlobB64 {
  encryptedDataB64: string;
  decryptionHeaderB64: string;
}

/** Encrypts `data` under `key` (a 32-byte Blob/Stream key) as one FINAL message. */
export const encryptBlob = async (data: Uint8Array, key: Uint8Array): Promise<EncryptedBlob> => {
  const encryptor = await initStreamEncryption(key);
  const encryptedData = encryptor.push(data, true);
  return { encryptedData, decryptionHeader: encryptor.decryptionHeader };
};

/**
 * Decrypts a Blob. Throws `DecryptionError` on a wrong key or tampered data,
 * and `TruncatedStreamError` if the message is not tagged FINAL (it is a
 * chunk of a Stream, not a Blob).
 */
export const decryptBlob = async (
  { encryptedData, decryptionHeader }: EncryptedBlob,
  key: Uint8Array,
): Promise<Uint8Array> => {
  const decryptor = await initStreamDecryption(decryptionHeader, key);
  try {
    const { plaintext, isFinal } = decryptor.pull(encryptedData);
    if (!isFinal) throw new TruncatedStreamError("Blob message is not tagged FINAL");
    return plaintext;
  } finally {
    decryptor.dispose();
  }
};

export const encryptBlobB64 = async (
  data: Uint8Array,
  keyB64: string,
): Promise<EncryptedBlobB64> => {
  const { encryptedData, decryptionHeader } = await encryptBlob(data, fromB64(keyB64));
  return { encryptedDataB64: toB64(encryptedData), decryptionHeaderB64: toB64(decryptionHeader) };
};

export const decryptBlobB64 = async (
  { encryptedDataB64, decryptionHeaderB64 }: EncryptedBlobB64,
  keyB64: string,
): Promise<Uint8Array> =>
  decryptBlob(
    { encryptedData: fromB64(encryptedDataB64), decryptionHeader: fromB64(decryptionHeaderB64) },
    fromB64(keyB64),
  );

/** Encrypts the JSON of `value` (UTF-8) as a Blob, in wire form (file metadata, magic metadata). */
export const encryptBlobJSON = async (value: unknown, keyB64: string): Promise<EncryptedBlobB64> =>
  encryptBlobB64(utf8ToBytes(JSON.stringify(value)), keyB64);

/** Decrypts a Blob holding UTF-8 JSON; throws `InvalidUTF8Error`/`InvalidJSONError` on malformed plaintext. */
export const decryptBlobJSON = async (blob: EncryptedBlobB64, keyB64: string): Promise<unknown> =>
  decryptBlobJSONWithKey(blob, fromB64(keyB64));

/** `decryptBlobJSON` under a key already in bytes (one key opening several Blobs). */
export const decryptBlobJSONWithKey = async (
  { encryptedDataB64, decryptionHeaderB64 }: EncryptedBlobB64,
  key: Uint8Array,
): Promise<unknown> => {
  const text = bytesToUTF8(
    await decryptBlob(
      { encryptedData: fromB64(encryptedDataB64), decryptionHeader: fromB64(decryptionHeaderB64) },
      key,
    ),
  );
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InvalidJSONError("Decrypted Blob is not JSON", { cause: e });
  }
};
