// The pending optimistic patches of the organizing actions, and the library
// as the views read it: the base reader with every pending patch applied,
// in the order the actions were performed.

import {
  type FilePrivateMagicMetadata,
  type FilePublicMagicMetadata,
  filePrivateMagicMetadataSchema,
  filePublicMagicMetadataSchema,
} from "../../../shared/model/library/file-metadata";
import { mergeMagicMetadata } from "../../../shared/model/library/magic-metadata-update";
import type {
  DecryptedCollection,
  DecryptedFile,
  DecryptedMagicMetadata,
} from "../../library/decrypted-records";
import { isHiddenCollection } from "../../sync/collection-rules";
import type { LibraryReader } from "../gallery-contract";
import type { TrashEntry } from "../../sync/library-store-records";
import type { LibraryPatch } from "./library-patch";

// [Note: Optimistic patches overlay the stored library]
//
// An action records its patch before it calls the server, so every view
// shows the change at once; the patch is dropped when the server refused
// (the change rolls back) or once the pull that followed the server's
// acceptance is stored (the stored library then holds the change itself, so
// dropping the patch shows the same thing: no flicker). Meanwhile the pull
// may already hold part of the change, so applying a patch is idempotent:
// a file added to a collection that already holds it is not shown twice, a
// removed file that is not there is nothing to remove, and the stored entry
// (newer) wins over the patch's copy.
//
// The patched reader never copies the library: it walks the base reader's
// iterables and consults the patches by ID on the way (a few map lookups a
// file), and touches only the collections and files a patch names. A file
// whose magic metadata a patch changes is rebuilt once per stored object
// and cached until the patches change.

/**
 * Collections an action creates are shown under a provisional ID until the
 * server answers the real one: far below the pseudo-collection IDs of the
 * gallery (0 to -4), so neither can be taken for the other.
 */
export const firstProvisionalCollectionID = -1_000_000;

const fileWithEdits = (file: DecryptedFile, patches: readonly LibraryPatch[]): DecryptedFile => {
  let privateData: Record<string, unknown> | undefined;
  let publicData: Record<string, unknown> | undefined;
  for (const patch of patches) {
    const edit = patch.fileEdits.get(file.id);
    if (edit === undefined) continue;
    if (edit.private !== undefined) {
      privateData = mergeMagicMetadata(privateData ?? file.magicMetadata?.data, edit.private).data;
    }
    if (edit.public !== undefined) {
      publicData = mergeMagicMetadata(publicData ?? file.pubMagicMetadata?.data, edit.public).data;
    }
  }
  if (privateData === undefined && publicData === undefined) return file;
  const withData = <T>(
    current: DecryptedMagicMetadata<T> | undefined,
    data: T,
  ): DecryptedMagicMetadata<T> => ({
    version: current?.version ?? 0,
    count: Object.keys(data as object).length,
    data,
  });
  return {
    ...file,
    ...(privateData === undefined
      ? {}
      : {
          magicMetadata: withData<FilePrivateMagicMetadata>(
            file.magicMetadata,
            filePrivateMagicMetadataSchema.parse(privateData),
          ),
        }),
    ...(publicData === undefined
      ? {}
      : {
          pubMagicMetadata: withData<FilePublicMagicMetadata>(
            file.pubMagicMetadata,
            filePublicMagicMetadataSchema.parse(publicData),
          ),
        }),
  };
};

export class PatchOverlay {
  #patches: LibraryPatch[] = [];
  #generation = 0;
  #nextProvisionalID = firstProvisionalCollectionID;
  #editedFiles = new WeakMap<DecryptedFile, DecryptedFile>();

  /** Grows whenever the pending patches change. */
  get generation(): number {
    return this.#generation;
  }

  get pendingCount(): number {
    return this.#patches.length;
  }

  /** A new provisional collection ID. See: [Note: Optimistic patches overlay the stored library] */
  provisionalCollectionID(): number {
    return this.#nextProvisionalID--;
  }

  add(patch: LibraryPatch): void {
    this.#patches = [...this.#patches, patch];
    this.#changed();
  }

