import type { CollectionFileItem } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { badRequest } from "../../http/api-errors";
import { ownedCollection } from "../access";
import type { LibraryContext } from "../context";
import { participantCollection, writeCollections } from "./collection-write";
import { putCollectionFiles, removeCollectionFiles } from "./collection-file-repository";
import { ensureFileBatch, ensureNotInTrash, lockOwnedFiles } from "./file-membership";

// `POST /collections/add-files` and `POST /collections/move-files`
// (wire-contract §3.2). Each item carries the file's key under the target
// collection's key; the server only stores it.

/**
 * Adds the caller's files to a collection in which it is the owner, an
 * admin or a collaborator. Files in the trash are refused (409).
 */
export const addFiles = (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  collectionID: number,
  items: readonly CollectionFileItem[],
): Promise<void> => {
  const fileIDs = items.map((item) => item.id);
  ensureFileBatch(fileIDs);
  return writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    const { collection } = await participantCollection(trx, userID, collectionID, {
      app,
      roles: ["OWNER", "ADMIN", "COLLABORATOR"],
      action: "add files",
    });
    await lockOwnedFiles(context, trx, userID, fileIDs);
    await ensureNotInTrash(trx, fileIDs);
    await putCollectionFiles(trx, {
      collection,
      items,
      fileOwnerID: userID,
      versionUs,
      nowUs: context.nowUs(),
    });
  });
};

export interface MoveFiles {
  fromCollectionID: number;
  toCollectionID: number;
  items: readonly CollectionFileItem[];
}

/**
 * Moves the caller's files from one of its collections to another: they
 * leave the source (their rows there become deleted) and are live in the
 * target, both collections stamped with one version.
 */
export const moveFiles = (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  { fromCollectionID, toCollectionID, items }: MoveFiles,
): Promise<void> => {
  const fileIDs = items.map((item) => item.id);
  ensureFileBatch(fileIDs);
  if (fromCollectionID === toCollectionID) {
    throw badRequest("Files are moved between two different collections");
  }
  return writeCollections(
    context,
    [fromCollectionID, toCollectionID],
    async ({ trx, versionUs }) => {
      await ownedCollection(trx, userID, fromCollectionID, { app });
      const target = await ownedCollection(trx, userID, toCollectionID, { app });
      await lockOwnedFiles(context, trx, userID, fileIDs);
      await ensureNotInTrash(trx, fileIDs);
      await removeCollectionFiles(trx, fromCollectionID, fileIDs, versionUs);
      await putCollectionFiles(trx, {
        collection: target,
        items,
        fileOwnerID: userID,
        versionUs,
        nowUs: context.nowUs(),
      });
    },
  );
};
