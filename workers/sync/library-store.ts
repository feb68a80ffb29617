// The library as the sync worker holds it: an in-memory index (collections,
// files by collection, trash) mirrored in the local database, sealed. Every
// change is stored first, in one IndexedDB transaction, and applied to memory
// only once stored, so memory never runs ahead of the disk and an interrupted
// sync resumes from what was stored.
// See: [Note: The local database holds only ciphertext]

import { type FileDeparture, entriesWithDepartures } from "./trash-homes";
import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";
import { ChunkedGroup } from "./chunked-group";
import { readChunkRows } from "./chunk-rows-read";
import type { CollectionsChange } from "./collection-rules";
import type { LocalCipher } from "./local-cipher";
import {
  type FileChunkPayload,
  type TrashChunkPayload,
  type TrashEntry,
  UnreadableStoreError,
  fileIDOf,
  isCollection,
  isFileChunkPayload,
  isIDList,
  isTrashChunkPayload,
  sealedAt,
  trashIDOf,
} from "./library-store-records";
import {
  type ChunkRow,
  type FileStoreName,
  type LocalDatabase,
  type SealedValue,
  collectionListTimeKey,
  hiddenCollectionIDsKey,
  localStoreNames,
  trashTimeKey,
} from "./local-db";

export interface LibraryStoreOptions {
  db: LocalDatabase;
  cipher: LocalCipher;
  /** A new random chunk ID (defaults to `crypto.randomUUID`). */
  newChunkID?: () => string;
  /**
   * Opening waits for it before reading the rows (the first screen's
   * thumbnails go first: reading and decrypting the rows keeps the worker's
   * thread and the crypto pool busy). See: [Note: The gallery's first screen opens before the library]
   */
  loadAfter?: (() => Promise<void>) | undefined;
}

/** How reopening went: `reset` when stored rows could not be opened and the database was cleared. */
export interface LibraryStoreOpening {
  store: LibraryStore;
  reset: boolean;
}

export class LibraryStore {
  readonly #db: LocalDatabase;
  readonly #cipher: LocalCipher;
  readonly #newChunkID: () => string;
  readonly #loadAfter: (() => Promise<void>) | undefined;
  readonly #collections = new Map<number, DecryptedCollection>();
  readonly #deletedCollections = new Map<number, DecryptedCollection>();
  #hiddenIDs = new Set<number>();
  readonly #syncTimesUs = new Map<number, number>();
  readonly #groups = new Map<number, ChunkedGroup<DecryptedFile>>();
  #trash: ChunkedGroup<TrashEntry>;
  #listTimeUs = 0;
  #trashTimeUs = 0;
  #version = 0;
  /** The `#version` at which each collection's files last changed. See: [Note: Views cache on versions] */
  readonly #collectionVersions = new Map<number, number>();

  private constructor({ db, cipher, newChunkID, loadAfter }: LibraryStoreOptions) {
    this.#db = db;
    this.#loadAfter = loadAfter;
    this.#cipher = cipher;
    this.#newChunkID = newChunkID ?? (() => crypto.randomUUID());
    this.#trash = new ChunkedGroup(trashIDOf, this.#newChunkID);
  }

  /**
   * Opens the stored library: every sealed row is opened in one pool call.
   * Rows that cannot be opened (another account's key, damage) make the
   * whole database unusable: it is cleared and the next sync pulls anew.
   */
  static async open(options: LibraryStoreOptions): Promise<LibraryStoreOpening> {
    const store = new LibraryStore(options);
    try {
      await store.#load();
      return { store, reset: false };
    } catch (e) {
      if (!(e instanceof UnreadableStoreError)) throw e;
      await options.db.transaction("rw", [...localStoreNames], async () => {
        await Promise.all(localStoreNames.map((name) => options.db.table(name).clear()));
      });
      return { store: new LibraryStore(options), reset: true };
    }
  }

