// The stored library as the view engine reads it. See: [Note: Views cache on versions]

import type { LibraryReader } from "../gallery/gallery-contract";
import type { LibraryStore } from "./library-store";

/** A reader over `store` for `userID`; it answers the store's current state on every call. */
export const libraryStoreReader = (store: LibraryStore, userID: number): LibraryReader => ({
  userID,
  collections: () => store.collections.values(),
  collection: (collectionID) => store.collection(collectionID),
  hiddenIDs: () => store.hiddenIDs,
  filesOf: (collectionID) => store.filesOf(collectionID),
  fileCountOf: (collectionID) => store.fileCountOf(collectionID),
  trashEntries: () => store.trashEntries(),
  collectionVersion: (collectionID) => store.collectionVersion(collectionID),
  get version() {
    return store.version;
  },
});
