// What the views and summaries need to know about each collection (pure):
// which are hidden, the default hidden album(s), archived, the user's
// favorites and uncategorized, and each file's own visibility.

import { CollectionSubType } from "../../../shared/model/library/collection-metadata";
import { Visibility } from "../../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { collectionVisibility } from "../../sync/collection-rules";
import type { LibraryReader } from "../gallery-contract";

export interface LibraryFacts {
  userID: number;
  /** Collections in the hidden section: the stored hidden IDs and any with hidden visibility. */
  hiddenIDs: ReadonlySet<number>;
  /** The user's DEFAULT_HIDDEN album(s): their files are the hidden items (-4). */
  defaultHiddenIDs: ReadonlySet<number>;
  /** Collections with archived visibility for this user (owner's or sharee's metadata). */
  archivedIDs: ReadonlySet<number>;
  /** The user's own favorites collection. */
  favoritesID?: number | undefined;
  /** The user's own uncategorized collection. */
  uncategorizedID?: number | undefined;
}

export const isOwnedBy = (collection: Pick<DecryptedCollection, "owner">, userID: number) =>
  collection.owner.id === userID;

export const isDefaultHidden = (collection: DecryptedCollection, userID: number): boolean =>
  isOwnedBy(collection, userID) &&
  collection.magicMetadata?.data.subType === CollectionSubType.defaultHidden;

/** A file's visibility in its owner's private magic metadata (archived files). */
export const fileVisibility = (file: Pick<DecryptedFile, "magicMetadata">): Visibility =>
  file.magicMetadata?.data.visibility ?? Visibility.visible;

export const libraryFacts = (reader: LibraryReader): LibraryFacts => {
  const { userID } = reader;
  const hiddenIDs = new Set(reader.hiddenIDs());
  const defaultHiddenIDs = new Set<number>();
  const archivedIDs = new Set<number>();
  let favoritesID: number | undefined;
  let uncategorizedID: number | undefined;
  for (const collection of reader.collections()) {
    const visibility = collectionVisibility(collection, userID);
    if (visibility === Visibility.hidden) hiddenIDs.add(collection.id);
    if (visibility === Visibility.archived) archivedIDs.add(collection.id);
    if (isDefaultHidden(collection, userID)) {
      hiddenIDs.add(collection.id);
      defaultHiddenIDs.add(collection.id);
    }
    if (!isOwnedBy(collection, userID)) continue;
    // The lowest ID wins if a library ever holds two (older clients raced).
    if (
      collection.type === "favorites" &&
      (favoritesID === undefined || collection.id < favoritesID)
    )
      favoritesID = collection.id;
    if (
      collection.type === "uncategorized" &&
      (uncategorizedID === undefined || collection.id < uncategorizedID)
    )
      uncategorizedID = collection.id;
  }
  return { userID, hiddenIDs, defaultHiddenIDs, archivedIDs, favoritesID, uncategorizedID };
};