  drop(patch: LibraryPatch): void {
    const next = this.#patches.filter((pending) => pending !== patch);
    if (next.length === this.#patches.length) return;
    this.#patches = next;
    this.#changed();
  }

  /** The server created a provisional collection: every pending patch names it by its real ID. */
  resolveCollection(provisionalID: number, collection: DecryptedCollection): void {
    for (const patch of this.#patches) patch.resolveCollection(provisionalID, collection);
    this.#changed();
  }

  #changed(): void {
    this.#generation += 1;
    this.#editedFiles = new WeakMap();
  }

  /**
   * `base` with every pending patch applied, read live (a later patch shows
   * in the same reader). See: [Note: Optimistic patches overlay the stored library]
   */
  reader(base: LibraryReader): LibraryReader {
    // Arrow functions capture the overlay; the reader object is what views hold.
    const patches = () => this.#patches;
    const edited = (file: DecryptedFile): DecryptedFile => {
      if (!this.#patches.some((patch) => patch.fileEdits.has(file.id))) return file;
      let cached = this.#editedFiles.get(file);
      if (cached === undefined) {
        cached = fileWithEdits(file, this.#patches);
        this.#editedFiles.set(file, cached);
      }
      return cached;
    };
    const overlayGeneration = () => this.#generation;

    /** Each collection a patch edits, creates (with edits) or deletes (null), in order. */
    const collectionChanges = (): Map<number, DecryptedCollection | null> => {
      const changes = new Map<number, DecryptedCollection | null>();
      for (const patch of patches()) {
        for (const [id, collection] of patch.newCollections) changes.set(id, collection);
        for (const [id, collection] of patch.collectionEdits) changes.set(id, collection);
        for (const id of patch.deletedCollections) changes.set(id, null);
      }
      return changes;
    };

    const isDeleted = (collectionID: number) =>
      patches().some((patch) => patch.deletedCollections.has(collectionID));

    /** What the patches do to a collection's files: file ID → its entry, or null for removed. */
    const membershipDelta = (collectionID: number) => {
      let delta: Map<number, DecryptedFile | null> | undefined;
      for (const patch of patches()) {
        const removed = patch.removed.get(collectionID);
        const added = patch.added.get(collectionID);
        if (removed === undefined && added === undefined) continue;
        delta ??= new Map();
        for (const id of removed ?? []) delta.set(id, null);
        for (const [id, file] of added ?? []) delta.set(id, file);
      }
      return delta;
    };

    /** The stored files themselves while no patch changes them. */
    const filesOf = (collectionID: number): Iterable<DecryptedFile> => {
      if (isDeleted(collectionID)) return [];
      const delta = membershipDelta(collectionID);
      const anyEdits = patches().some((patch) => patch.fileEdits.size > 0);
      if (delta === undefined && !anyEdits) return base.filesOf(collectionID);
      return patchedFiles(collectionID, delta, anyEdits);
    };

    function* patchedFiles(
      collectionID: number,
      delta: Map<number, DecryptedFile | null> | undefined,
      anyEdits: boolean,
    ): Generator<DecryptedFile> {
      const seen = new Set<number>();
      for (const file of base.filesOf(collectionID)) {
        if (delta !== undefined) {
          const change = delta.get(file.id);
          if (change !== undefined) {
            seen.add(file.id);
            if (change === null) continue;
          }
        }
        yield anyEdits ? edited(file) : file;
      }
      if (delta === undefined) return;
      for (const [id, change] of delta) {
        if (change !== null && !seen.has(id)) yield anyEdits ? edited(change) : change;
      }
    }

    const collections = (): Iterable<DecryptedCollection> =>
      patches().some((patch) => patch.touchesCollections)
        ? patchedCollections()
        : base.collections();

    function* patchedCollections(): Generator<DecryptedCollection> {
      const changes = collectionChanges();
      const seen = new Set<number>();
      for (const collection of base.collections()) {
        seen.add(collection.id);
        const change = changes.get(collection.id);
        if (change === null) continue;
        yield change ?? collection;
      }
      for (const [id, change] of changes) {
        if (change !== null && !seen.has(id) && base.collection(id) === undefined) yield change;
      }
    }

    const trashEntries = (): Iterable<TrashEntry> =>
      patches().some((patch) => patch.touchesTrash) ? patchedTrash() : base.trashEntries();

    function* patchedTrash(): Generator<TrashEntry> {
      const delta = new Map<number, TrashEntry | null>();
      let clearedUpToUs = -Infinity;
      for (const patch of patches()) {
        if (patch.trashClearedUpToUs !== undefined) {
          clearedUpToUs = Math.max(clearedUpToUs, patch.trashClearedUpToUs);
          for (const [id, entry] of delta) if (entry !== null) delta.set(id, null);
        }
        for (const id of patch.trashRemoved) delta.set(id, null);
        for (const [id, entry] of patch.trashAdded) delta.set(id, entry);
      }
      const seen = new Set<number>();
      for (const entry of base.trashEntries()) {
        const id = entry.file.id;
        seen.add(id);
        if (entry.updatedAtUs <= clearedUpToUs || delta.get(id) === null) continue;
        yield entry;
      }
      for (const [id, entry] of delta) if (entry !== null && !seen.has(id)) yield entry;
    }

    return {
      get userID() {
        return base.userID;
      },
      get version() {
        // Both only grow, so their sum grows with every change of either.
        return base.version + overlayGeneration();
      },
      collections,
      collection(collectionID) {
        for (let i = patches().length - 1; i >= 0; i--) {
          const patch = patches()[i];
          if (patch === undefined) continue;
          if (patch.deletedCollections.has(collectionID)) return undefined;
          const edited = patch.collectionEdits.get(collectionID);
          if (edited !== undefined) return edited;
          const created = patch.newCollections.get(collectionID);
          if (created !== undefined) return base.collection(collectionID) ?? created;
        }
        return base.collection(collectionID);
      },
      hiddenIDs() {
        if (!patches().some((patch) => patch.touchesCollections)) return base.hiddenIDs();
        const hidden = new Set(base.hiddenIDs());
        for (const [id, change] of collectionChanges()) {
          if (change !== null && isHiddenCollection(change, base.userID)) hidden.add(id);
          else hidden.delete(id);
        }
        return hidden;
      },
      filesOf,
      fileCountOf(collectionID) {
        if (!isDeleted(collectionID) && membershipDelta(collectionID) === undefined) {
          return base.fileCountOf(collectionID);
        }
        if (isDeleted(collectionID)) return 0;
        // Membership only: edits do not change a count.
        let count = 0;
        const files = patchedFiles(collectionID, membershipDelta(collectionID), false);
        while (files.next().done !== true) count++;
        return count;
      },
      trashEntries,
    };
  }
}
