import type { AccountsContext } from "./context";
import { liveFileCountOfOwner } from "../library/collections/collection-file-repository";
import { liveSharedCollectionCountOf } from "../library/collections/collection-share-repository";

/**
 * The counts of `GET /users/details/v2`: the user's own files that are in at
 * least one collection (trashed and deleted ones are in none), and the
 * user's collections shared with at least one person.
 */
export const libraryCountsOf = async (
  context: Pick<AccountsContext, "db">,
  userID: number,
): Promise<{ fileCount: number; sharedCollectionsCount: number }> => {
  const fileCount = await liveFileCountOfOwner(context.db, userID);
  const sharedCollectionsCount = await liveSharedCollectionCountOf(context.db, userID);
  return { fileCount, sharedCollectionsCount };
};
