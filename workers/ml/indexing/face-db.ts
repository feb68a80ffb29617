// The face database (spec §9 "face database version 1 with face index and
// file status stores"): Dexie over the platform's IndexedDB, beside the
// library's local database, opened by the sync worker when on-device ML
// loads. See: [Note: The face database keeps each file's faces and status]

import { Dexie, type Table } from "dexie";
import { type ChunkRow, localDatabaseOptions } from "../../sync/local-db";

/** The IndexedDB database of the faces; logout deletes it with every other database. */
export const faceDatabaseName = "cairn-face";

export class FaceDatabase extends Dexie {
  /** Sealed chunks of each face-indexed file's faces. */
  "face-index"!: Table<ChunkRow, string>;
  /** Sealed chunks of each file's face indexing status. */
  "file-status"!: Table<ChunkRow, string>;

  constructor(indexedDB: IDBFactory, keyRange: typeof IDBKeyRange) {
    super(faceDatabaseName, localDatabaseOptions(indexedDB, keyRange));
    // Version 1 (IndexedDB sees 10: Dexie multiplies its versions by ten).
    this.version(1).stores({ "face-index": "id", "file-status": "id" });
  }
}
