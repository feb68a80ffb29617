import type { DecryptedFile } from "../library/decrypted-records";
import { libraryFacts } from "../gallery/engine/library-facts";
import type { LibraryReader } from "../gallery/gallery-contract";

// The files the duplicates page may clear out: the user's own, each once,
// with the user's own visible albums holding it.
// See: [Note: Exact duplicates are the user's own copies]

export interface OwnCopy {
  file: DecryptedFile;
  /** The user's own visible albums (favorites included) holding it; none when only uncategorized. */
  collectionIDs: number[];
}

/** Every file the user owns in a collection the user owns that is not hidden, once each. */
export const ownVisibleCopies = (reader: LibraryReader): OwnCopy[] => {
  const facts = libraryFacts(reader);
  const copies = new Map<number, OwnCopy>();
  for (const collection of reader.collections()) {
    if (collection.isDeleted || collection.owner.id !== reader.userID) continue;
    if (facts.hiddenIDs.has(collection.id) || facts.defaultHiddenIDs.has(collection.id)) continue;
    for (const file of reader.filesOf(collection.id)) {
      if (file.ownerID !== reader.userID) continue;
      // Uncategorized is no album: a copy there is "in no album", nothing to add another to.
      const albumIDs = collection.id === facts.uncategorizedID ? [] : [collection.id];
      const known = copies.get(file.id);
      if (known === undefined) copies.set(file.id, { file, collectionIDs: albumIDs });
      else known.collectionIDs.push(...albumIDs);
    }
  }
  for (const copy of copies.values()) copy.collectionIDs.sort((a, b) => a - b);
  return [...copies.values()];
};

/** The name and time a file shows (its edited ones when set). */
export const shownNameAndTime = (file: DecryptedFile) => ({
  title: file.pubMagicMetadata?.data.editedName ?? file.metadata.title,
  creationTimeUs: file.pubMagicMetadata?.data.editedTime ?? file.metadata.creationTime,
});
