import type { ClientApp } from "../../../../shared/api/headers";
import type { ApiError } from "../../../../shared/model/errors";
import { apiError, forbidden } from "../../http/api-errors";
import type { LibraryContext } from "../context";
import { insertCollectionActions } from "./collection-action-repository";
import {
  entriesInCollection,
  markCollectionFilesForRemoval,
  removeCollectionFiles,
} from "./collection-file-repository";
import { participantCollection, writeCollections } from "./collection-write";
import { planDeletionSuggestion, type DeletionSuggestionRefusal } from "./deletion-suggestion-plan";
import { ensureFileBatch } from "./file-membership";

// `POST /collections/suggest-delete` (wire-contract §3.2).
//
// [Note: A deletion suggestion takes the files out and asks their owners]
//
// The owner of a shared album, or an ADMIN sharee, may ask the people who
// added files to it to delete them. Those files leave the album at once, as
// `v3/remove-files` takes them out, and each file's owner gets a pending
// DELETE_SUGGESTED action in its queue (`GET /collection-actions/
// delete-suggestions`). The owner rejects it, or acts on it by trashing the
// file: the next read of the queue finds such a suggestion moot and resolves
// it. The actor may not name its own files (403); it removes those itself.
//
// The album owner's files are the exception when an admin asks: nobody else
// takes an owner's file out of its own album (the owner moves it out), so
// the row is marked REMOVE instead. It stays live for the owner, every other
// viewer's diff shows it deleted (wire-contract §7.5), and the owner gets a
// pending REMOVE action besides the suggestion (`GET /collection-actions/
// pending-remove`), on which the Ente apps move the file to Uncategorized at
// their next sync. Once the mark is gone (moved out, trashed, or added
// again), the next read of that queue finds the action moot.
//
// This is the one path that marks files and creates REMOVE actions. The
// reference also marks the owner's files that an admin names in
// `v3/remove-files`; Cairn's lets a sharee of any role take out only what it
// added (403 otherwise). So the pending-remove queue stays empty unless an
// admin suggested deleting the album owner's files.

const refusalError: Record<DeletionSuggestionRefusal, () => ApiError> = {
  FILE_NOT_IN_COLLECTION: () =>
    apiError(404, "FILE_NOT_FOUND_IN_ALBUM", "A file is not in the collection"),
  OWN_FILE: () => forbidden("Deleting one's own files is not suggested: remove them instead"),
};

/** The owner or an ADMIN sharee suggests that the owners of `fileIDs` delete them. */
export const suggestDeletion = (
  context: LibraryContext,
  actorID: number,
  app: ClientApp,
  collectionID: number,
  fileIDs: readonly number[],
): Promise<void> => {
  ensureFileBatch(fileIDs);
  return writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    const { collection } = await participantCollection(trx, actorID, collectionID, {
      app,
      roles: ["OWNER", "ADMIN"],
      action: "suggest deleting its files",
    });
    if (fileIDs.length === 0) return;
    const plan = planDeletionSuggestion({
      actorID,
      collectionOwnerID: collection.owner_id,
      fileIDs,
      entries: await entriesInCollection(trx, collectionID, fileIDs),
    });
    if (plan.refusal !== undefined) throw refusalError[plan.refusal]();
    await removeCollectionFiles(trx, collectionID, plan.removedFileIDs, versionUs);
    await markCollectionFilesForRemoval(trx, collectionID, plan.markedFileIDs, actorID, versionUs);
    await insertCollectionActions(
      trx,
      plan.actions.map((action) => ({ ...action, actorUserID: actorID, collectionID })),
      versionUs,
    );
  });
};
