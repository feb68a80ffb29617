import type { LibraryContext } from "../context";
import type { LibraryTransaction } from "../versions";
import { queueObjectDeletions } from "../files/object-repository";
import { deleteEmbeddingsOfFiles, deleteEmbeddingsOfOwner } from "./embedding-repository";
import { deleteFileDataOfUser, markFileDataDeleted } from "./file-data-repository";
import { lockFileDataForWrite } from "./file-data-version";
import { livePreviewKeysOf } from "./stored-previews";

// Derived data goes with its file (wire-contract "Embeddings": deleting a
// file permanently deletes its embeddings). Embeddings have no tombstones:
// clients drop those of files they no longer have. File-data rows become
// tombstones (no payload, `isDeleted`) that the owner's status diff answers,
// and a preview's object is queued for deletion with the file's own. An
// account's rows simply go: its blobs, previews included, go with its
// folder (`<userID>/`).

/**
 * Forget the derived data of an owner's files deleted for good, in the
 * permanent delete's transaction. See: [Note: A permanently deleted file stays as a tombstone]
 */
export const forgetDerivedDataOfFiles = async (
  context: Pick<LibraryContext, "dialect" | "nowUs">,
  trx: LibraryTransaction,
  ownerID: number,
  fileIDs: readonly number[],
): Promise<void> => {
  if (fileIDs.length === 0) return;
  await deleteEmbeddingsOfFiles(trx, fileIDs);
  const previews = await livePreviewKeysOf(trx, fileIDs);
  if (previews.length > 0) {
    await queueObjectDeletions(
      trx,
      previews.map((preview) => preview.objectKey),
      context.nowUs(),
    );
  }
  // See: [Note: File-data versions only grow, per owner, in commit order]
  await markFileDataDeleted(trx, fileIDs, await lockFileDataForWrite(context, trx, ownerID));
};

/** Delete every derived row stored under a deleted account, in its deletion's transaction. */
export const deleteDerivedDataOf = async (
  trx: LibraryTransaction,
  userID: number,
): Promise<void> => {
  await deleteEmbeddingsOfOwner(trx, userID);
  await deleteFileDataOfUser(trx, userID);
};
