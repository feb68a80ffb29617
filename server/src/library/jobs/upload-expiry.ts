import type { LibraryContext } from "../context";
import { deleteBlobs, type DeletionCounts } from "./blob-deletion";

// Uploads that were never registered: their `temp_objects` record expires and
// the blob is deleted, then the record.
// See: [Note: Every minted object key is recorded until it is registered]
//
// Registering removes the record in the same transaction, so an expired
// record normally names an orphan. A key that is registered all the same
// (a record written back by hand, a restore from backup) keeps its blob:
// only the record goes.

/** Records read per round. */
const chunkRows = 500;

/** Expire every unregistered upload past its time. */
export const expireUploads = async (
  context: LibraryContext,
  signal: AbortSignal,
): Promise<DeletionCounts> => {
  const total: DeletionCounts = { deleted: 0, failed: 0 };
  let cursor = "";
  while (!signal.aborted) {
    const rows = await context.db
      .selectFrom("temp_objects")
      .leftJoin("object_keys", "object_keys.object_key", "temp_objects.object_key")
      .select(["temp_objects.object_key", "object_keys.file_id"])
      .where("temp_objects.expiration_time_us", "<=", context.nowUs())
      .where("temp_objects.object_key", ">", cursor)
      .orderBy("temp_objects.object_key")
      .limit(chunkRows)
      .execute();
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1]?.object_key ?? cursor;
    const forget = async (keys: string[]) => {
      await context.db.deleteFrom("temp_objects").where("object_key", "in", keys).execute();
    };
    const registered = rows.filter((row) => row.file_id !== null).map((row) => row.object_key);
    if (registered.length > 0) await forget(registered);
    const orphans = rows.filter((row) => row.file_id === null).map((row) => row.object_key);
    const counts = await deleteBlobs(context, orphans, forget);
    total.deleted += counts.deleted;
    total.failed += counts.failed;
  }
  return total;
};
