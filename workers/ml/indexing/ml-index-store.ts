// The library's ML indexes in the local database: loading them at the first
// run, saving what changed after each run, sealed.
//
// [Note: The ML indexes are kept as sealed chunks]
//
// On-device indexing holds, in memory, each file's CLIP embedding (as the
// search index keeps it: 512 8-bit codes and a scale, 55 MB for 100,000
// files), the things seen in each file, and how far it has read the two
// diffs. Pulled again on every reload, that is 200 pages of embeddings and
// 100,000 documents to decrypt. So the local database keeps them (spec §3
// `embeddings_v2` and the per-model sync time):
//
// - `embeddings_v2`: chunks under random IDs, sealed under the local
//   database key through the crypto pool like `files` chunks, each holding
//   up to `maxEntriesPerChunk` entries in a binary form (ml-index-chunks.ts).
//   An entry is a file's whole state: its codes and scale when it has an
//   embedding, its labels when it was looked at for things; neither is a
//   tombstone (the file's index went). Nothing is in clear: not which files
//   are indexed, not a label, not a vector; the rows' count and sizes say
//   roughly how many files are. See: [Note: The local database holds only ciphertext]
// - `ml-sync-time`: the server version each diff was read to (key
//   `onnx-clip` for `GET /embeddings/diff`, `mldata` for the ML data status
//   diff), µs in clear: server versions are not secret.
// - Order: each chunk carries a `seq` inside its sealed bytes, larger than
//   every stored chunk's when it is written; a file's entry in a later chunk
//   replaces its entries in earlier ones. A stored chunk is never rewritten:
//   saves add chunks and delete chunks.
// - Crash rule: a save writes chunks holding the entry of every file changed
//   since the last save together with the sync times as they are in memory,
//   in ONE transaction. The stored times are then never ahead of the stored
//   entries: a crash, or a save that failed, leaves the last save's times
//   with the last save's entries, and the next session pulls again from
//   there. Memory may run ahead of the disk (unlike the library's store:
//   these indexes are derived, and saving once a run rather than once a
//   change keeps the writes few); the changes of a failed save go with the
//   next one.
// - Compaction (ml-index-layout.ts): a save appends its changes as a chunk;
//   when that would leave more than `maxSmallChunks` small chunks it merges
//   them into full ones instead; when the waste (replaced entries,
//   tombstones, entries of files gone from the library, which a session
//   does not load) would pass a quarter of the entries in memory, it
//   rewrites every entry of a file in the library from memory and deletes
//   every stored chunk. Both within the save's one transaction.
// - Loading: one read transaction of both stores, every chunk opened in one
//   pool call and decoded with turns of the event loop. A chunk that cannot
//   be opened or decoded (another key, damage, another format) makes the
//   indexing clear both stores and start from zero: the server has it all.
// - Logout deletes the database; a library store that cannot be read
//   clears every store of it, these included.

import { readChunkRows } from "../../sync/chunk-rows-read";
import type { LocalCipher } from "../../sync/local-cipher";
import { type LocalDatabase, type MLSyncTimeRow, mlSyncTimeKeys } from "../../sync/local-db";
import { type MLIndexEntry, decodeMLIndexChunk, encodeMLIndexChunk } from "./ml-index-chunks";
import type { MLIndexChanges } from "./ml-index-layout";
import { type ChunkCodec, SealedChunks } from "./sealed-chunks";

export { UnreadableMLIndexError } from "./sealed-chunks";

/** How far the indexes are synced: µs server versions of the two diffs. */
export interface MLSyncTimes {
  /** `GET /embeddings/diff` of model `onnx-clip`. */
  clipUs: number;
  /** The ML data documents' status diff. */
  mlDataUs: number;
}

export interface StoredMLIndexes {
  /** Each file's latest stored entry (tombstones left out). */
  entries: ReadonlyMap<number, MLIndexEntry>;
  times: MLSyncTimes;
}

/** What a save writes: the changes, the indexes' entries as they are now, and the sync times. */
export interface MLIndexSave extends MLIndexChanges {
  /** A file's entry as it is in memory (neither CLIP nor things: a tombstone). */
  entryOf: (fileID: number) => MLIndexEntry;
  times: MLSyncTimes;
}

/** The ML indexes' place in the local database. See: [Note: The ML indexes are kept as sealed chunks] */
export interface MLIndexStore {
  /** Reads every stored entry and the sync times. Throws `UnreadableMLIndexError` for a chunk it cannot read. */
  load(): Promise<StoredMLIndexes>;
  /** Stores the changes and the times in one transaction (appending, merging or compacting). */
  save(save: MLIndexSave): Promise<void>;
  /** Forgets every stored entry and time. */
  clear(): Promise<void>;
}

/**
 * Rows read per request: a chunk is up to 2 MB, twice a `files` chunk.
 * See: [Note: Chunk rows are read a few per request]
 */
export const chunkRowsPerRead = 2;

/**
 * An entry of `embeddings_v2`. Faces written there by earlier versions
 * still read (they move to the face database), but they make no entry live.
 */
const searchIndexCodec: ChunkCodec<MLIndexEntry> = {
  encode: encodeMLIndexChunk,
  decode: decodeMLIndexChunk,
  isLive: ({ clip, things, phash, faces }) =>
    clip !== undefined || things !== undefined || phash !== undefined || faces !== undefined,
};

export interface MLIndexStoreOptions {
  db: LocalDatabase;
  cipher: LocalCipher;
  /** A new random chunk ID (defaults to `crypto.randomUUID`). */
  newChunkID?: () => string;
}

const timeRows = (times: MLSyncTimes): MLSyncTimeRow[] => [
  { key: mlSyncTimeKeys.clip, timeUs: times.clipUs },
  { key: mlSyncTimeKeys.mlData, timeUs: times.mlDataUs },
];

const timesOf = (rows: readonly MLSyncTimeRow[]): MLSyncTimes => ({
  clipUs: rows.find(({ key }) => key === mlSyncTimeKeys.clip)?.timeUs ?? 0,
  mlDataUs: rows.find(({ key }) => key === mlSyncTimeKeys.mlData)?.timeUs ?? 0,
});

export const createMLIndexStore = ({
  db,
  cipher,
  newChunkID = () => crypto.randomUUID(),
}: MLIndexStoreOptions): MLIndexStore => {
  const sealedChunks = new SealedChunks(searchIndexCodec, cipher, newChunkID);
  const chunks = db.embeddings_v2;
  const times = db["ml-sync-time"];

  return {
    async load() {
      const [rows, timeRowsRead] = await db.transaction("r", [chunks, times], () =>
        Promise.all([readChunkRows(chunks, chunkRowsPerRead), times.toArray()]),
      );
      return { entries: await sealedChunks.open(rows), times: timesOf(timeRowsRead) };
    },

    async save(save) {
      const write = await sealedChunks.seal(save, save.entryOf);
      // See: [Note: The ML indexes are kept as sealed chunks] (the crash rule)
      await db.transaction("rw", [chunks, times], async () => {
        await chunks.bulkDelete(write.deletes);
        await chunks.bulkPut(write.rows);
        await times.bulkPut(timeRows(save.times));
      });
      write.commit();
    },

    async clear() {
      await db.transaction("rw", [chunks, times], async () => {
        await chunks.clear();
        await times.clear();
      });
      sealedChunks.reset();
    },
  };
};
