import type { ClientApp } from "../../../../shared/api/headers";
import { apiError, badRequest } from "../../http/api-errors";
import { ownedCollection } from "../access";
import type { LibraryContext } from "../context";
import { lockFileIDs } from "../files/file-repository";
import { putInTrash } from "../trash/trash-files";
import { lockTrashForWrite } from "../trash/trash-version";
import type { LibraryTransaction } from "../versions";
import { writeCollections } from "./collection-write";
import {
  filesLiveInOtherCollections,
  liveEntriesOfCollection,
  markAllCollectionFilesDeleted,
} from "./collection-file-repository";
import { deleteCastSessionsOfCollection } from "../cast/cast-session-repository";
import { disableLinksOf } from "../links/link-repository";
import { markCollectionDeleted } from "./collection-repository";
import { endLiveShares } from "./collection-share-repository";

// `DELETE /collections/v3/:collectionID?collectionID=&keepFiles=`
// (wire-contract §3.2).
//
// [Note: Deleting a collection trashes its files in the same transaction]
//
// The reference queues the trashing of a deleted collection's files. We do
// it in the deletion's own transaction: at our scale (a self-hosted server,
// albums up to ~100k files) it takes seconds at worst, and nobody ever sees
// a deleted collection whose files are neither trashed nor elsewhere. The
// owner's files that are live in no other collection go to the trash (30
// days, from this collection, so the trash shows them with its key); the
// owner's files still live elsewhere, and other users' files, only leave
// this collection. Then the collection and its shares are marked deleted.

/** IDs per `in (...)` list, well below both databases' bound-parameter limits. */
const idsPerQuery = 1000;

const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
};

/**
 * Lock the owner's files before deciding which go to the trash, so that an
 * add of one of them elsewhere runs before or after, not meanwhile (the lock
 * order of file-membership.ts).
 */
const lockFiles = async (
  context: LibraryContext,
  trx: LibraryTransaction,
  fileIDs: readonly number[],
): Promise<void> => {
  if (context.dialect !== "postgres") return;
  for (const chunk of chunksOf(fileIDs, idsPerQuery)) {
    await lockFileIDs(trx, chunk);
  }
};

/** The files among `fileIDs` that are live in a live collection other than `collectionID`. */
const filesLiveElsewhere = async (
  trx: LibraryTransaction,
  collectionID: number,
  fileIDs: readonly number[],
): Promise<Set<number>> => {
  const elsewhere = new Set<number>();
  for (const chunk of chunksOf(fileIDs, idsPerQuery)) {
    for (const fileID of await filesLiveInOtherCollections(trx, collectionID, chunk)) {
      elsewhere.add(fileID);
    }
  }
  return elsewhere;
};

const trashFilesOfCollection = async (
  context: LibraryContext,
  trx: LibraryTransaction,
  ownerID: number,
  collectionID: number,
  fileIDs: readonly number[],
): Promise<void> => {
  if (fileIDs.length === 0) return;
  const trashVersionUs = await lockTrashForWrite(context, trx, ownerID);
  const nowUs = context.nowUs();
  for (const chunk of chunksOf(fileIDs, idsPerQuery)) {
    await putInTrash(
      trx,
      chunk.map((fileID) => ({ fileID, userID: ownerID, collectionID, nowUs, trashVersionUs })),
    );
  }
};

export interface DeleteCollection {
  collectionID: number;
  /** Refuse (409) unless the collection has no live files. */
  keepFiles: boolean;
}

/**
 * Deletes one of the caller's collections; favorites and uncategorized
 * cannot be. Deleting a deleted collection changes nothing.
 * See: [Note: Deleting a collection trashes its files in the same transaction]
 */
export const deleteCollection = (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  { collectionID, keepFiles }: DeleteCollection,
): Promise<void> =>
  writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    const collection = await ownedCollection(trx, userID, collectionID, { app, live: false });
    if (collection.is_deleted === 1) return;
    if (collection.type === "favorites" || collection.type === "uncategorized") {
      throw badRequest(`The ${collection.type} collection cannot be deleted`);
    }
    const liveRows = await liveEntriesOfCollection(trx, collectionID);
    if (keepFiles && liveRows.length > 0) {
      throw apiError(
        409,
        "COLLECTION_NOT_EMPTY",
        "Move the collection's files elsewhere before deleting it with keepFiles",
      );
    }
    const ownerFileIDs = liveRows
      .filter((row) => row.f_owner_id === collection.owner_id)
      .map((row) => row.file_id)
      .sort((a, b) => a - b);
    await lockFiles(context, trx, ownerFileIDs);
    const elsewhere = await filesLiveElsewhere(trx, collectionID, ownerFileIDs);
    await trashFilesOfCollection(
      context,
      trx,
      collection.owner_id,
      collectionID,
      ownerFileIDs.filter((fileID) => !elsewhere.has(fileID)),
    );
    await markAllCollectionFilesDeleted(trx, collectionID, versionUs);
    await endLiveShares(trx, collectionID, versionUs);
    // Its links and cast tokens stop working (wire-contract §3.2).
    await disableLinksOf(trx, collectionID, versionUs);
    await deleteCastSessionsOfCollection(trx, collectionID);
    await markCollectionDeleted(trx, collectionID);
  });
