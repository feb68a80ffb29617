// One organizing action's optimistic change of the library, kept sparse so
// that applying it over 100k files costs lookups, never copies: magic-
// metadata changes by file ID, membership adds and removals by collection,
// trash adds and removals, and collection edits, additions and deletions.
// See: [Note: Optimistic patches overlay the stored library]

import type { MagicMetadataChanges } from "../../../shared/model/library/magic-metadata-update";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import type { TrashEntry } from "../../sync/library-store-records";

/** Changes merged into a file's magic metadata (null drops a key). See: [Note: Null drops a magic-metadata key] */
export interface FileEdit {
  private?: MagicMetadataChanges | undefined;
  public?: MagicMetadataChanges | undefined;
}

export class LibraryPatch {
  /** Magic-metadata changes by file ID, applied to the file in every collection. */
  readonly fileEdits = new Map<number, FileEdit>();
  /** Files that join a collection (by collection ID, then file ID), as that collection's entry. */
  readonly added = new Map<number, Map<number, DecryptedFile>>();
  /** Files that leave a collection. */
  readonly removed = new Map<number, Set<number>>();
  /** Files that enter the trash, by file ID. */
  readonly trashAdded = new Map<number, TrashEntry>();
  /** Files that leave the trash (restored or deleted for good). */
  readonly trashRemoved = new Set<number>();
  /** Emptying the trash: entries up to this trash version go (µs). */
  trashClearedUpToUs: number | undefined;
  /** Collections as they become (renamed, new magic metadata). */
  readonly collectionEdits = new Map<number, DecryptedCollection>();
  /** Collections the action creates: a provisional ID until the server answers. */
  readonly newCollections = new Map<number, DecryptedCollection>();
  readonly deletedCollections = new Set<number>();
  /** The provisional IDs of the collections the action creates, by what they are ("favorites", "album", …). */
  readonly provisional = new Map<string, number>();

  editFile(fileID: number, edit: FileEdit): void {
    const current = this.fileEdits.get(fileID) ?? {};
    this.fileEdits.set(fileID, {
      private:
        edit.private === undefined ? current.private : { ...current.private, ...edit.private },
      public: edit.public === undefined ? current.public : { ...current.public, ...edit.public },
    });
  }

  /** `file` joins `collectionID` (its entry there is a copy naming that collection). */
  addToCollection(collectionID: number, file: DecryptedFile): void {
    this.removed.get(collectionID)?.delete(file.id);
    let files = this.added.get(collectionID);
    if (files === undefined) {
      files = new Map();
      this.added.set(collectionID, files);
    }
    files.set(file.id, file.collectionID === collectionID ? file : { ...file, collectionID });
  }

  removeFromCollection(collectionID: number, fileID: number): void {
    this.added.get(collectionID)?.delete(fileID);
    let ids = this.removed.get(collectionID);
    if (ids === undefined) {
      ids = new Set();
      this.removed.set(collectionID, ids);
    }
    ids.add(fileID);
  }

  putInTrash(entry: TrashEntry): void {
    this.trashRemoved.delete(entry.file.id);
    this.trashAdded.set(entry.file.id, entry);
  }

  takeFromTrash(fileID: number): void {
    this.trashAdded.delete(fileID);
    this.trashRemoved.add(fileID);
  }

  /** Whether the patch changes which files `collectionID` holds. */
  touchesMembershipOf(collectionID: number): boolean {
    return (
      (this.added.get(collectionID)?.size ?? 0) > 0 ||
      (this.removed.get(collectionID)?.size ?? 0) > 0 ||
      this.deletedCollections.has(collectionID)
    );
  }

  /** Whether the patch changes any collection itself. */
  get touchesCollections(): boolean {
    return (
      this.collectionEdits.size > 0 ||
      this.newCollections.size > 0 ||
      this.deletedCollections.size > 0
    );
  }

  /** Whether the patch changes the trash. */
  get touchesTrash(): boolean {
    return (
      this.trashAdded.size > 0 ||
      this.trashRemoved.size > 0 ||
      this.trashClearedUpToUs !== undefined
    );
  }

  /**
   * A provisional collection now has its real ID (the server created it):
   * the patch names it by that ID from now on.
   */
  resolveCollection(provisionalID: number, collection: DecryptedCollection): void {
    if (this.newCollections.delete(provisionalID)) {
      this.newCollections.set(collection.id, collection);
    }
    for (const [what, id] of this.provisional) {
      if (id === provisionalID) this.provisional.set(what, collection.id);
    }
    const added = this.added.get(provisionalID);
    if (added !== undefined) {
      this.added.delete(provisionalID);
      for (const file of added.values()) this.addToCollection(collection.id, file);
    }
    const removed = this.removed.get(provisionalID);
    if (removed !== undefined) {
      this.removed.delete(provisionalID);
      for (const id of removed) this.removeFromCollection(collection.id, id);
    }
  }
}