  async #load(): Promise<void> {
    await this.#loadAfter?.();
    const db = this.#db;
    const [collections, times, files, hiddenFiles, trash, trashTimes, deleted, hidden] =
      await db.transaction("r", [...localStoreNames], () =>
        Promise.all([
          db.collections.toArray(),
          db["collection-updation-time"].toArray(),
          // See: [Note: Chunk rows are read a few per request]
          readChunkRows(db.files),
          readChunkRows(db["hidden-files"]),
          readChunkRows(db["file-trash"]),
          db["trash-time"].toArray(),
          db["deleted-collection"].toArray(),
          db["hidden-collection-ids"].toArray(),
        ]),
      );
    const sealed: SealedValue[] = [
      ...collections.map((row) => row.sealed),
      ...deleted.map((row) => row.sealed),
      ...hidden.map((row) => row.sealed),
      ...files.map((row) => row.sealed),
      ...hiddenFiles.map((row) => row.sealed),
      ...trash.map((row) => row.sealed),
    ];
    const opened = await this.#cipher.open(sealed);
    const values = opened.map((result) => {
      if (!result.ok) throw new UnreadableStoreError("A sealed row could not be opened");
      return result.value;
    });
    let next = 0;
    const take = <T>(count: number, guard: (value: unknown) => value is T): T[] =>
      values.slice(next, (next += count)).map((value) => {
        if (!guard(value)) throw new UnreadableStoreError("A sealed row has an unknown shape");
        return value;
      });

    for (const collection of take(collections.length, isCollection)) {
      this.#collections.set(collection.id, collection);
    }
    for (const collection of take(deleted.length, isCollection)) {
      this.#deletedCollections.set(collection.id, collection);
    }
    for (const ids of take(hidden.length, isIDList)) this.#hiddenIDs = new Set(ids);
    const fileChunks = take(files.length + hiddenFiles.length, isFileChunkPayload);
    const trashChunks = take(trash.length, isTrashChunkPayload);

    for (const { key, timeUs } of times) {
      if (key === collectionListTimeKey) this.#listTimeUs = timeUs;
      else if (typeof key === "number") this.#syncTimesUs.set(key, timeUs);
    }
    this.#trashTimeUs = trashTimes.find((row) => row.key === trashTimeKey)?.timeUs ?? 0;

