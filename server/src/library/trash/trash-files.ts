import { trashRetentionUs } from "../../../../shared/model/library/trash-retention";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import { apiError, forbidden, notFound } from "../../http/api-errors";
import type { DB } from "../../db/db";
import { ensureBatchSize } from "../batch";
import type { LibraryContext } from "../context";
import { deletedFileMarker } from "../file-json";
import { ensureDistinct, ensureOwnedFiles, lockFilesForWrite } from "../files/file-rows";
import { stampCollections, type LibraryTransaction } from "../versions";
import { upsertTrashRows } from "./trash-repository";
import { lockTrashForWrite } from "./trash-version";
import { collectionOwners } from "../collections/collection-repository";
import { collectionsLiveSharedWith } from "../collections/collection-share-repository";
import {
  entriesOfFiles,
  markFilesRemovedEverywhere,
} from "../collections/collection-file-repository";

// Moving files to the trash (`POST /files/trash`, wire-contract §5.3, §6).
// A trashed file leaves every collection (its rows become deleted, so every
// collection's diff answers it `isDeleted`) and gets a trash row naming the
// collection it was trashed from: the trash diff shows the file with that
// collection's key for it, and the trash keeps it 30 days.

export interface TrashItem {
  fileID: number;
  collectionID: number;
}

/**
 * Refuse collections the caller does not own: 404 for one the caller does
 * not take part in (see [Note: Strangers learn nothing about a collection]),
 * 403 for one shared with the caller.
 */
const ensureOwnedCollections = async (
  db: DB,
  userID: number,
  collectionIDs: readonly number[],
): Promise<void> => {
  const unique = [...new Set(collectionIDs)];
  const [collections, sharedIDs] = await Promise.all([
    collectionOwners(db, unique),
    collectionsLiveSharedWith(db, userID, unique),
  ]);
  const ownerOf = new Map(collections.map((row) => [row.collection_id, row.owner_id]));
  const shared = new Set(sharedIDs);
  for (const collectionID of unique) {
    const ownerID = ownerOf.get(collectionID);
    if (ownerID === userID) continue;
    if (ownerID !== undefined && shared.has(collectionID)) {
      throw forbidden("Only the collection's owner may trash from it");
    }
    throw notFound("No such collection");
  }
};

/** A file going to the trash: from which collection, at which trash version. */
export interface TrashEntry {
  fileID: number;
  userID: number;
  collectionID: number;
  nowUs: number;
  /** From `lockTrashForWrite` in the same transaction. */
  trashVersionUs: number;
}

/**
 * Insert trash rows, or revive the rows of files trashed before (restored or
 * deleted then), keeping them 30 days from now.
 */
export const putInTrash = async (
  trx: LibraryTransaction,
  entries: readonly TrashEntry[],
): Promise<void> => {
  await upsertTrashRows(
    trx,
    entries.map((entry) => ({
      fileID: entry.fileID,
      userID: entry.userID,
      collectionID: entry.collectionID,
      createdAtUs: entry.nowUs,
      updatedAtUs: entry.trashVersionUs,
      deleteByUs: entry.nowUs + trashRetentionUs,
    })),
  );
};

/** Move the caller's files to the trash. */
export const trashFiles = async (
  context: LibraryContext,
  userID: number,
  items: readonly TrashItem[],
): Promise<void> => {
  const { db } = context;
  ensureBatchSize(items, libraryLimits.collectionBatch, "files");
  if (items.length === 0) return;
  const fileIDs = items.map((item) => item.fileID);
  ensureDistinct(fileIDs, "file");
  await ensureOwnedCollections(
    db,
    userID,
    items.map((item) => item.collectionID),
  );
  const files = await ensureOwnedFiles(db, userID, fileIDs);
  if (files.some((file) => file.encrypted_metadata === deletedFileMarker)) {
    throw notFound("A file is deleted");
  }
  const entries = await entriesOfFiles(db, fileIDs);
  const entryKeys = new Set(entries.map((e) => `${String(e.collection_id)}:${String(e.file_id)}`));
  for (const item of items) {
    if (!entryKeys.has(`${String(item.collectionID)}:${String(item.fileID)}`)) {
      throw apiError(
        404,
        "FILE_NOT_FOUND_IN_ALBUM",
        `File ${String(item.fileID)} is not in collection ${String(item.collectionID)}`,
      );
    }
  }

  await db.transaction().execute(async (trx) => {
    const { versionUs, collectionIDs, files } = await lockFilesForWrite(context, trx, fileIDs, {
      liveOnly: true,
    });
    if (files.some((file) => file.encrypted_metadata === deletedFileMarker)) {
      throw notFound("A file is deleted");
    }
    const trashVersionUs = await lockTrashForWrite(context, trx, userID);
    const nowUs = context.nowUs();
    await markFilesRemovedEverywhere(trx, fileIDs, versionUs);
    await stampCollections(trx, collectionIDs, versionUs);
    await putInTrash(
      trx,
      items.map((item) => ({
        fileID: item.fileID,
        userID,
        collectionID: item.collectionID,
        nowUs,
        trashVersionUs,
      })),
    );
  });
};
