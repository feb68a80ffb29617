import type { DB } from "../../db/db";
import type { FileDataTable } from "../../db/schema";

// The queries of `file_data`: one row per (file, type), under the file's
// owner; a tombstone once the file is deleted for good. A preview's row also
// names its object. See: [Note: One repository per table family]

export type FileDataRow = Pick<
  FileDataTable,
  "file_id" | "data_type" | "user_id" | "encrypted_data" | "decryption_header" | "updated_at_us"
>;

export type FileDataStatusRow = Pick<
  FileDataTable,
  "file_id" | "data_type" | "user_id" | "size" | "updated_at_us" | "object_id"
> & { is_deleted: number };

/** A preview's row as a registration reads it. */
export type PreviewRow = Pick<FileDataTable, "user_id" | "object_id" | "object_size_bytes"> & {
  is_deleted: number;
};

const dataColumns = [
  "file_id",
  "data_type",
  "user_id",
  "encrypted_data",
  "decryption_header",
  "updated_at_us",
] as const;

/** A file's row of a type, deleted or not. */
export const fileDataRowOf = (db: DB, fileID: number, type: string) =>
  db
    .selectFrom("file_data")
    .select(["updated_at_us", "is_deleted"])
    .where("file_id", "=", fileID)
    .where("data_type", "=", type)
    .executeTakeFirst();

/** The live rows of a type of those of `fileIDs` that have one. */
export const liveFileDataOf = (
  db: DB,
  fileIDs: readonly number[],
  type: string,
): Promise<FileDataRow[]> => {
  if (fileIDs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("file_data")
    .select(dataColumns)
    .where("file_id", "in", [...fileIDs])
    .where("data_type", "=", type)
    .where("is_deleted", "=", 0)
    .execute();
};

/** The newest version of an owner's rows, 0 when there are none. */
export const newestFileDataVersion = async (db: DB, userID: number): Promise<number> => {
  const row = await db
    .selectFrom("file_data")
    .select((eb) => eb.fn.max("updated_at_us").as("newest"))
    .where("user_id", "=", userID)
    .executeTakeFirst();
  return row?.newest ?? 0;
};

/** A file's preview row of a type, deleted or not. */
export const previewRowOf = (
  db: DB,
  fileID: number,
  type: string,
): Promise<PreviewRow | undefined> =>
  db
    .selectFrom("file_data")
    .select(["user_id", "object_id", "object_size_bytes", "is_deleted"])
    .where("file_id", "=", fileID)
    .where("data_type", "=", type)
    .executeTakeFirst();

/** The live preview objects of those of `fileIDs` that have one. */
export const livePreviewObjectsOf = (db: DB, fileIDs: readonly number[]) => {
  if (fileIDs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("file_data")
    .select(["file_id", "data_type", "user_id", "object_id", "object_size_bytes"])
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .where("object_id", "is not", null)
    .execute();
};

/**
 * Store a file's data of a type, replacing what it had (a tombstone too): its
 * ML index, or a preview's playlist with the preview's object.
 */
export const upsertFileData = async (
  db: DB,
  row: FileDataRow & {
    size: number;
    created_at_us: number;
    object_id?: string;
    object_size_bytes?: number;
  },
): Promise<void> => {
  const object = {
    object_id: row.object_id ?? null,
    object_size_bytes: row.object_size_bytes ?? null,
  };
  await db
    .insertInto("file_data")
    .values({ ...row, ...object, is_deleted: 0 })
    .onConflict((oc) =>
      oc.columns(["file_id", "data_type"]).doUpdateSet({
        user_id: row.user_id,
        encrypted_data: row.encrypted_data,
        decryption_header: row.decryption_header,
        size: row.size,
        is_deleted: 0,
        updated_at_us: row.updated_at_us,
        ...object,
      }),
    )
    .execute();
};

/** Turn the live rows of files (deleted for good) into tombstones at a version. */
export const markFileDataDeleted = async (
  db: DB,
  fileIDs: readonly number[],
  versionUs: number,
): Promise<void> => {
  if (fileIDs.length === 0) return;
  await db
    .updateTable("file_data")
    .set({
      is_deleted: 1,
      encrypted_data: "",
      decryption_header: "",
      size: 0,
      updated_at_us: versionUs,
      object_id: null,
      object_size_bytes: null,
    })
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();
};

const statusColumns = [
  "file_id",
  "data_type",
  "user_id",
  "size",
  "updated_at_us",
  "is_deleted",
  "object_id",
] as const;

/** Up to `count` of an owner's rows with a version after `sinceUs`, ascending. */
export const fileDataStatusAfter = (
  db: DB,
  userID: number,
  sinceUs: number,
  count: number,
): Promise<FileDataStatusRow[]> =>
  db
    .selectFrom("file_data")
    .select(statusColumns)
    .where("user_id", "=", userID)
    .where("updated_at_us", ">", sinceUs)
    .orderBy("updated_at_us")
    .limit(count)
    .execute();

/** Every row of an owner at one version. */
export const fileDataStatusAt = (
  db: DB,
  userID: number,
  versionUs: number,
): Promise<FileDataStatusRow[]> =>
  db
    .selectFrom("file_data")
    .select(statusColumns)
    .where("user_id", "=", userID)
    .where("updated_at_us", "=", versionUs)
    .execute();

/** Delete every row stored under an owner (the account is deleted). */
export const deleteFileDataOfUser = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("file_data").where("user_id", "=", userID).execute();
};
