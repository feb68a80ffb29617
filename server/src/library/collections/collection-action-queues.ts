import type {
  CollectionActionJSON,
  CollectionActionKind,
} from "../../../../shared/api/endpoints/collection-actions";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import { badRequest } from "../../http/api-errors";
import type { LibraryContext } from "../context";
import { readDiffPage, type DiffPage } from "../diff-page";
import {
  mootDeleteSuggestionIDs,
  mootRemovalIDs,
  pendingActionsAfter,
  pendingActionsAt,
  resolveActions,
  resolveDeleteSuggestionsOfFiles,
  type CollectionActionRow,
} from "./collection-action-repository";

// The caller's queues of collection actions (`GET /collection-actions/
// delete-suggestions`, `pending-remove`) and the rejection of suggestions.
// See: [Note: A deletion suggestion takes the files out and asks their owners]
//
// [Note: A queue resolves its moot actions before it is read]
//
// An action the owner has already carried out (the suggested file is in its
// trash or deleted for good; the file marked REMOVE is no longer marked in
// the album) is resolved, not answered, as the reference does. They are
// looked for in the whole queue before the page is read, rather than
// dropped from a page already read: a page of moot actions would otherwise
// come back empty with `hasMore`, and a client continuing from the largest
// `updatedAt` it got would have nothing to continue from. The lookup is a
// read; the write happens only when something is moot, since the apps poll
// pending-remove on every sync.
//
// [Note: The action queues are read whole]
//
// A queue page answers the actions versioned after `sinceTime`, ascending,
// and never splits a version (See: [Note: Diff pagination never splits a
// version]). Unlike the collection and trash diffs, an action's version is
// not ordered per user in commit order: it is the version of the collection
// write that created it, so two albums' writes may commit out of order. The
// Ente apps read each queue from the start every time (no `sinceTime`), so
// nothing relies on resuming; a client that did could miss an action
// committed late with an older version.

const actionJSON = (row: CollectionActionRow): CollectionActionJSON => ({
  id: row.id,
  userID: row.user_id,
  actorUserID: row.actor_user_id,
  collectionID: row.collection_id,
  fileID: row.file_id,
  action: row.action as CollectionActionKind,
  isPending: row.is_pending === 1,
  createdAt: row.created_at_us,
  updatedAt: row.updated_at_us,
});

const moot: Record<CollectionActionKind, typeof mootRemovalIDs> = {
  DELETE_SUGGESTED: mootDeleteSuggestionIDs,
  REMOVE: mootRemovalIDs,
};

/**
 * A page of the user's pending actions of a kind versioned after
 * `sinceTimeUs`. See: [Note: A queue resolves its moot actions before it is read]
 */
export const pendingActionsPage = async (
  context: Pick<LibraryContext, "db" | "nowUs">,
  userID: number,
  kind: CollectionActionKind,
  sinceTimeUs: number,
): Promise<DiffPage<CollectionActionJSON>> => {
  const { db } = context;
  const mootIDs = await moot[kind](db, userID);
  await resolveActions(db, mootIDs, context.nowUs());
  const page = await readDiffPage<CollectionActionRow>(
    {
      rowsAfter: (after, count) => pendingActionsAfter(db, userID, kind, after, count),
      rowsAt: (versionUs) => pendingActionsAt(db, userID, kind, versionUs),
      versionOf: (row) => row.updated_at_us,
    },
    sinceTimeUs,
    libraryLimits.collectionActionsPage,
  );
  return { rows: page.rows.map(actionJSON), hasMore: page.hasMore };
};

/**
 * [Note: A rejection over its cap is a bad request]
 *
 * Batches beyond their cap are 413 elsewhere (See: [Note: Batches beyond
 * their cap are refused with 413]); a rejection of more than 2000 files is
 * 400, as the reference answers it, like an empty one. The Ente app sends
 * the files selected on its suggestions screen.
 */
export const rejectDeleteSuggestions = async (
  context: Pick<LibraryContext, "db" | "nowUs">,
  userID: number,
  fileIDs: readonly number[],
): Promise<number> => {
  if (fileIDs.length > libraryLimits.rejectionBatch) {
    throw badRequest(
      `At most ${String(libraryLimits.rejectionBatch)} files per rejection, not ${String(fileIDs.length)}`,
    );
  }
  return resolveDeleteSuggestionsOfFiles(context.db, userID, fileIDs, context.nowUs());
};
