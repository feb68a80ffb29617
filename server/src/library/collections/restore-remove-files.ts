import type { CollectionFileItem } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { apiError, badRequest, forbidden } from "../../http/api-errors";
import { collectionAccess, ownedCollection } from "../access";
import type { LibraryContext } from "../context";
import { liveTrashFileIDsAmong, markTrashRestored } from "../trash/trash-repository";
import { lockTrashForWrite } from "../trash/trash-version";
import { writeCollections } from "./collection-write";
import {
  entriesInCollection,
  putCollectionFiles,
  removeCollectionFiles,
} from "./collection-file-repository";
import { ensureFileBatch, lockOwnedFiles } from "./file-membership";

// `POST /collections/restore-files` and `POST /collections/v3/remove-files`
// (wire-contract §3.2).

/**
 * Restores files from the caller's trash into one of its collections: the
 * trash rows become restored (a new trash version, so the trash diff shows
 * it) and the files are live in the collection. 400 when a file is not in
 * the caller's trash.
 */
export const restoreFiles = (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  collectionID: number,
  items: readonly CollectionFileItem[],
): Promise<void> => {
  const fileIDs = items.map((item) => item.id);
  ensureFileBatch(fileIDs);
  return writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    const target = await ownedCollection(trx, userID, collectionID, { app });
    await lockOwnedFiles(context, trx, userID, fileIDs);
    if (fileIDs.length === 0) return;
    // Collections and files are locked before the trash.
    // See: [Note: Trash versions only grow, per user, in commit order]
    const trashVersionUs = await lockTrashForWrite(context, trx, userID);
    const trashed = await liveTrashFileIDsAmong(trx, userID, fileIDs);
    if (trashed.length !== fileIDs.length) {
      throw badRequest("Only files in the trash can be restored");
    }
    await markTrashRestored(trx, fileIDs, trashVersionUs);
    await putCollectionFiles(trx, {
      collection: target,
      items,
      fileOwnerID: userID,
      versionUs,
      nowUs: context.nowUs(),
    });
  });
};

/**
 * Removes files from a collection without trashing them. Only files that
 * are not the collection owner's: the owner removes others' files, a sharee
 * only its own; the owner's own files leave a collection by a move (400).
 */
export const removeFiles = (
  context: LibraryContext,
  userID: number,
  collectionID: number,
  fileIDs: readonly number[],
): Promise<void> => {
  ensureFileBatch(fileIDs);
  return writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    const { collection, role } = await collectionAccess(trx, userID, collectionID);
    if (fileIDs.length === 0) return;
    const rows = await entriesInCollection(trx, collectionID, fileIDs);
    if (rows.length !== fileIDs.length) {
      throw apiError(404, "FILE_NOT_FOUND_IN_ALBUM", "A file is not in the collection");
    }
    if (role === "OWNER") {
      if (rows.some((row) => row.f_owner_id === collection.owner_id)) {
        throw badRequest(
          "The owner's own files leave a collection by moving them to another collection",
        );
      }
    } else if (rows.some((row) => row.f_owner_id !== userID)) {
      throw forbidden("A sharee may remove only the files it added");
    }
    await removeCollectionFiles(trx, collectionID, fileIDs, versionUs);
  });
};
