// Batch operations of the crypto worker: many Boxes, Blobs or sealed boxes per
// call, so that decrypting a page of 1,000 files costs one round trip per
// worker, not one per file. Decryptions settle per item (see settled.ts);
// encryptions are all-or-nothing, their inputs being our own.
// See: [Note: The crypto pool takes ownership of the bytes it is given]

import { transfer } from "comlink";
import {
  type EncryptedBlobB64,
  type EncryptedBoxB64,
  boxSealB64,
  boxSealOpenB64,
  bytesToUTF8,
  decryptBlob,
  decryptBlobJSON,
  decryptBlobJSONWithKey,
  decryptBoxB64,
  encryptBlob,
  encryptBlobJSON,
  encryptBoxB64,
  fromB64,
  toB64,
} from "../../shared/crypto";
import { type OpenedKeyAndJSONBlobsWire, type SettledWire, settle } from "./settled";
import { buffersOf, transferableBytes } from "./transfer";

export interface EncryptBoxItem {
  data: Uint8Array;
  keyB64: string;
}

export interface DecryptBoxItem extends EncryptedBoxB64 {
  keyB64: string;
}

export interface EncryptBlobItem {
  data: Uint8Array;
  keyB64: string;
}

/** A Blob whose ciphertext stays binary (thumbnails, file data going to object storage). */
export interface EncryptedBlobBytes {
  encryptedData: Uint8Array;
  decryptionHeaderB64: string;
}

export interface EncryptJSONBlobItem {
  value: unknown;
  keyB64: string;
}

export interface DecryptBlobItem extends EncryptedBlobBytes {
  keyB64: string;
}

export interface DecryptBlobB64Item extends EncryptedBlobB64 {
  keyB64: string;
}

export interface OpenSealedBoxItem {
  encryptedDataB64: string;
  publicKeyB64: string;
  secretKeyB64: string;
}

const mapSettled = <I, T>(items: readonly I[], work: (item: I) => Promise<T>) =>
  Promise.all(items.map((item) => settle(() => work(item))));

/** Returns `results` with the buffers of their successful byte values marked for transfer. */
const transferSettledBytes = (results: SettledWire<Uint8Array>[]): SettledWire<Uint8Array>[] => {
  const owned = results.map((result) =>
    result.ok ? { ok: true as const, value: transferableBytes(result.value) } : result,
  );
  return transfer(owned, buffersOf(owned.flatMap((result) => (result.ok ? [result.value] : []))));
};

/** Box-encrypts each item's data under its key. */
export const encryptBoxes = (items: readonly EncryptBoxItem[]): Promise<EncryptedBoxB64[]> =>
  Promise.all(items.map(({ data, keyB64 }) => encryptBoxB64(data, keyB64)));

/** Decrypts Boxes to bytes (transferred). */
export const decryptBoxes = async (
  items: readonly DecryptBoxItem[],
): Promise<SettledWire<Uint8Array>[]> =>
  transferSettledBytes(await mapSettled(items, (item) => decryptBoxB64(item, item.keyB64)));

/** Decrypts Boxes that hold keys, to base64 (file keys under a collection key, and so on). */
export const decryptBoxesToB64 = (
  items: readonly DecryptBoxItem[],
): Promise<SettledWire<string>[]> =>
  mapSettled(items, async (item) => toB64(await decryptBoxB64(item, item.keyB64)));

/** Decrypts Boxes that hold UTF-8 text (collection names). */
export const decryptBoxesToUTF8 = (
  items: readonly DecryptBoxItem[],
): Promise<SettledWire<string>[]> =>
  mapSettled(items, async (item) => bytesToUTF8(await decryptBoxB64(item, item.keyB64)));

/** Blob-encrypts each item's bytes; ciphertexts come back binary (transferred). */
export const encryptBlobs = async (
  items: readonly EncryptBlobItem[],
): Promise<EncryptedBlobBytes[]> => {
  const results = await Promise.all(
    items.map(async ({ data, keyB64 }) => {
      const { encryptedData, decryptionHeader } = await encryptBlob(data, fromB64(keyB64));
      return {
        encryptedData: transferableBytes(encryptedData),
        decryptionHeaderB64: toB64(decryptionHeader),
      };
    }),
  );
  return transfer(results, buffersOf(results.map((result) => result.encryptedData)));
};

/** Blob-encrypts the JSON of each value, in wire form (file metadata, magic metadata). */
export const encryptBlobsFromJSON = (
  items: readonly EncryptJSONBlobItem[],
): Promise<EncryptedBlobB64[]> =>
  Promise.all(items.map(({ value, keyB64 }) => encryptBlobJSON(value, keyB64)));

/** Decrypts binary Blobs (thumbnails) to bytes (transferred). */
export const decryptBlobs = async (
  items: readonly DecryptBlobItem[],
): Promise<SettledWire<Uint8Array>[]> =>
  transferSettledBytes(
    await mapSettled(items, ({ encryptedData, decryptionHeaderB64, keyB64 }) =>
      decryptBlob(
        { encryptedData, decryptionHeader: fromB64(decryptionHeaderB64) },
        fromB64(keyB64),
      ),
    ),
  );

/** Decrypts base64 Blobs holding JSON (file metadata, magic metadata) to values. */
export const decryptBlobsToJSON = (
  items: readonly DecryptBlobB64Item[],
): Promise<SettledWire<unknown>[]> =>
  mapSettled(items, (item) => decryptBlobJSON(item, item.keyB64));

/**
 * A key in a Box under a parent key, with JSON Blobs under that key: a
 * file's key under its collection's key, with its metadata and magic
 * metadata. See: [Note: A page is decrypted in one pool call per kind of work]
 */
export interface DecryptKeyAndJSONBlobsItem {
  key: EncryptedBoxB64;
  parentKeyB64: string;
  blobs: readonly EncryptedBlobB64[];
}

/**
 * Opens each item's key, then its Blobs under that key (kept in bytes
 * between the two): a failed key settles its whole item, a failed Blob only
 * its own value.
 */
export const decryptKeysAndJSONBlobs = (
  items: readonly DecryptKeyAndJSONBlobsItem[],
): Promise<SettledWire<OpenedKeyAndJSONBlobsWire>[]> =>
  mapSettled(items, async ({ key, parentKeyB64, blobs }) => {
    const keyBytes = await decryptBoxB64(key, parentKeyB64);
    const values = await Promise.all(
      blobs.map((blob) => settle(() => decryptBlobJSONWithKey(blob, keyBytes))),
    );
    return { keyB64: toB64(keyBytes), values };
  });

/** Seals `data` to a public key (sharing a collection key); base64 out. */
export const sealBox = (data: Uint8Array, publicKeyB64: string): Promise<string> =>
  boxSealB64(data, publicKeyB64);

/** Opens sealed boxes (collection keys shared with us, the login token) to bytes (transferred). */
export const openSealedBoxes = async (
  items: readonly OpenSealedBoxItem[],
): Promise<SettledWire<Uint8Array>[]> =>
  transferSettledBytes(
    await mapSettled(items, ({ encryptedDataB64, publicKeyB64, secretKeyB64 }) =>
      boxSealOpenB64(encryptedDataB64, publicKeyB64, secretKeyB64),
    ),
  );
