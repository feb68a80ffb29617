// A `LibraryReader` over plain maps for the view engine's tests (tests only):
// every change bumps the versions the way the stored library does.

import type { DecryptedCollection, DecryptedFile } from "../../../library/decrypted-records";
import type { LibraryReader } from "../../gallery-contract";
import type { TrashEntry } from "../../../sync/library-store-records";

export class MemoryReader implements LibraryReader {
  readonly userID: number;
  readonly #collections = new Map<number, DecryptedCollection>();
  readonly #files = new Map<number, Map<number, DecryptedFile>>();
  readonly #collectionVersions = new Map<number, number>();
  #hiddenIDs = new Set<number>();
  #trash: TrashEntry[] = [];
  #version = 0;

  constructor(userID: number) {
    this.userID = userID;
  }

  get version(): number {
    return this.#version;
  }

  collections(): Iterable<DecryptedCollection> {
    return this.#collections.values();
  }

  collection(collectionID: number): DecryptedCollection | undefined {
    return this.#collections.get(collectionID);
  }

  hiddenIDs(): ReadonlySet<number> {
    return this.#hiddenIDs;
  }

  filesOf(collectionID: number): Iterable<DecryptedFile> {
    return this.#files.get(collectionID)?.values() ?? [];
  }

  fileCountOf(collectionID: number): number {
    return this.#files.get(collectionID)?.size ?? 0;
  }

  trashEntries(): Iterable<TrashEntry> {
    return this.#trash;
  }

  collectionVersion(collectionID: number): number {
    return this.#collectionVersions.get(collectionID) ?? 0;
  }

  putCollection(collection: DecryptedCollection, hidden = false): this {
    this.#collections.set(collection.id, collection);
    if (hidden) this.#hiddenIDs = new Set([...this.#hiddenIDs, collection.id]);
    this.#version += 1;
    return this;
  }

  putFiles(files: readonly DecryptedFile[]): this {
    this.#version += 1;
    for (const file of files) {
      const group = this.#files.get(file.collectionID) ?? new Map<number, DecryptedFile>();
      group.set(file.id, file);
      this.#files.set(file.collectionID, group);
      this.#collectionVersions.set(file.collectionID, this.#version);
    }
    return this;
  }

  removeFile(collectionID: number, fileID: number): this {
    this.#version += 1;
    this.#files.get(collectionID)?.delete(fileID);
    this.#collectionVersions.set(collectionID, this.#version);
    return this;
  }

  putTrash(entries: readonly TrashEntry[]): this {
    this.#trash = [...this.#trash, ...entries];
    this.#version += 1;
    return this;
  }
}
