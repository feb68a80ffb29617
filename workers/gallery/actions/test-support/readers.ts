// Library readers for the actions' tests: one over plain maps (synthetic
// libraries of any size), and one over a `LibraryStore` (what a pull stored).

import type { DecryptedCollection, DecryptedFile } from "../../../library/decrypted-records";
import { isHiddenCollection } from "../../../sync/collection-rules";
import type { LibraryReader } from "../../gallery-contract";
import type { LibraryStore } from "../../../sync/library-store";
import type { TrashEntry } from "../../../sync/library-store-records";

/** A reader over maps the test fills; `version` grows on `touch()`. */
export class MemoryLibraryReader implements LibraryReader {
  readonly collectionsByID = new Map<number, DecryptedCollection>();
  readonly filesByCollection = new Map<number, DecryptedFile[]>();
  readonly trash: TrashEntry[] = [];
  version = 1;

  constructor(readonly userID: number) {}

  touch(): void {
    this.version += 1;
  }

  collections(): Iterable<DecryptedCollection> {
    return this.collectionsByID.values();
  }

  collection(collectionID: number): DecryptedCollection | undefined {
    return this.collectionsByID.get(collectionID);
  }

  hiddenIDs(): ReadonlySet<number> {
    const ids = new Set<number>();
    for (const collection of this.collectionsByID.values()) {
      if (isHiddenCollection(collection, this.userID)) ids.add(collection.id);
    }
    return ids;
  }

  filesOf(collectionID: number): Iterable<DecryptedFile> {
    return this.filesByCollection.get(collectionID) ?? [];
  }

  fileCountOf(collectionID: number): number {
    return this.filesByCollection.get(collectionID)?.length ?? 0;
  }

  trashEntries(): Iterable<TrashEntry> {
    return this.trash;
  }
}

/** A live reader over a sync store; `version` grows when `bump()` is called after a pull. */
export const storeReader = (
  store: () => LibraryStore,
  userID: number,
): LibraryReader & { bump(): void } => {
  let version = 1;
  return {
    userID,
    get version() {
      return version;
    },
    bump() {
      version += 1;
    },
    collections: () => store().collections.values(),
    collection: (collectionID) => store().collections.get(collectionID),
    hiddenIDs: () => store().hiddenIDs,
    filesOf: (collectionID) => store().filesOf(collectionID),
    fileCountOf: (collectionID) => store().fileCountOf(collectionID),
    trashEntries: () => store().trashEntries(),
  };
};
