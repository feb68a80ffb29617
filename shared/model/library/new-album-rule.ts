import { CollectionSubType } from "./collection-metadata";

// [Note: A new album's name must be free among the user's visible albums]
//
// Spec §5: a new album is created only if no owned, non-hidden,
// non-quick-link album, folder or uncategorized collection has that name.
// Others' albums shared with the user, hidden albums, quick links (albums a
// link was made for on the fly) and favorites do not count: a person cannot
// see those among their albums, so a clash with them would be a mystery.

/** What the rule reads of a collection. */
export interface AlbumNameCandidate {
  name: string;
  type: string;
  ownerID: number;
  /** The private magic metadata's subType, when set. */
  subType?: number | undefined;
  /** Hidden for this user (hidden visibility, or the default hidden album). */
  isHidden: boolean;
  isDeleted?: boolean | undefined;
}

const namedTypes: ReadonlySet<string> = new Set(["album", "folder", "uncategorized"]);

/** The collection that takes `name` from a new album, if any. See: [Note: A new album's name must be free among the user's visible albums] */
export const albumTakingName = <C extends AlbumNameCandidate>(
  name: string,
  collections: Iterable<C>,
  userID: number,
): C | undefined => {
  for (const collection of collections) {
    if (
      collection.name === name &&
      collection.ownerID === userID &&
      collection.isDeleted !== true &&
      !collection.isHidden &&
      collection.subType !== CollectionSubType.quickLink &&
      collection.subType !== CollectionSubType.defaultHidden &&
      namedTypes.has(collection.type)
    ) {
      return collection;
    }
  }
  return undefined;
};

/** Whether `name` is taken by a collection that blocks a new album of that name. See: [Note: A new album's name must be free among the user's visible albums] */
export const isAlbumNameTaken = (
  name: string,
  collections: Iterable<AlbumNameCandidate>,
  userID: number,
): boolean => albumTakingName(name, collections, userID) !== undefined;
