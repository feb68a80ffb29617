import { deleteTrashOfUser } from "../trash/trash-repository";
import type { LibraryTransaction } from "../versions";

// The library's part of account deletion. See: [Note: Deleting an account removes its rows]
// The blobs go with the account's folder (`<userID>/`), so queued deletions
// of its objects go too.

/**
 * Delete every library row of a user, in the account deletion's transaction:
 * its collections and their shares, shares with it, the entries of its
 * collections and of its files in anyone's collection, its files, their
 * objects, its trash, its unregistered uploads and queued blob deletions.
 */
export const deleteLibraryRowsOf = async (
  trx: LibraryTransaction,
  userID: number,
): Promise<void> => {
  const collectionIDs = trx
    .selectFrom("collections")
    .select("collection_id")
    .where("owner_id", "=", userID);
  const fileIDs = trx.selectFrom("files").select("file_id").where("owner_id", "=", userID);
  await trx
    .deleteFrom("collection_files")
    .where((eb) => eb.or([eb("collection_id", "in", collectionIDs), eb("file_id", "in", fileIDs)]))
    .execute();
  await trx
    .deleteFrom("collection_shares")
    .where((eb) =>
      eb.or([
        eb("collection_id", "in", collectionIDs),
        eb("from_user_id", "=", userID),
        eb("to_user_id", "=", userID),
      ]),
    )
    .execute();
  await trx.deleteFrom("object_keys").where("file_id", "in", fileIDs).execute();
  await deleteTrashOfUser(trx, userID);
  await trx.deleteFrom("files").where("owner_id", "=", userID).execute();
  await trx.deleteFrom("collections").where("owner_id", "=", userID).execute();
  await trx.deleteFrom("temp_objects").where("user_id", "=", userID).execute();
  await trx
    .deleteFrom("object_deletions")
    .where("object_key", "like", `${String(userID)}/%`)
    .execute();
};
