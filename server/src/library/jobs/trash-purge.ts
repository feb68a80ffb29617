import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import type { LibraryContext } from "../context";
import { deleteFilesForever } from "../trash/permanent-delete";
import { expiredTrashRows } from "../trash/trash-repository";

// Trash items whose `deleteBy` has passed are deleted for good (wire-contract
// §6: auto-purge at 30 days), exactly as `/trash/delete` would.
// See: [Note: A permanently deleted file stays as a tombstone]

/** Trash rows read per round; each user's share commits in its own transaction. */
const purgeChunkRows = libraryLimits.trashDeleteBatch;

/** Delete every expired trash item; answers how many files were deleted. */
export const purgeExpiredTrash = async (
  context: LibraryContext,
  signal: AbortSignal,
): Promise<number> => {
  let purged = 0;
  while (!signal.aborted) {
    const rows = await expiredTrashRows(context.db, context.nowUs(), purgeChunkRows);
    if (rows.length === 0) break;
    const byUser = new Map<number, number[]>();
    for (const row of rows)
      byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.file_id]);
    for (const [userID, fileIDs] of byUser) {
      const deleted = await context.db
        .transaction()
        .execute((trx) => deleteFilesForever(context, trx, userID, fileIDs));
      purged += deleted.length;
    }
  }
  return purged;
};
