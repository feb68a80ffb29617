import { deleteCastSessionsOfAccount } from "../cast/cast-session-repository";
import { deleteCollectionActionsOfAccount } from "../collections/collection-action-repository";
import {
  deleteCollectionFilesOfAccount,
  othersCollectionsWithFilesOf,
} from "../collections/collection-file-repository";
import { deleteCollectionsOfOwner } from "../collections/collection-repository";
import { deleteSharesOfAccount } from "../collections/collection-share-repository";
import type { LibraryContext } from "../context";
import { deleteDerivedDataOf } from "../derived-data/derived-data-deletion";
import { deleteTrashOfUser } from "../trash/trash-repository";
import { lockCollectionsForWrite, stampCollections, type LibraryTransaction } from "../versions";
import { deleteFilesOfOwner } from "./file-repository";
import {
  deleteObjectsOfOwner,
  dequeueObjectDeletionsOfAccount,
  forgetTempObjectsOf,
} from "./object-repository";

// The library's part of account deletion. See: [Note: Deleting an account removes its rows]
// The blobs go with the account's folder (`<userID>/`), so queued deletions
// of its objects go too.

/**
 * Delete every library row of a user, in the account deletion's transaction:
 * its collections and their shares, shares with it, the entries of its
 * collections and of its files in anyone's collection (whose collections get
 * a new version), its files, their objects and derived data, its trash, its
 * unregistered uploads and queued blob deletions, the cast sessions it
 * paired or that show its collections, and the collection actions that ask
 * it or that it asked for. The rows that name its collections or
 * files go before them.
 */
export const deleteLibraryRowsOf = async (
  context: Pick<LibraryContext, "dialect" | "nowUs">,
  trx: LibraryTransaction,
  userID: number,
): Promise<void> => {
  // Other people's collections lose the entries of the user's files: they
  // change version, or their kept diff pages would still answer them.
  // See: [Note: Encoded diff pages are cached by collection version]
  const othersCollectionIDs = await othersCollectionsWithFilesOf(trx, userID);
  if (othersCollectionIDs.length > 0) {
    const versionUs = await lockCollectionsForWrite(context, trx, othersCollectionIDs);
    await stampCollections(trx, othersCollectionIDs, versionUs);
  }
  await deleteCastSessionsOfAccount(trx, userID);
  await deleteCollectionActionsOfAccount(trx, userID);
  await deleteCollectionFilesOfAccount(trx, userID);
  await deleteSharesOfAccount(trx, userID);
  await deleteObjectsOfOwner(trx, userID);
  await deleteDerivedDataOf(trx, userID);
  await deleteTrashOfUser(trx, userID);
  await deleteFilesOfOwner(trx, userID);
  await deleteCollectionsOfOwner(trx, userID);
  await forgetTempObjectsOf(trx, userID);
  await dequeueObjectDeletionsOfAccount(trx, userID);
};
