import type { LibraryContext } from "../context";
import { dequeueObjectDeletions, queuedDeletionsAfter } from "../files/object-repository";
import { deleteBlobs, type DeletionCounts } from "./blob-deletion";

// The queue of blobs to delete (`object_deletions`): objects of files deleted
// for good (their previews' too), objects replaced by `PUT /files/update` and
// previews replaced by `PUT /files/video-data`.
// See: [Note: A permanently deleted file stays as a tombstone]

/** Queue rows read per round. */
const chunkRows = 500;

/**
 * Delete every queued blob, removing each queue row once its blob is gone; a
 * failed delete stays queued for the next run.
 */
export const deleteQueuedObjects = async (
  context: LibraryContext,
  signal: AbortSignal,
): Promise<DeletionCounts> => {
  const total: DeletionCounts = { deleted: 0, failed: 0 };
  // Keys after the cursor only, so that a failing key is tried once a run.
  let cursor = "";
  while (!signal.aborted) {
    const keys = await queuedDeletionsAfter(context.db, cursor, chunkRows);
    if (keys.length === 0) break;
    cursor = keys[keys.length - 1] ?? cursor;
    const counts = await deleteBlobs(context, keys, async (done) => {
      await dequeueObjectDeletions(context.db, done);
    });
    total.deleted += counts.deleted;
    total.failed += counts.failed;
  }
  return total;
};
