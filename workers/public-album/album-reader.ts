// The one album of a public link as the gallery engine reads a library: its
// collection and its files, in memory (a visitor keeps nothing on disk),
// merged from `/public-collection/diff` pages. The engine's views, windows,
// positions and details then work for a public album as for a library.
// See: [Note: Views cache on versions]

import type {
  DecryptedCollection,
  DecryptedFile,
  FileDecryption,
} from "../library/decrypted-records";
import type { LibraryReader } from "../gallery/gallery-contract";
import type { TrashEntry } from "../sync/library-store-records";

/**
 * The reader's user: a visitor has no account, and no file is theirs, so
 * every item is shown as someone else's and no organizing action is offered
 * on it. Account IDs are positive.
 */
export const visitorUserID = -1;

const noHiddenIDs: ReadonlySet<number> = new Set();

/** Whether `/info` answered the album as it was (what a visitor's views and facts read of it). */
const sameAlbum = (a: DecryptedCollection, b: DecryptedCollection): boolean =>
  a.id === b.id &&
  a.updationTime === b.updationTime &&
  a.name === b.name &&
  JSON.stringify(a.publicURLs) === JSON.stringify(b.publicURLs) &&
  JSON.stringify(a.pubMagicMetadata) === JSON.stringify(b.pubMagicMetadata);

export class PublicAlbumReader implements LibraryReader {
  readonly userID = visitorUserID;
  #collection: DecryptedCollection;
  readonly #files = new Map<number, DecryptedFile>();
  #version = 1;

  constructor(collection: DecryptedCollection) {
    this.#collection = collection;
  }

  get version(): number {
    return this.#version;
  }

  get album(): DecryptedCollection {
    return this.#collection;
  }

  collections(): Iterable<DecryptedCollection> {
    return [this.#collection];
  }

  collection(collectionID: number): DecryptedCollection | undefined {
    return collectionID === this.#collection.id ? this.#collection : undefined;
  }

  hiddenIDs(): ReadonlySet<number> {
    return noHiddenIDs;
  }

  filesOf(collectionID: number): Iterable<DecryptedFile> {
    return collectionID === this.#collection.id ? this.#files.values() : [];
  }

  fileCountOf(collectionID: number): number {
    return collectionID === this.#collection.id ? this.#files.size : 0;
  }

  trashEntries(): Iterable<TrashEntry> {
    return [];
  }

  collectionVersion(): number {
    return this.#version;
  }

  /**
   * The album as `/info` answered it again. Only a change (a new name, new
   * link settings, a new sort order) makes a new version: a version rebuilds
   * the album's views, and the page asks `/info` again every minute.
   */
  replaceAlbum(collection: DecryptedCollection): void {
    if (sameAlbum(this.#collection, collection)) return;
    this.#collection = collection;
    this.#version += 1;
  }

  /**
   * Merges a diff page: a file added or changed replaces its entry, one
   * removed from the album leaves. A file that did not decrypt is left out
   * (the visitor sees the rest). Answers how many entries failed.
   */
  applyDiff(entries: readonly FileDecryption[]): number {
    let failed = 0;
    for (const entry of entries) {
      if (entry.kind === "file") this.#files.set(entry.file.id, entry.file);
      else if (entry.kind === "deleted") this.#files.delete(entry.id);
      else failed += 1;
    }
    if (entries.length > 0) this.#version += 1;
    return failed;
  }
}
