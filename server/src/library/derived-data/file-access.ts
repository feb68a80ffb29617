import { forbidden, notFound } from "../../http/api-errors";
import type { DB } from "../../db/db";
import type { LibraryContext } from "../context";
import { deletedFileMarker } from "../file-json";
import {
  collectionsOfFiles,
  filesSharedWith,
  isFileSharedWith,
} from "../collections/collection-file-repository";
import { liveFileOwners } from "../files/file-repository";
import type { LibraryTransaction } from "../versions";
import type { DatabaseConfig } from "../../config/config";

// [Note: Who may see a file's derived data]
//
// Whoever may download the file (See: [Note: Who may download a file]): its
// owner, or a participant of a collection holding it in a live entry with a
// live share. They may read its embeddings and data, and write them too (a
// sharee's device indexes the shared photos it shows; the result is stored
// under the owner, for every participant). Anyone else, and everyone once
// the file is deleted for good, gets the 404 of a file that does not exist,
// as a download does, so IDs cannot be probed.

export const noSuchFile = () => notFound("No such file");

/**
 * A file's owner and metadata under a shared row lock on PostgreSQL (SQLite
 * serialises writes). It belongs with the queries of `files/file-repository.ts`;
 * it is kept here so that derived data touches only its own modules.
 */
const lockedFileForDerivedWrite = (db: DB, dialect: DatabaseConfig["kind"], fileID: number) => {
  const query = db
    .selectFrom("files")
    .select(["owner_id", "encrypted_metadata"])
    .where("file_id", "=", fileID);
  return (dialect === "postgres" ? query.forShare() : query).executeTakeFirst();
};

/** Those of `fileIDs` whose derived data the user may see. See: [Note: Who may see a file's derived data] */
export const visibleFileIDs = async (
  db: DB,
  userID: number,
  fileIDs: readonly number[],
): Promise<Set<number>> => {
  if (fileIDs.length === 0) return new Set();
  const owners = await liveFileOwners(db, fileIDs);
  const visible = new Set(owners.filter((f) => f.owner_id === userID).map((f) => f.file_id));
  const others = owners.filter((f) => f.owner_id !== userID).map((f) => f.file_id);
  for (const fileID of await filesSharedWith(db, userID, others)) visible.add(fileID);
  return visible;
};

/**
 * The owner of a file whose derived data the user is about to write, read
 * under a shared lock of the file's row (PostgreSQL), so that a permanent
 * delete cannot commit between the check and the write and leave data for
 * a deleted file behind; 404 for a file the user may not see.
 * See: [Note: Who may see a file's derived data]
 */
export const ownerForDerivedWrite = async (
  context: Pick<LibraryContext, "dialect">,
  trx: LibraryTransaction,
  userID: number,
  fileID: number,
): Promise<number> => {
  const file = await lockedFileForDerivedWrite(trx, context.dialect, fileID);
  if (file === undefined || file.encrypted_metadata === deletedFileMarker) throw noSuchFile();
  if (file.owner_id !== userID && !(await isFileSharedWith(trx, userID, fileID))) {
    throw noSuchFile();
  }
  return file.owner_id;
};

// [Note: Only a file's owner uploads its previews]
//
// A preview is made from the original, so Ente's server lets only the
// file's owner mint its upload URL and register it, and only while the file
// is in an album (not in the trash, not deleted for good): anyone else is
// refused with 403, a file in no album with 404 (wire-contract §8). We
// answer 403 for a file that does not exist too (the reference: 400), so
// that the answer never tells another's file from none. Whoever may see the
// file reads the preview. See: [Note: Who may see a file's derived data]

/**
 * The caller's file whose preview is about to be minted or registered, read
 * under a shared lock of its row (PostgreSQL) as `ownerForDerivedWrite`
 * does; 403 unless the caller owns it, 404 when it is in no album.
 * See: [Note: Only a file's owner uploads its previews]
 */
export const ownedFileForPreview = async (
  context: Pick<LibraryContext, "dialect">,
  db: DB,
  userID: number,
  fileID: number,
): Promise<void> => {
  const file = await lockedFileForDerivedWrite(db, context.dialect, fileID);
  if (file === undefined || file.owner_id !== userID) {
    throw forbidden("Only the file's owner uploads its previews");
  }
  const inAlbum =
    file.encrypted_metadata !== deletedFileMarker &&
    (await collectionsOfFiles(db, [fileID], { liveOnly: true })).length > 0;
  if (!inAlbum) throw notFound("The file is in no album");
};
