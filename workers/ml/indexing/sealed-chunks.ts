// One IndexedDB store of per-file entries kept as sealed chunks: opening
// the stored rows into each file's latest entry, and sealing what a save
// writes. The ML indexes' `embeddings_v2` and the face database's two
// stores are each one of these; their modules write the rows in their own
// transactions. See: [Note: The ML indexes are kept as sealed chunks]

import { eventLoopPacer } from "../../sync/event-loop-yield";
import { type LocalCipher, openingSliceMs } from "../../sync/local-cipher";
import type { ChunkRow } from "../../sync/local-db";
import { type MLIndexChanges, MLIndexLayout } from "./ml-index-layout";

/** A chunk of entries and its place in the order of writes (a later chunk's entry wins). */
export interface EntryChunk<Entry> {
  seq: number;
  entries: readonly Entry[];
}

/** The binary form of one kind of chunk. */
export interface ChunkCodec<Entry extends { fileID: number }> {
  encode(chunk: EntryChunk<Entry>): Uint8Array;
  /** Throws for bytes of another format or damaged ones. */
  decode(bytes: Uint8Array): EntryChunk<Entry>;
  /** Whether an entry says something of its file; one that does not is a tombstone. */
  isLive(entry: Entry): boolean;
}

export class UnreadableMLIndexError extends Error {
  override readonly name = "UnreadableMLIndexError";
}

/** What a save writes into one store, to be done in the caller's transaction, then committed. */
export interface SealedChunkWrite {
  rows: ChunkRow[];
  deletes: string[];
  /** Records the write as stored: call it once its transaction committed. */
  commit(): void;
}

export class SealedChunks<Entry extends { fileID: number }> {
  #layout: MLIndexLayout;

  constructor(
    private readonly codec: ChunkCodec<Entry>,
    private readonly cipher: LocalCipher,
    private readonly newChunkID: () => string,
  ) {
    this.#layout = new MLIndexLayout(newChunkID);
  }

  /**
   * Each file's latest live entry in `rows` (all of a store's rows). Throws
   * `UnreadableMLIndexError` for a chunk that cannot be opened or decoded.
   */
  async open(rows: readonly ChunkRow[]): Promise<Map<number, Entry>> {
    const opened = await this.cipher.openBytes(rows.map(({ sealed }) => sealed));
    // See: [Note: Opening sealed rows gives the event loop a turn]
    const maybeYield = eventLoopPacer(openingSliceMs);
    const decoded: { id: string; chunk: EntryChunk<Entry> }[] = [];
    for (const [index, result] of opened.entries()) {
      const row = rows[index];
      if (row === undefined) continue;
      if (!result.ok) {
        throw new UnreadableMLIndexError("A stored chunk could not be opened", {
          cause: result.error,
        });
      }
      try {
        decoded.push({ id: row.id, chunk: this.codec.decode(result.value) });
      } catch (e) {
        throw new UnreadableMLIndexError("A stored chunk could not be read", { cause: e });
      }
      await maybeYield();
    }
    const rebuilt = MLIndexLayout.fromChunks(decoded, this.newChunkID, (entry) =>
      this.codec.isLive(entry),
    );
    this.#layout = rebuilt.layout;
    return rebuilt.entries;
  }

  /** The sealed rows and deletes of saving `changes`, entries as `entryOf` gives them now. */
  async seal(
    changes: MLIndexChanges,
    entryOf: (fileID: number) => Entry,
  ): Promise<SealedChunkWrite> {
    const plan = this.#layout.plan(changes);
    const maybeYield = eventLoopPacer(openingSliceMs);
    const encoded: Uint8Array[] = [];
    for (const { seq, fileIDs } of plan.writes) {
      encoded.push(this.codec.encode({ seq, entries: fileIDs.map(entryOf) }));
      await maybeYield();
    }
    const sealed = encoded.length === 0 ? [] : await this.cipher.sealBytes(encoded);
    const rows: ChunkRow[] = plan.writes.map(({ id }, index) => {
      const value = sealed[index];
      if (value === undefined) throw new Error("The crypto pool sealed fewer values than asked");
      return { id, sealed: value };
    });
    return {
      rows,
      deletes: plan.deletes,
      commit: () => {
        this.#layout.commit(plan);
      },
    };
  }

  /** Forgets the stored layout (the store was cleared). */
  reset(): void {
    this.#layout = new MLIndexLayout(this.newChunkID);
  }
}
