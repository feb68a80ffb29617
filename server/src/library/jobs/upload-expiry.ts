import type { LibraryContext } from "../context";
import { registeredPreviewKeysAmong } from "../derived-data/stored-previews";
import { expiredTempObjectsAfter, forgetTempObjects } from "../files/object-repository";
import { deleteBlobs, type DeletionCounts } from "./blob-deletion";

// Uploads that were never registered: their `temp_objects` record expires and
// the blob is deleted, then the record.
// See: [Note: Every minted object key is recorded until it is registered]
//
// Registering (a file's objects, or a preview's) removes the record in the
// same transaction, so an expired record normally names an orphan. A key
// that is registered all the same (a record written back by hand, a restore
// from backup) keeps its blob: only the record goes.

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
    const rows = await expiredTempObjectsAfter(context.db, context.nowUs(), cursor, chunkRows);
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1]?.object_key ?? cursor;
    const forget = (keys: string[]) => forgetTempObjects(context.db, keys);
    const unclaimed = rows.filter((row) => row.file_id === null).map((row) => row.object_key);
    const previews = await registeredPreviewKeysAmong(context.db, unclaimed);
    const registered = [
      ...rows.filter((row) => row.file_id !== null).map((row) => row.object_key),
      ...previews,
    ];
    if (registered.length > 0) await forget(registered);
    const orphans = unclaimed.filter((key) => !previews.has(key));
    const counts = await deleteBlobs(context, orphans, forget);
    total.deleted += counts.deleted;
    total.failed += counts.failed;
  }
  return total;
};
