// The records of one collection (or of the trash) in memory, and how they are
// laid out in sealed chunks of the local database. Pure: `plan` says which
// chunks a change rewrites or deletes; `commit` applies the plan once the
// database has stored it. See: [Note: The local database holds only ciphertext]

/**
 * The most records a chunk holds. A decrypted file record is about 0.5 KB of
 * JSON, so a full chunk is about 1 MB: sealing or opening it is one pool item
 * of a few milliseconds, a 100k-file library is ~50 chunks to open, and a
 * diff page (at most 2,500 entries, wire-contract §7) appends to at most two
 * or three chunks. Smaller chunks would multiply rows and pool items at
 * reopening; larger ones would make a one-file change rewrite megabytes.
 */
export const maxRecordsPerChunk = 2000;

/** A chunk to store: its (random) ID and every record it now holds. */
export interface ChunkWrite<R> {
  id: string;
  records: R[];
}

/** What a change does to a group's chunks. */
export interface ChunkPlan<R> {
  writes: ChunkWrite<R>[];
  /** Chunks left empty: delete them. */
  deletes: string[];
  /** Applies the plan to the group (call after the database stored it). */
  commit: () => void;
}

export class ChunkedGroup<R> {
  readonly #records = new Map<number, R>();
  readonly #chunkOf = new Map<number, string>();
  readonly #chunks = new Map<string, Set<number>>();
  /** A chunk with room, where new records go. */
  #openChunkID: string | undefined;

  constructor(
    private readonly idOf: (record: R) => number,
    private readonly newChunkID: () => string,
  ) {}

  /** Builds the group from stored chunks. A record found in two chunks (never written so) is kept once. */
  static fromChunks<R>(
    chunks: readonly { id: string; records: readonly R[] }[],
    idOf: (record: R) => number,
    newChunkID: () => string,
  ): ChunkedGroup<R> {
    const group = new ChunkedGroup(idOf, newChunkID);
    for (const { id, records } of chunks) {
      const members = new Set<number>();
      for (const record of records) {
        const recordID = idOf(record);
        if (group.#chunkOf.has(recordID)) continue;
        members.add(recordID);
        group.#chunkOf.set(recordID, id);
        group.#records.set(recordID, record);
      }
      group.#chunks.set(id, members);
    }
    group.#openChunkID = group.#smallestChunkWithRoom();
    return group;
  }

  get size(): number {
    return this.#records.size;
  }

  get chunkIDs(): string[] {
    return [...this.#chunks.keys()];
  }

  get(recordID: number): R | undefined {
    return this.#records.get(recordID);
  }

  has(recordID: number): boolean {
    return this.#records.has(recordID);
  }

  values(): IterableIterator<R> {
    return this.#records.values();
  }

  #smallestChunkWithRoom(): string | undefined {
    let smallest: string | undefined;
    let smallestSize = maxRecordsPerChunk;
    for (const [id, members] of this.#chunks) {
      if (members.size < smallestSize) {
        smallest = id;
        smallestSize = members.size;
      }
    }
    return smallest;
  }

  /**
   * Plans upserting `upserts` and removing `removals` (IDs; unknown ones are
   * ignored). Removals apply first, so a page that removes and re-adds one
   * record keeps it. Nothing changes until `commit`.
   */
  plan(upserts: readonly R[], removals: readonly number[]): ChunkPlan<R> {
    const touched = new Map<string, Set<number>>();
    const chunkAfter = new Map<number, string | undefined>();
    const upserted = new Map<number, R>();
    let openChunkID = this.#openChunkID;

    const chunkNow = (recordID: number) =>
      chunkAfter.has(recordID) ? chunkAfter.get(recordID) : this.#chunkOf.get(recordID);
    const membersOf = (chunkID: string): Set<number> => {
      let members = touched.get(chunkID);
      if (members === undefined) {
        members = new Set(this.#chunks.get(chunkID));
        touched.set(chunkID, members);
      }
      return members;
    };

    for (const recordID of removals) {
      const chunkID = chunkNow(recordID);
      if (chunkID === undefined) continue;
      membersOf(chunkID).delete(recordID);
      chunkAfter.set(recordID, undefined);
      upserted.delete(recordID);
    }
    for (const record of upserts) {
      const recordID = this.idOf(record);
      upserted.set(recordID, record);
      const chunkID = chunkNow(recordID);
      if (chunkID !== undefined) {
        membersOf(chunkID);
        continue;
      }
      if (openChunkID === undefined || membersOf(openChunkID).size >= maxRecordsPerChunk) {
        openChunkID = this.newChunkID();
        touched.set(openChunkID, new Set());
      }
      membersOf(openChunkID).add(recordID);
      chunkAfter.set(recordID, openChunkID);
    }

    const recordOf = (recordID: number): R => {
      const record = upserted.get(recordID) ?? this.#records.get(recordID);
      if (record === undefined) throw new Error(`Record ${String(recordID)} has no value`);
      return record;
    };
    const writes: ChunkWrite<R>[] = [];
    const deletes: string[] = [];
    for (const [chunkID, members] of touched) {
      if (members.size > 0) writes.push({ id: chunkID, records: [...members].map(recordOf) });
      else if (this.#chunks.has(chunkID)) deletes.push(chunkID);
    }

    return {
      writes,
      deletes,
      commit: () => {
        for (const [recordID, chunkID] of chunkAfter) {
          if (chunkID === undefined) {
            this.#chunkOf.delete(recordID);
            this.#records.delete(recordID);
          } else {
            this.#chunkOf.set(recordID, chunkID);
          }
        }
        for (const [recordID, record] of upserted) this.#records.set(recordID, record);
        for (const [chunkID, members] of touched) {
          if (members.size > 0) this.#chunks.set(chunkID, members);
          else this.#chunks.delete(chunkID);
        }
        const open = openChunkID === undefined ? undefined : this.#chunks.get(openChunkID);
        this.#openChunkID =
          open !== undefined && open.size < maxRecordsPerChunk
            ? openChunkID
            : this.#smallestChunkWithRoom();
      },
    };
  }
}
