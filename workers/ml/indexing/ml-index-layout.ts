// Which chunks of the ML indexes are stored, which file's latest entry each
// holds, and what a save writes: an appended chunk, a merge of the small
// chunks, or a compaction of all of them. Pure: the store module seals and
// writes what a plan says. See: [Note: The ML indexes are kept as sealed chunks]

import { maxEntriesPerChunk } from "./ml-index-chunks";

/**
 * Small chunks kept before they are merged: every save of a run appends a
 * chunk of a few dozen entries, and each chunk is one more row to read and
 * one more value to open at the next load. Sixteen are a few hundred
 * entries; merging them rewrites those, not the library.
 */
export const maxSmallChunks = 16;

/** A chunk under half the largest is small: merged with the others, not kept as it is. */
export const smallChunkEntries = maxEntriesPerChunk / 2;

/**
 * Stored entries that no longer count (replaced by a later one, tombstones,
 * entries of files gone from the library that the session did not load), as
 * a share of the live ones, above which a save compacts: a compaction
 * rewrites every live entry (50 MB for 100,000 files), so it waits until a
 * quarter of that is waste.
 */
export const maxWasteShare = 0.25;

/** What a save writes and deletes, in one transaction. */
export interface MLIndexSavePlan {
  /** New chunks, each with the files whose current entries it holds (tombstones included). */
  writes: { id: string; seq: number; fileIDs: number[] }[];
  /** Stored chunks to delete. */
  deletes: string[];
  /** Every stored chunk is deleted and the live entries rewritten. */
  compaction: boolean;
}

/** What a save plans on: the indexes in memory and what changed since the last save. */
export interface MLIndexChanges {
  /** Files whose entry changed (or went: a tombstone is written) since the last save. */
  changed: ReadonlySet<number>;
  /** Every file with an entry in memory, each once. */
  fileIDs: () => Iterable<number>;
  /**
   * Whether a file is in the library: a compaction drops the entries of
   * others. Asked only when compacting (it looks through the library's
   * collections); the entries a session loads are of files in the library.
   */
  inLibrary: (fileID: number) => boolean;
}

interface ChunkInfo {
  seq: number;
  entryCount: number;
}

/**
 * The stored chunks, as far as a save needs them. See: [Note: The ML indexes are kept as sealed chunks]
 */
export class MLIndexLayout {
  readonly #newChunkID: () => string;
  readonly #chunks = new Map<string, ChunkInfo>();
  /** The chunk holding each file's latest stored entry. */
  readonly #holders = new Map<number, string>();
  #nextSeq = 1;

  constructor(newChunkID: () => string) {
    this.#newChunkID = newChunkID;
  }

  /**
   * The layout of chunks read back, and each file's latest entry (the
   * entry of the chunk with the largest `seq` wins; a tombstone, an entry
   * `isLive` refuses, leaves the file out).
   */
  static fromChunks<Entry extends { fileID: number }>(
    chunks: readonly { id: string; chunk: { seq: number; entries: readonly Entry[] } }[],
    newChunkID: () => string,
    isLive: (entry: Entry) => boolean,
  ): { layout: MLIndexLayout; entries: Map<number, Entry> } {
    const layout = new MLIndexLayout(newChunkID);
    const latest = new Map<number, Entry>();
    const ordered = [...chunks].sort((a, b) => a.chunk.seq - b.chunk.seq);
    for (const { id, chunk } of ordered) {
      layout.#chunks.set(id, { seq: chunk.seq, entryCount: chunk.entries.length });
      layout.#nextSeq = Math.max(layout.#nextSeq, chunk.seq + 1);
      for (const entry of chunk.entries) {
        latest.set(entry.fileID, entry);
        layout.#holders.set(entry.fileID, id);
      }
    }
    for (const [fileID, entry] of latest) if (!isLive(entry)) latest.delete(fileID);
    return { layout, entries: latest };
  }

  /** How many chunks are stored. */
  get chunkCount(): number {
    return this.#chunks.size;
  }

  /** The entries stored, the replaced ones and tombstones included. */
  get storedEntries(): number {
    let count = 0;
    for (const { entryCount } of this.#chunks.values()) count += entryCount;
    return count;
  }

  /**
   * What saving `changes` writes:
   *
   * - a compaction when, with the changed entries appended, more than
   *   `maxWasteShare` of the entries in memory would be waste: the entries
   *   of files in the library rewritten, every chunk deleted (tombstones
   *   and the entries of files gone from the library with them);
   * - a merge when appending would make more than `maxSmallChunks` small
   *   chunks: the changed entries and the latest entries the small chunks
   *   hold are rewritten into full chunks, the small chunks deleted;
   * - otherwise the changed entries appended as new chunks.
   *
   * New chunks always come after every stored one (`seq`), so their entries win.
   */
  plan(changes: MLIndexChanges): MLIndexSavePlan {
    let live = 0;
    for (const _ of changes.fileIDs()) live += 1;
    const waste = this.storedEntries + changes.changed.size - live;
    if (waste > live * maxWasteShare) {
      const fileIDs: number[] = [];
      for (const fileID of changes.fileIDs()) if (changes.inLibrary(fileID)) fileIDs.push(fileID);
      return {
        writes: this.#chunked(fileIDs),
        deletes: [...this.#chunks.keys()],
        compaction: true,
      };
    }
    const small = [...this.#chunks]
      .filter(([, { entryCount }]) => entryCount < smallChunkEntries)
      .map(([id]) => id);
    const appended = Math.ceil(changes.changed.size / maxEntriesPerChunk);
    if (small.length + appended <= maxSmallChunks) {
      return { writes: this.#chunked([...changes.changed]), deletes: [], compaction: false };
    }
    const merged = new Set(changes.changed);
    const smallIDs = new Set(small);
    for (const [fileID, holder] of this.#holders) if (smallIDs.has(holder)) merged.add(fileID);
    return { writes: this.#chunked([...merged]), deletes: small, compaction: false };
  }

  /** Records a plan as stored (after its transaction committed). */
  commit(plan: MLIndexSavePlan): void {
    if (plan.compaction) {
      this.#chunks.clear();
      this.#holders.clear();
    }
    for (const id of plan.deletes) this.#chunks.delete(id);
    for (const { id, seq, fileIDs } of plan.writes) {
      this.#chunks.set(id, { seq, entryCount: fileIDs.length });
      for (const fileID of fileIDs) this.#holders.set(fileID, id);
      this.#nextSeq = Math.max(this.#nextSeq, seq + 1);
    }
  }

  #chunked(fileIDs: readonly number[]): MLIndexSavePlan["writes"] {
    const writes: MLIndexSavePlan["writes"] = [];
    let seq = this.#nextSeq;
    for (let start = 0; start < fileIDs.length; start += maxEntriesPerChunk) {
      writes.push({
        id: this.#newChunkID(),
        seq: seq++,
        fileIDs: fileIDs.slice(start, start + maxEntriesPerChunk),
      });
    }
    return writes;
  }
}
