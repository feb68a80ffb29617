// Helpers of the sync worker's Node tests: an in-process crypto pool, a fresh
// fake IndexedDB per "browser", decrypted records to store, and a scan of
// every stored byte for plaintext.

import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import * as cryptoAPI from "../../crypto/crypto-api";
import { type CryptoPool, type CryptoRemote, createCryptoPool } from "../../crypto/pool";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { LocalDatabase, localStoreNames } from "../local-db";

/**
 * The crypto pool over the crypto worker module called in this thread: the
 * same code as the workers run, without starting threads (unit tests).
 */
export const inProcessCryptoPool = (): CryptoPool =>
  createCryptoPool({ workers: [cryptoAPI as unknown as CryptoRemote] });

/** A fresh, empty IndexedDB (one browser profile). */
export const freshIndexedDB = (): { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange } => ({
  indexedDB: new IDBFactory(),
  IDBKeyRange,
});

export const testUserID = 1_000_001;

export const testCollection = (
  id: number,
  overrides: Partial<DecryptedCollection> = {},
): DecryptedCollection => ({
  id,
  owner: { id: testUserID, email: "me@cairn.test" },
  name: `Album ${String(id)}`,
  type: "album",
  keyB64: "A".repeat(43) + "=",
  sharees: [],
  publicURLs: [],
  updationTime: 1_700_000_000_000_000 + id,
  isDeleted: false,
  ...overrides,
});

export const testFile = (
  id: number,
  collectionID: number,
  overrides: Partial<DecryptedFile> = {},
): DecryptedFile => ({
  id,
  collectionID,
  ownerID: testUserID,
  updationTime: 1_700_000_000_000_000 + id,
  keyB64: "B".repeat(43) + "=",
  metadata: {
    title: `IMG_${String(id)}.jpg`,
    creationTime: 1_600_000_000_000_000 + id,
    fileType: 0,
  },
  fileDecryptionHeaderB64: "C".repeat(32),
  thumbnailDecryptionHeaderB64: "D".repeat(32),
  ...overrides,
});

const latin1 = new TextDecoder("latin1");

/** Every value of every store, as text (strings as they are, bytes as Latin-1), to search for plaintext. */
export const storedText = async (
  indexedDB: IDBFactory,
  keyRange: typeof IDBKeyRange,
): Promise<string> => {
  const db = new LocalDatabase(indexedDB, keyRange);
  const parts: string[] = [];
  const walk = (value: unknown): void => {
    if (value instanceof Uint8Array) parts.push(latin1.decode(value));
    else if (typeof value === "string" || typeof value === "number") parts.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  try {
    for (const name of localStoreNames) walk(await db.table(name).toArray());
  } finally {
    db.close();
  }
  return parts.join("\n");
};

/** Whether `text` (from `storedText`) holds `needle`, as a string or as its UTF-8 bytes. */
export const holdsPlaintext = (text: string, needle: string): boolean =>
  text.includes(needle) || text.includes(latin1.decode(new TextEncoder().encode(needle)));
