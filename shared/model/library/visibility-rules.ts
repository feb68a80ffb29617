// Who writes a visibility change where (spec §6).
//
// A collection's visibility (archived, hidden) is the owner's private magic
// metadata when the user owns it; for a collection shared with the user it
// is the user's own sharee metadata of the share, which only that user sees.
// A file's visibility lives in its private magic metadata, which only its
// owner can write: others' files cannot be archived (or hidden) by the user.

export type CollectionVisibilityMetadata = "private" | "sharee";

/** Which magic metadata of a collection holds this user's visibility of it. */
export const collectionVisibilityMetadata = (
  collectionOwnerID: number,
  userID: number,
): CollectionVisibilityMetadata => (collectionOwnerID === userID ? "private" : "sharee");

/** Splits files into those whose visibility the user may change and those refused (others'). */
export const splitByFileOwner = <F extends { id: number; ownerID: number }>(
  files: readonly F[],
  userID: number,
): { own: F[]; othersIDs: number[] } => {
  const own: F[] = [];
  const othersIDs: number[] = [];
  for (const file of files) {
    if (file.ownerID === userID) own.push(file);
    else othersIDs.push(file.id);
  }
  return { own, othersIDs };
};
