// The local database of the library (spec §3 "Local stores"): Dexie over the
// platform's IndexedDB, injected so that Node tests run it on fake-indexeddb.
// Only the sync worker opens it. See: [Note: The local database holds only ciphertext]

import { Dexie, type Table } from "dexie";

/** The IndexedDB database of the library; logout deletes it with every other database. */
export const localDatabaseName = "cairn-files";

/** A value sealed under the local database key: a Blob whose ciphertext stays binary. */
export interface SealedValue {
  encryptedData: Uint8Array;
  decryptionHeaderB64: string;
}

/** `collections` and `deleted-collection`: one decrypted collection, sealed, by its (server-known) ID. */
export interface CollectionRow {
  id: number;
  sealed: SealedValue;
}

/** `files`, `hidden-files`, `file-trash` and `embeddings_v2`: an opaque chunk of many records, sealed. */
export interface ChunkRow {
  /** A random ID: it says nothing about what the chunk holds. */
  id: string;
  sealed: SealedValue;
}

/**
 * `collection-updation-time`: the time of the collection list (key
 * `collectionListTimeKey`) and, per collection ID, the time its files are
 * synced to. Both are server versions (µs), stored in clear.
 */
export interface SyncTimeRow {
  key: number | string;
  timeUs: number;
}

/** `hidden-collection-ids`: the IDs of hidden collections, sealed (whether an album is hidden is not the server's to know). */
export interface SealedListRow {
  key: string;
  sealed: SealedValue;
}

/**
 * `first-screen`: the gallery's first screen, sealed (one row).
 * See: [Note: The gallery's first screen opens before the library]
 */
export interface FirstScreenRow {
  key: string;
  sealed: SealedValue;
}

/**
 * `ml-sync-time`: how far each of the ML indexes is synced (the spec's
 * "per-model embedding sync time"), by `mlSyncTimeKeys`. Server versions
 * (µs), in clear like `collection-updation-time`.
 * See: [Note: The ML indexes are kept as sealed chunks]
 */
export interface MLSyncTimeRow {
  key: string;
  timeUs: number;
}

/** The keys of `ml-sync-time`: the CLIP embeddings' diff (model `onnx-clip`) and the ML data status diff. */
export const mlSyncTimeKeys = { clip: "onnx-clip", mlData: "mldata" } as const;

/** The key of the single row of `first-screen`. */
export const firstScreenKey = "first-screen";

/** The key of the collection list's time in `collection-updation-time`. */
export const collectionListTimeKey = "collections";
/** The key of the trash diff's time in `trash-time`. */
export const trashTimeKey = "trash";
/** The key of the single row of `hidden-collection-ids`. */
export const hiddenCollectionIDsKey = "ids";

/** Stores whose rows are chunks of files: visible collections' and hidden collections'. */
export type FileStoreName = "files" | "hidden-files";

/**
 * How the sync worker opens its databases (this one and the face database):
 * over the platform's IndexedDB, with relaxed durability. A transaction
 * counts as done once the browser has it, without waiting for the disk
 * flush: a crash may lose the last few pages, never half of one (each page
 * and its sync time are one transaction), and the next sync pulls them
 * again; the faces are found or pulled again the same way.
 */
export const localDatabaseOptions = (indexedDB: IDBFactory, keyRange: typeof IDBKeyRange) => ({
  indexedDB,
  IDBKeyRange: keyRange,
  autoOpen: true,
  chromeTransactionDurability: "relaxed" as const,
});

export class LocalDatabase extends Dexie {
  collections!: Table<CollectionRow, number>;
  "collection-updation-time"!: Table<SyncTimeRow, number | string>;
  files!: Table<ChunkRow, string>;
  "hidden-files"!: Table<ChunkRow, string>;
  "file-trash"!: Table<ChunkRow, string>;
  "trash-time"!: Table<SyncTimeRow, string>;
  "deleted-collection"!: Table<CollectionRow, number>;
  "hidden-collection-ids"!: Table<SealedListRow, string>;
  "first-screen"!: Table<FirstScreenRow, string>;
  /** Sealed chunks of the ML indexes. See: [Note: The ML indexes are kept as sealed chunks] */
  embeddings_v2!: Table<ChunkRow, string>;
  "ml-sync-time"!: Table<MLSyncTimeRow, string>;

  constructor(indexedDB: IDBFactory, keyRange: typeof IDBKeyRange) {
    super(localDatabaseName, localDatabaseOptions(indexedDB, keyRange));
    // Only primary keys: every read loads a whole store (tens of chunks), and
    // an index over sealed values could only index what is in clear.
    this.version(1).stores({
      collections: "id",
      "collection-updation-time": "key",
      files: "id",
      "hidden-files": "id",
      "file-trash": "id",
      "trash-time": "key",
      "deleted-collection": "id",
      "hidden-collection-ids": "key",
    });
    // Version 2 adds the gallery's first screen; the stores of version 1 stay as they are.
    this.version(2).stores({ "first-screen": "key" });
    // Version 3 adds the ML indexes (CLIP embeddings, things) and their sync
    // times. See: [Note: The ML indexes are kept as sealed chunks]
    this.version(3).stores({ embeddings_v2: "id", "ml-sync-time": "key" });
  }
}

/** Every store of the local database, for transactions that span them and for tests. */
export const localStoreNames = [
  "collections",
  "collection-updation-time",
  "files",
  "hidden-files",
  "file-trash",
  "trash-time",
  "deleted-collection",
  "hidden-collection-ids",
  "first-screen",
  "embeddings_v2",
  "ml-sync-time",
] as const;

export type LocalStoreName = (typeof localStoreNames)[number];