    const fileRows = [...files, ...hiddenFiles];
    const chunksByCollection = new Map<number, { id: string; records: DecryptedFile[] }[]>();
    fileChunks.forEach((payload, index) => {
      const row = fileRows[index];
      if (row === undefined) return;
      const list = chunksByCollection.get(payload.collectionID) ?? [];
      list.push({ id: row.id, records: payload.files });
      chunksByCollection.set(payload.collectionID, list);
    });
    for (const [collectionID, chunks] of chunksByCollection) {
      this.#groups.set(collectionID, ChunkedGroup.fromChunks(chunks, fileIDOf, this.#newChunkID));
    }
    this.#trash = ChunkedGroup.fromChunks(
      trash.map((row, index) => ({ id: row.id, records: trashChunks[index]?.entries ?? [] })),
      trashIDOf,
      this.#newChunkID,
    );
  }

  // -------------------------------------------------------------------------
  // Reads

  // [Note: Views cache on versions]
  //
  // The gallery's view engine keeps each collection's files sorted and the
  // open view built, and rebuilds only what changed. `version` grows with
  // every change applied to memory; `collectionVersion(id)` is the version at
  // which that collection's files last changed (0 before any). Both only grow,
  // so an equal number means an unchanged answer.

  /** Grows with every change applied to memory. See: [Note: Views cache on versions] */
  get version(): number {
    return this.#version;
  }

  /** The version at which the files of `collectionID` last changed (0: never). */
  collectionVersion(collectionID: number): number {
    return this.#collectionVersions.get(collectionID) ?? 0;
  }

  collection(collectionID: number): DecryptedCollection | undefined {
    return this.#collections.get(collectionID);
  }

  get listTimeUs(): number {
    return this.#listTimeUs;
  }

  get trashTimeUs(): number {
    return this.#trashTimeUs;
  }

  get hiddenIDs(): ReadonlySet<number> {
    return this.#hiddenIDs;
  }

  get collections(): ReadonlyMap<number, DecryptedCollection> {
    return this.#collections;
  }

  get trashCount(): number {
    return this.#trash.size;
  }

  trashEntries(): IterableIterator<TrashEntry> {
    return this.#trash.values();
  }

  syncTimeUs(collectionID: number): number | undefined {
    return this.#syncTimesUs.get(collectionID);
  }

  filesOf(collectionID: number): Iterable<DecryptedFile> {
    return this.#groups.get(collectionID)?.values() ?? [];
  }

  fileCountOf(collectionID: number): number {
    return this.#groups.get(collectionID)?.size ?? 0;
  }

  /** The key of a live collection, or of a deleted one remembered for the trash. */
  collectionKeyB64(collectionID: number): string | undefined {
    return (
      this.#collections.get(collectionID)?.keyB64 ??
      this.#deletedCollections.get(collectionID)?.keyB64
    );
  }

  #storeOf(collectionID: number): FileStoreName {
    return this.#hiddenIDs.has(collectionID) ? "hidden-files" : "files";
  }

  // -------------------------------------------------------------------------
  // Writes

  /**
   * Stores a merged collection list: upserts, removals (their files dropped,
   * the collection remembered in `deleted-collection` for trash items),
   * resets (files dropped from the store they were in, time cleared), the
   * hidden IDs and the list time.
   */
  async applyCollections(change: CollectionsChange): Promise<void> {
    const dropped = new Set([...change.removals.map(({ id }) => id), ...change.resetIDs]);
    const chunkDeletes: { store: FileStoreName; ids: string[] }[] = [...dropped].map((id) => ({
      store: this.#storeOf(id),
      ids: this.#groups.get(id)?.chunkIDs ?? [],
    }));
    const sealed = await this.#cipher.seal([
      [...change.hiddenIDs],
      ...change.upserts,
      ...change.removals,
    ]);
    const hiddenSealed = sealedAt(sealed, 0);
    const upsertRows = change.upserts.map((collection, index) => ({
      id: collection.id,
      sealed: sealedAt(sealed, 1 + index),
    }));
    const removalRows = change.removals.map((collection, index) => ({
      id: collection.id,
      sealed: sealedAt(sealed, 1 + change.upserts.length + index),
    }));

    const db = this.#db;
    await db.transaction(
      "rw",
      [
        db.collections,
        db["collection-updation-time"],
        db.files,
        db["hidden-files"],
        db["deleted-collection"],
        db["hidden-collection-ids"],
      ],
      async () => {
        await db.collections.bulkPut(upsertRows);
        await db.collections.bulkDelete(change.deletedIDs);
        await db["deleted-collection"].bulkPut(removalRows);
        for (const { store, ids } of chunkDeletes) await db.table(store).bulkDelete(ids);
        await db["collection-updation-time"].bulkDelete([...dropped]);
        await db["hidden-collection-ids"].put({
          key: hiddenCollectionIDsKey,
          sealed: hiddenSealed,
        });
        await db["collection-updation-time"].put({
          key: collectionListTimeKey,
          timeUs: change.listTimeUs,
        });
      },
    );

    for (const collection of change.upserts) this.#collections.set(collection.id, collection);
    for (const id of change.deletedIDs) this.#collections.delete(id);
    for (const collection of change.removals) {
      this.#deletedCollections.set(collection.id, collection);
    }
    for (const id of dropped) {
      this.#groups.delete(id);
      this.#syncTimesUs.delete(id);
    }
    this.#hiddenIDs = new Set(change.hiddenIDs);
    this.#listTimeUs = change.listTimeUs;
    this.#version += 1;
    for (const id of dropped) this.#collectionVersions.set(id, this.#version);
  }

  /**
   * Stores one page of a collection's file diff: decrypted files upserted,
   * removed IDs dropped, and the collection's file time advanced, together.
   */
  async applyFilePage(
    collectionID: number,
    upserts: readonly DecryptedFile[],
    removals: readonly number[],
    syncTimeUs: number,
  ): Promise<void> {
    await this.#writeFiles(collectionID, upserts, removals, syncTimeUs);
  }

  /**
   * Stores files this device registered itself (an upload, an add) without
   * advancing the collection's file time: the next pull answers them again
   * and upserts them over themselves, and changes made elsewhere meanwhile
   * are not skipped. See: [Note: Uploaded files show before the next pull]
   */
  async putFiles(collectionID: number, files: readonly DecryptedFile[]): Promise<void> {
    if (files.length > 0) await this.#writeFiles(collectionID, files, [], undefined);
  }

  /**
   * [Note: File writes to the store run one at a time]
   *
   * A write plans its chunk changes on the group as it is, seals them (an
   * await), then commits. Two writes planned on the same group before either
   * commits would each commit chunks made without the other's files: a pull
   * storing a page while an upload stores its new file would drop the file
   * from memory and disk until a later pull. So writes queue behind each
   * other and each plans on what the one before it committed.
   */
  #writes: Promise<unknown> = Promise.resolve();

  #writeFiles(
    collectionID: number,
    upserts: readonly DecryptedFile[],
    removals: readonly number[],
    syncTimeUs: number | undefined,
  ): Promise<void> {
    const write = this.#writes.then(() =>
      this.#writeFilesNow(collectionID, upserts, removals, syncTimeUs),
    );
    // The next write waits for this one, whether it succeeds or fails.
    this.#writes = write.catch(() => undefined);
    return write;
  }

  async #writeFilesNow(
    collectionID: number,
    upserts: readonly DecryptedFile[],
    removals: readonly number[],
    syncTimeUs: number | undefined,
  ): Promise<void> {
    const group =
      this.#groups.get(collectionID) ?? new ChunkedGroup<DecryptedFile>(fileIDOf, this.#newChunkID);
    const plan = group.plan(upserts, removals);
    const sealed = await this.#cipher.seal(
      plan.writes.map(({ records }): FileChunkPayload => ({ collectionID, files: records })),
    );
    const rows: ChunkRow[] = plan.writes.map(({ id }, index) => ({
      id,
      sealed: sealedAt(sealed, index),
    }));
    const db = this.#db;
    const store = db.table<ChunkRow, string>(this.#storeOf(collectionID));
    const times = db["collection-updation-time"];
    await db.transaction("rw", [store, times], async () => {
      await store.bulkPut(rows);
      await store.bulkDelete(plan.deletes);
      if (syncTimeUs !== undefined) await times.put({ key: collectionID, timeUs: syncTimeUs });
    });
    plan.commit();
    this.#groups.set(collectionID, group);
    if (syncTimeUs !== undefined) this.#syncTimesUs.set(collectionID, syncTimeUs);
    this.#version += 1;
    this.#collectionVersions.set(collectionID, this.#version);
  }

  /** Advances a collection's file time alone (a pull that found nothing to change). */
  async setSyncTime(collectionID: number, syncTimeUs: number): Promise<void> {
    await this.#db["collection-updation-time"].put({ key: collectionID, timeUs: syncTimeUs });
    this.#syncTimesUs.set(collectionID, syncTimeUs);
  }

  /** Stores one page of the trash diff with the new trash time. */
  async applyTrashPage(
    upserts: readonly TrashEntry[],
    removals: readonly number[],
    trashTimeUs: number,
  ): Promise<void> {
    const plan = this.#trash.plan(upserts, removals);
    const sealed = await this.#cipher.seal(
      plan.writes.map(({ records }): TrashChunkPayload => ({ entries: records })),
    );
    const rows: ChunkRow[] = plan.writes.map(({ id }, index) => ({
      id,
      sealed: sealedAt(sealed, index),
    }));
    const db = this.#db;
    await db.transaction("rw", [db["file-trash"], db["trash-time"]], async () => {
      await db["file-trash"].bulkPut(rows);
      await db["file-trash"].bulkDelete(plan.deletes);
      await db["trash-time"].put({ key: trashTimeKey, timeUs: trashTimeUs });
    });
    plan.commit();
    this.#trashTimeUs = trashTimeUs;
    this.#version += 1;
  }

  /**
   * Adds to the trash entries the collections their files left when trashed.
   * See: [Note: The trash remembers a file's albums]
   */
  async rememberTrashHomes(departures: readonly FileDeparture[]): Promise<void> {
    if (departures.length === 0) return;
    const changed = entriesWithDepartures((fileID) => this.#trash.get(fileID), departures);
    if (changed.length > 0) await this.applyTrashPage(changed, [], this.#trashTimeUs);
  }

  /** Remembers deleted collections fetched for trash items (their keys open those items). */
  async putDeletedCollections(collections: readonly DecryptedCollection[]): Promise<void> {
    if (collections.length === 0) return;
    const sealed = await this.#cipher.seal(collections);
    const rows = collections.map((collection, index) => ({
      id: collection.id,
      sealed: sealedAt(sealed, index),
    }));
    await this.#db["deleted-collection"].bulkPut(rows);
    for (const collection of collections) this.#deletedCollections.set(collection.id, collection);
  }
}
