import type { DB } from "../../db/db";

// The queries of the `trash` table: one row per file a user has trashed,
// live (in the trash), restored, or deleted for good.
// See: [Note: One repository per table family]

/** A trash row as it is written. */
export interface TrashRowWrite {
  fileID: number;
  userID: number;
  /** The collection the file was trashed from. */
  collectionID: number;
  createdAtUs: number;
  /** The trash version. See: [Note: Trash versions only grow, per user, in commit order] */
  updatedAtUs: number;
  deleteByUs: number;
}

/**
 * Insert trash rows, or overwrite the rows of files trashed before (restored
 * or deleted then): a file has one trash row.
 */
export const upsertTrashRows = async (db: DB, rows: readonly TrashRowWrite[]): Promise<void> => {
  if (rows.length === 0) return;
  await db
    .insertInto("trash")
    .values(
      rows.map((row) => ({
        file_id: row.fileID,
        user_id: row.userID,
        collection_id: row.collectionID,
        is_deleted: 0,
        is_restored: 0,
        created_at_us: row.createdAtUs,
        updated_at_us: row.updatedAtUs,
        delete_by_us: row.deleteByUs,
      })),
    )
    .onConflict((oc) =>
      oc.column("file_id").doUpdateSet((eb) => ({
        user_id: eb.ref("excluded.user_id"),
        collection_id: eb.ref("excluded.collection_id"),
        is_deleted: eb.ref("excluded.is_deleted"),
        is_restored: eb.ref("excluded.is_restored"),
        created_at_us: eb.ref("excluded.created_at_us"),
        updated_at_us: eb.ref("excluded.updated_at_us"),
        delete_by_us: eb.ref("excluded.delete_by_us"),
      })),
    )
    .execute();
};

/** The user's trash rows among `fileIDs`, in whatever state. */
export const trashStatesOf = (db: DB, userID: number, fileIDs: readonly number[]) =>
  db
    .selectFrom("trash")
    .select(["file_id", "is_deleted", "is_restored"])
    .where("user_id", "=", userID)
    .where("file_id", "in", [...fileIDs])
    .execute();

/** Those of `fileIDs` that are in the user's live trash (neither deleted nor restored). */
export const liveTrashFileIDsAmong = async (
  db: DB,
  userID: number,
  fileIDs: readonly number[],
): Promise<number[]> => {
  const rows = await db
    .selectFrom("trash")
    .select("file_id")
    .where("file_id", "in", [...fileIDs])
    .where("user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .where("is_restored", "=", 0)
    .execute();
  return rows.map((row) => row.file_id);
};

/**
 * Up to `limit` files of the user's live trash whose trash version is at most
 * `updatedAtMostUs`, by file ID.
 */
export const liveTrashFileIDsUpTo = async (
  db: DB,
  userID: number,
  updatedAtMostUs: number,
  limit: number,
): Promise<number[]> => {
  const rows = await db
    .selectFrom("trash")
    .select("file_id")
    .where("user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .where("is_restored", "=", 0)
    .where("updated_at_us", "<=", updatedAtMostUs)
    .orderBy("file_id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.file_id);
};

/** Up to `limit` live trash rows of any user whose `deleteBy` has come, soonest first. */
export const expiredTrashRows = (db: DB, nowUs: number, limit: number) =>
  db
    .selectFrom("trash")
    .select(["file_id", "user_id"])
    .where("delete_by_us", "<=", nowUs)
    .where("is_deleted", "=", 0)
    .where("is_restored", "=", 0)
    .orderBy("delete_by_us")
    .limit(limit)
    .execute();

/** The first of `fileIDs` that is in a trash or was deleted from it for good (not restored). */
export const firstTrashedFileAmong = async (
  db: DB,
  fileIDs: readonly number[],
): Promise<number | undefined> => {
  const trashed = await db
    .selectFrom("trash")
    .select("file_id")
    .where("file_id", "in", [...fileIDs])
    .where("is_restored", "=", 0)
    .executeTakeFirst();
  return trashed?.file_id;
};

/** The newest trash version of a user (0 for a trash never written). */
export const newestTrashVersionUs = async (db: DB, userID: number): Promise<number> => {
  const newest = await db
    .selectFrom("trash")
    .select((eb) => eb.fn.max("updated_at_us").as("newest"))
    .where("user_id", "=", userID)
    .executeTakeFirst();
  return newest?.newest ?? 0;
};

/**
 * Mark those of `fileIDs` in the user's live trash deleted for good at a
 * trash version; answers their IDs. The condition is part of the update, so a
 * restore that commits first wins.
 */
export const markTrashDeleted = async (
  db: DB,
  userID: number,
  fileIDs: readonly number[],
  trashVersionUs: number,
): Promise<number[]> => {
  const deleted = await db
    .updateTable("trash")
    .set({ is_deleted: 1, updated_at_us: trashVersionUs })
    .where("file_id", "in", [...fileIDs])
    .where("user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .where("is_restored", "=", 0)
    .returning("file_id")
    .execute();
  return deleted.map((row) => row.file_id);
};

/** Mark the trash rows of `fileIDs` restored at a trash version. */
export const markTrashRestored = async (
  db: DB,
  fileIDs: readonly number[],
  trashVersionUs: number,
): Promise<void> => {
  await db
    .updateTable("trash")
    .set({ is_restored: 1, updated_at_us: trashVersionUs })
    .where("file_id", "in", [...fileIDs])
    .execute();
};

/** Every trash row of a user (when the account's library goes). */
export const deleteTrashOfUser = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("trash").where("user_id", "=", userID).execute();
};

/** A user's trash rows, each with its file and the entry of the collection it was trashed from. */
const trashRowsWithFiles = (db: DB, userID: number) =>
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

export type TrashRowWithFile = Awaited<
  ReturnType<ReturnType<typeof trashRowsWithFiles>["execute"]>
>[number];

/** Up to `count` of the user's trash rows with a version after `sinceUs`, oldest first. */
export const trashRowsAfter = (
  db: DB,
  userID: number,
  sinceUs: number,
  count: number,
): Promise<TrashRowWithFile[]> =>
  trashRowsWithFiles(db, userID)
    .where("trash.updated_at_us", ">", sinceUs)
    .orderBy("trash.updated_at_us")
    .limit(count)
    .execute();

/** Every trash row of the user at one version. */
export const trashRowsAt = (
  db: DB,
  userID: number,
  versionUs: number,
): Promise<TrashRowWithFile[]> =>
  trashRowsWithFiles(db, userID).where("trash.updated_at_us", "=", versionUs).execute();
