import { sql } from "kysely";
import {
  libraryLimits,
  type CollectionFileItem,
} from "../../../../shared/api/endpoints/library-schemas";
import { apiError, badRequest, forbidden, notFound } from "../../http/api-errors";
import type { CollectionRow } from "./collection-repository";
import { ensureBatchSize } from "../batch";
import type { LibraryContext } from "../context";
import { deletedFileMarker } from "../file-json";
import { firstTrashedFileAmong } from "../trash/trash-repository";
import type { LibraryTransaction } from "../versions";

// What add, move, restore and remove share: batch checks, the caller's
// files read under a lock, and writing a collection's rows.
//
// Lock order in every library write: collections, then files, then the
// trash (see trash/trash-version.ts), so that writers never wait on each
// other in a cycle. Locking the files makes a membership change and a
// concurrent change of the same file (trash, update) run one after the other.

/** Refuse a batch over the cap (413) or naming a file twice (400). */
export const ensureFileBatch = (fileIDs: readonly number[]): void => {
  ensureBatchSize(fileIDs, libraryLimits.collectionBatch, "files");
  if (new Set(fileIDs).size !== fileIDs.length) {
    throw badRequest("A file is listed more than once");
  }
};

/**
 * Lock the caller's files among `fileIDs`; 403 when one is not the caller's,
 * without saying whether it exists. A file deleted for good is 404.
 */
export const lockOwnedFiles = async (
  context: Pick<LibraryContext, "dialect">,
  trx: LibraryTransaction,
  userID: number,
  fileIDs: readonly number[],
): Promise<void> => {
  if (fileIDs.length === 0) return;
  const query = trx
    .selectFrom("files")
    .select(["file_id", "encrypted_metadata"])
    .where("file_id", "in", [...fileIDs])
    .where("owner_id", "=", userID)
    .orderBy("file_id");
  const rows = await (context.dialect === "postgres" ? query.forUpdate() : query).execute();
  if (rows.length !== fileIDs.length) throw forbidden("Only a file's owner may do this");
  if (rows.some((row) => row.encrypted_metadata === deletedFileMarker)) {
    throw notFound("A file is deleted");
  }
};

/** Refuse files that are in the trash (or deleted from it for good): 409 `FILE_IN_TRASH`. */
export const ensureNotInTrash = async (
  trx: LibraryTransaction,
  fileIDs: readonly number[],
): Promise<void> => {
  if (fileIDs.length === 0) return;
  const trashedFileID = await firstTrashedFileAmong(trx, fileIDs);
  if (trashedFileID !== undefined) {
    throw apiError(409, "FILE_IN_TRASH", `File ${String(trashedFileID)} is in the trash`);
  }
};

export interface CollectionRowsWrite {
  collection: CollectionRow;
  items: readonly CollectionFileItem[];
  /** The owner of every file written (the caller, who must own them). */
  fileOwnerID: number;
  versionUs: number;
  nowUs: number;
}

/**
 * Make the files live in the collection with their keys: new rows, or rows
 * revived or re-keyed. A revived row counts as added now
 * (`collectionAddedAt`); a live one keeps when it was added.
 */
export const putCollectionFiles = async (
  trx: LibraryTransaction,
  { collection, items, fileOwnerID, versionUs, nowUs }: CollectionRowsWrite,
): Promise<void> => {
  if (items.length === 0) return;
  await trx
    .insertInto("collection_files")
    .values(
      items.map((item) => ({
        collection_id: collection.collection_id,
        file_id: item.id,
        encrypted_key: item.encryptedKey,
        key_decryption_nonce: item.keyDecryptionNonce,
        c_owner_id: collection.owner_id,
        f_owner_id: fileOwnerID,
        is_deleted: 0,
        action: null,
        action_user: null,
        created_at_us: nowUs,
        updation_time_us: versionUs,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["collection_id", "file_id"]).doUpdateSet((eb) => ({
        encrypted_key: eb.ref("excluded.encrypted_key"),
        key_decryption_nonce: eb.ref("excluded.key_decryption_nonce"),
        is_deleted: 0,
        action: null,
        action_user: null,
        created_at_us: sql<number>`case when collection_files.is_deleted = 1 then excluded.created_at_us else collection_files.created_at_us end`,
        updation_time_us: eb.ref("excluded.updation_time_us"),
      })),
    )
    .execute();
};

/** Mark the files' live rows in a collection deleted. */
export const removeCollectionFiles = async (
  trx: LibraryTransaction,
  collectionID: number,
  fileIDs: readonly number[],
  versionUs: number,
): Promise<void> => {
  if (fileIDs.length === 0) return;
  await trx
    .updateTable("collection_files")
    .set({ is_deleted: 1, updation_time_us: versionUs })
    .where("collection_id", "=", collectionID)
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();
};
