import type { LibraryContext } from "../context";
import {
  liveObjectsOfFiles,
  markObjectsOfFilesDeleted,
  queueObjectDeletions,
} from "../files/object-repository";
import { lockFilesForWrite } from "../files/file-rows";
import { markOwnedFilesDeletedForGood } from "../files/file-repository";
import { markFilesRemovedEverywhere } from "../collections/collection-file-repository";
import { adjustUsage } from "../../accounts/usage-repository";
import { forgetDerivedDataOfFiles } from "../derived-data/derived-data-deletion";
import { stampCollections, type LibraryTransaction } from "../versions";
import { markTrashDeleted } from "./trash-repository";
import { lockTrashForWrite } from "./trash-version";

// [Note: A permanently deleted file stays as a tombstone]
//
// Deleting a file for good (`/trash/delete`, `/trash/empty`, the purge at
// `deleteBy`) keeps its `files` row, so that every diff that ever answered
// the file can answer it deleted: its metadata and headers become "-", which
// `fileJSON` answers as `isDeleted: true` (wire-contract §6, §7.5), and its
// magic metadata and sizes are cleared. The trash row becomes `is_deleted`,
// at a new trash version, so the trash diff tells clients to drop it. The
// objects are marked deleted, their bytes leave the user's usage at once,
// and their keys are queued in `object_deletions` for the job that deletes
// blobs (library-jobs.ts): a blob store that is down must not fail the
// user's request, and a crash between the commit and the deletion must not
// leak the blob. Its embeddings are deleted, its file-data rows become
// tombstones and its previews' objects are queued too, in the same
// transaction.

/**
 * Delete for good those of `fileIDs` that are in the user's live trash (not
 * deleted, not restored), in the caller's transaction; answers their IDs.
 * The trash rows are updated under the condition, so a restore that commits
 * meanwhile wins and its file is left alone.
 * See: [Note: A permanently deleted file stays as a tombstone]
 */
export const deleteFilesForever = async (
  context: Pick<LibraryContext, "dialect" | "nowUs">,
  trx: LibraryTransaction,
  userID: number,
  fileIDs: readonly number[],
): Promise<number[]> => {
  if (fileIDs.length === 0) return [];
  // A trashed file is in no collection; should one still hold it, it leaves
  // now. Every collection with an entry of it, removed ones too, gets a new
  // version: its diff answers the entry deleted for good from now on. See:
  // [Note: Encoded diff pages are cached by collection version]. Collections
  // are locked before the trash. See: [Note: Trash versions only grow, per user, in commit order]
  const { versionUs, collectionIDs } = await lockFilesForWrite(context, trx, fileIDs, {
    liveOnly: false,
  });
  const trashVersionUs = await lockTrashForWrite(context, trx, userID);
  const nowUs = context.nowUs();
  const ids = await markTrashDeleted(trx, userID, fileIDs, trashVersionUs);
  if (ids.length === 0) return [];
  if (collectionIDs.length > 0) {
    await markFilesRemovedEverywhere(trx, ids, versionUs);
    await stampCollections(trx, collectionIDs, versionUs);
  }
  const objects = await liveObjectsOfFiles(trx, ids);
  if (objects.length > 0) {
    await markObjectsOfFilesDeleted(trx, ids, nowUs);
    await queueObjectDeletions(
      trx,
      objects.map((object) => object.object_key),
      nowUs,
    );
    await adjustUsage(trx, userID, -objects.reduce((sum, object) => sum + object.size, 0));
  }
  await markOwnedFilesDeletedForGood(trx, userID, ids);
  await forgetDerivedDataOfFiles(context, trx, userID, ids);
  return ids;
};
