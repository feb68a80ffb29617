import type { RemoteTrashItemJSON } from "../../../../shared/api/endpoints/library-schemas";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import type { DB } from "../../db/db";
import { readDiffPage, type DiffPage } from "../diff-page";
import { fileJSON } from "../file-json";

// `GET /trash/v2/diff` (wire-contract §6): the caller's trash rows changed
// since a version, by `updated_at_us`, each with its file as the collection
// it was trashed from holds it. See: [Note: Diff pagination never splits a version]
// and [Note: Trash versions only grow, per user, in commit order].

const trashRows = (db: DB, userID: number) =>
  db
    .selectFrom("trash")
    .innerJoin("files", "files.file_id", "trash.file_id")
    .innerJoin("collection_files", (join) =>
      join
        .onRef("collection_files.collection_id", "=", "trash.collection_id")
        .onRef("collection_files.file_id", "=", "trash.file_id"),
    )
    .select([
      "files.file_id",
      "files.owner_id",
      "files.file_decryption_header",
      "files.thumbnail_decryption_header",
      "files.metadata_decryption_header",
      "files.encrypted_metadata",
      "files.magic_metadata",
      "files.pub_magic_metadata",
      "files.file_size",
      "files.thumb_size",
      "files.updation_time_us",
      "trash.is_deleted as trash_is_deleted",
      "trash.is_restored as trash_is_restored",
      "trash.delete_by_us as trash_delete_by_us",
      "trash.created_at_us as trash_created_at_us",
      "trash.updated_at_us as trash_updated_at_us",
      "collection_files.collection_id as entry_collection_id",
      "collection_files.encrypted_key as entry_encrypted_key",
      "collection_files.key_decryption_nonce as entry_key_decryption_nonce",
      "collection_files.c_owner_id as entry_c_owner_id",
      "collection_files.is_deleted as entry_is_deleted",
      "collection_files.action as entry_action",
      "collection_files.action_user as entry_action_user",
      "collection_files.created_at_us as entry_created_at_us",
      "collection_files.updation_time_us as entry_updation_time_us",
    ])
    .where("trash.user_id", "=", userID);

type TrashRow = Awaited<ReturnType<ReturnType<typeof trashRows>["execute"]>>[number];

const trashItemJSON = (row: TrashRow, viewerID: number): RemoteTrashItemJSON => {
  const file = fileJSON(
    row,
    {
      collection_id: row.entry_collection_id,
      encrypted_key: row.entry_encrypted_key,
      key_decryption_nonce: row.entry_key_decryption_nonce,
      c_owner_id: row.entry_c_owner_id,
      is_deleted: row.entry_is_deleted,
      action: row.entry_action,
      action_user: row.entry_action_user,
      created_at_us: row.entry_created_at_us,
      updation_time_us: row.entry_updation_time_us,
    },
    { viewerID },
  );
  return {
    // A trash item's file carries the file's own version (wire-contract §6).
    file: { ...file, updationTime: row.updation_time_us },
    isDeleted: row.trash_is_deleted === 1,
    isRestored: row.trash_is_restored === 1,
    deleteBy: row.trash_delete_by_us,
    createdAt: row.trash_created_at_us,
    updatedAt: row.trash_updated_at_us,
  };
};

/** One page of a user's trash diff. */
export const trashDiffPage = async (
  db: DB,
  userID: number,
  sinceTimeUs: number,
): Promise<DiffPage<RemoteTrashItemJSON>> => {
  const page = await readDiffPage<TrashRow>(
    {
      rowsAfter: (sinceTime, count) =>
        trashRows(db, userID)
          .where("trash.updated_at_us", ">", sinceTime)
          .orderBy("trash.updated_at_us")
          .limit(count)
          .execute(),
      rowsAt: (version) =>
        trashRows(db, userID).where("trash.updated_at_us", "=", version).execute(),
      versionOf: (row) => row.trash_updated_at_us,
    },
    sinceTimeUs,
    libraryLimits.diffPage,
  );
  return { rows: page.rows.map((row) => trashItemJSON(row, userID)), hasMore: page.hasMore };
};
