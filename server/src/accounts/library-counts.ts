import type { AccountsContext } from "./context";

/**
 * The counts of `GET /users/details/v2`: the user's own files that are in at
 * least one collection (trashed and deleted ones are in none), and the
 * user's collections shared with at least one person.
 */
export const libraryCountsOf = async (
  context: Pick<AccountsContext, "db">,
  userID: number,
): Promise<{ fileCount: number; sharedCollectionsCount: number }> => {
  const files = await context.db
    .selectFrom("collection_files")
    .select((eb) => eb.fn.count<number | string>("file_id").distinct().as("count"))
    .where("f_owner_id", "=", userID)
    .where("is_deleted", "=", 0)
    .executeTakeFirstOrThrow();
  const shared = await context.db
    .selectFrom("collection_shares")
    .select((eb) => eb.fn.count<number | string>("collection_id").distinct().as("count"))
    .where("from_user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .executeTakeFirstOrThrow();
  return { fileCount: Number(files.count), sharedCollectionsCount: Number(shared.count) };
};
