import type { LibraryContext } from "../context";

// Deleting many blobs, a few at a time, each failure logged and left for the
// next run.

/** Deletes in flight at once: enough to hide an S3 round trip, gentle on the local disk. */
const parallelDeletes = 8;

export interface DeletionCounts {
  deleted: number;
  failed: number;
}

/**
 * Delete the objects, then call `forget` with the keys whose deletion
 * succeeded (so their records go only once the blob is gone).
 */
export const deleteBlobs = async (
  context: Pick<LibraryContext, "blobStore" | "log">,
  keys: readonly string[],
  forget: (keys: string[]) => Promise<void>,
): Promise<DeletionCounts> => {
  const done: string[] = [];
  let failed = 0;
  for (let start = 0; start < keys.length; start += parallelDeletes) {
    const batch = keys.slice(start, start + parallelDeletes);
    const results = await Promise.allSettled(batch.map((key) => context.blobStore.delete(key)));
    results.forEach((result, index) => {
      const key = batch[index] ?? "";
      if (result.status === "fulfilled") done.push(key);
      else {
        failed += 1;
        context.log.warn({ objectKey: key, err: result.reason as unknown }, "blob delete failed");
      }
    });
  }
  if (done.length > 0) await forget(done);
  return { deleted: done.length, failed };
};
