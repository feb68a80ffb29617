import type { RemoteTrashItemJSON } from "../../../../shared/api/endpoints/library-schemas";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import type { DB } from "../../db/db";
import { readDiffPage, type DiffPage } from "../diff-page";
import { fileJSON } from "../file-json";
import { trashRowsAfter, trashRowsAt, type TrashRowWithFile } from "./trash-repository";

// `GET /trash/v2/diff` (wire-contract §6): the caller's trash rows changed
// since a version, by `updated_at_us`, each with its file as the collection
// it was trashed from holds it. See: [Note: Diff pagination never splits a version]
// and [Note: Trash versions only grow, per user, in commit order].

const trashItemJSON = (row: TrashRowWithFile, viewerID: number): RemoteTrashItemJSON => {
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
  const page = await readDiffPage<TrashRowWithFile>(
    {
      rowsAfter: (sinceTime, count) => trashRowsAfter(db, userID, sinceTime, count),
      rowsAt: (version) => trashRowsAt(db, userID, version),
      versionOf: (row) => row.trash_updated_at_us,
    },
    sinceTimeUs,
    libraryLimits.diffPage,
  );
  return { rows: page.rows.map((row) => trashItemJSON(row, userID)), hasMore: page.hasMore };
};
