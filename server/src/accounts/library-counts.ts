import type { AccountsContext } from "./context";
import { liveFileCountOfOwner } from "../library/collections/collection-file-repository";

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
  const shared = await context.db
    .selectFrom("collection_shares")
    .select((eb) => eb.fn.count<number | string>("collection_id").distinct().as("count"))
    .where("from_user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .executeTakeFirstOrThrow();
  return { fileCount, sharedCollectionsCount: Number(shared.count) };
};
