// The faces' place in the face database: loading each file's faces and
// face indexing status, saving what changed, sealed.
//
// [Note: The face database keeps each file's faces and status]
//
// Spec §3 keeps face data apart from the other ML indexes: per file, its
// face index (the faces found, each with its faceID) and its status
// (indexable or indexed), in a face database of its own (§9, version 1,
// stores `face-index` and `file-status`). Both stores hold sealed chunks,
// written and compacted as the ML indexes' (see: [Note: The ML indexes are
// kept as sealed chunks]): nothing is in clear, not a face, not which files
// were looked at.
//
// - `face-index`: a file's faces (the ML index chunk format, faces only);
//   an empty list is a photo that shows none.
// - `file-status`: whether a file's faces are known, and how many times
//   finding them failed, so a photo that cannot be read is not tried again
//   at every reload (see: [Note: A photo whose faces cannot be found is
//   tried a few times]).
// - Both are saved in one transaction of this database, before the ML
//   indexes' save, which carries the ML data diff's time: the stored time
//   is then never ahead of the stored faces. A crash between the two leaves
//   faces ahead of the time, and the next pull adopts the same faces again.
// - A chunk that cannot be read clears this database only: faces are
//   adopted again from the files' ML data documents (no model runs for
//   them), the search indexes stay.
// - Face data written by earlier versions inside `embeddings_v2` moves here
//   at the first load (ml-indexes.ts).

import { readChunkRows } from "../../sync/chunk-rows-read";
import type { LocalCipher } from "../../sync/local-cipher";
import type { FaceDatabase } from "./face-db";
import {
  type FaceIndexingState,
  type FileStatusEntry,
  decodeFileStatusChunk,
  encodeFileStatusChunk,
} from "./file-status-chunks";
import type { IndexedFace } from "./indexed-faces";
import { type MLIndexEntry, decodeMLIndexChunk, encodeMLIndexChunk } from "./ml-index-chunks";
import type { MLIndexChanges } from "./ml-index-layout";
import { chunkRowsPerRead } from "./ml-index-store";
import { type ChunkCodec, SealedChunks } from "./sealed-chunks";

export interface StoredFaces {
  /** Each face-indexed file's faces. */
  faces: ReadonlyMap<number, readonly IndexedFace[]>;
  /** Each looked-at file's status. */
  states: ReadonlyMap<number, FaceIndexingState>;
}

/** What a save writes: the files changed since the last save and their faces and states as they are now. */
export interface FaceIndexSave {
  faces: MLIndexChanges & { facesOf: (fileID: number) => readonly IndexedFace[] | undefined };
  states: MLIndexChanges & { stateOf: (fileID: number) => FaceIndexingState | undefined };
}

/** See: [Note: The face database keeps each file's faces and status] */
export interface FaceIndexStore {
  /** Reads every stored face and status. Throws `UnreadableMLIndexError` for a chunk it cannot read. */
  load(): Promise<StoredFaces>;
  /** Stores the changes of both stores in one transaction. */
  save(save: FaceIndexSave): Promise<void>;
  /** Forgets every stored face and status. */
  clear(): Promise<void>;
  /** Closes the database (the library closed). */
  close(): void;
}

const faceIndexCodec: ChunkCodec<MLIndexEntry> = {
  encode: encodeMLIndexChunk,
  decode: decodeMLIndexChunk,
  isLive: ({ faces }) => faces !== undefined,
};

const fileStatusCodec: ChunkCodec<FileStatusEntry> = {
  encode: encodeFileStatusChunk,
  decode: decodeFileStatusChunk,
  isLive: ({ state }) => state !== undefined,
};

export interface FaceIndexStoreOptions {
  db: FaceDatabase;
  cipher: LocalCipher;
  /** A new random chunk ID (defaults to `crypto.randomUUID`). */
  newChunkID?: () => string;
}

export const createFaceIndexStore = ({
  db,
  cipher,
  newChunkID = () => crypto.randomUUID(),
}: FaceIndexStoreOptions): FaceIndexStore => {
  const faceChunks = new SealedChunks(faceIndexCodec, cipher, newChunkID);
  const statusChunks = new SealedChunks(fileStatusCodec, cipher, newChunkID);
  const faceRows = db["face-index"];
  const statusRows = db["file-status"];

  return {
    async load() {
      const [storedFaceRows, storedStatusRows] = await db.transaction(
        "r",
        [faceRows, statusRows],
        () =>
          Promise.all([
            readChunkRows(faceRows, chunkRowsPerRead),
            readChunkRows(statusRows, chunkRowsPerRead),
          ]),
      );
      const faceEntries = await faceChunks.open(storedFaceRows);
      const statusEntries = await statusChunks.open(storedStatusRows);
      const faces = new Map<number, readonly IndexedFace[]>();
      for (const [fileID, entry] of faceEntries) if (entry.faces) faces.set(fileID, entry.faces);
      const states = new Map<number, FaceIndexingState>();
      for (const [fileID, entry] of statusEntries) if (entry.state) states.set(fileID, entry.state);
      return { faces, states };
    },

    async save({ faces, states }) {
      const faceWrite = await faceChunks.seal(faces, (fileID) => ({
        fileID,
        faces: faces.facesOf(fileID),
      }));
      const statusWrite = await statusChunks.seal(states, (fileID) => ({
        fileID,
        state: states.stateOf(fileID),
      }));
      await db.transaction("rw", [faceRows, statusRows], async () => {
        await faceRows.bulkDelete(faceWrite.deletes);
        await faceRows.bulkPut(faceWrite.rows);
        await statusRows.bulkDelete(statusWrite.deletes);
        await statusRows.bulkPut(statusWrite.rows);
      });
      faceWrite.commit();
      statusWrite.commit();
    },

    async clear() {
      await db.transaction("rw", [faceRows, statusRows], async () => {
        await faceRows.clear();
        await statusRows.clear();
      });
      faceChunks.reset();
      statusChunks.reset();
    },

    close() {
      db.close();
    },
  };
};
