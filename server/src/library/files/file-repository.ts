import type { Updateable } from "kysely";
import type { DatabaseConfig } from "../../config/config";
import type { DB } from "../../db/db";
import type { FilesTable } from "../../db/schema";
import { deletedFileMarker, type FileRow } from "../file-json";

// The queries of files (`files`, one row per file of an owner, kept with the
// deleted marker once the file is deleted for good).
// See: [Note: One repository per table family]

export const fileByID = (db: DB, fileID: number): Promise<FileRow | undefined> =>
  db.selectFrom("files").selectAll().where("file_id", "=", fileID).executeTakeFirst();

/** The rows of those of `fileIDs` that exist. */
export const filesByID = (db: DB, fileIDs: readonly number[]): Promise<FileRow[]> =>
  db
    .selectFrom("files")
    .selectAll()
    .where("file_id", "in", [...fileIDs])
    .execute();

/** Those of `fileIDs` that `ownerID` owns. */
export const ownedFilesAmong = (
  db: DB,
  ownerID: number,
  fileIDs: readonly number[],
): Promise<FileRow[]> =>
  db
    .selectFrom("files")
    .selectAll()
    .where("file_id", "in", [...fileIDs])
    .where("owner_id", "=", ownerID)
    .execute();

/** The files' rows, in ID order, under a row lock on PostgreSQL (SQLite serialises writes). */
export const lockedFileRows = (
  db: DB,
  dialect: DatabaseConfig["kind"],
  fileIDs: readonly number[],
): Promise<FileRow[]> => {
  const query = db
    .selectFrom("files")
    .selectAll()
    .where("file_id", "in", [...fileIDs])
    .orderBy("file_id");
  return (dialect === "postgres" ? query.forUpdate() : query).execute();
};

/** Lock the files' rows in ID order (PostgreSQL only; the caller skips SQLite). */
export const lockFileIDs = async (db: DB, fileIDs: readonly number[]): Promise<void> => {
  await db
    .selectFrom("files")
    .select("file_id")
    .where("file_id", "in", [...fileIDs])
    .orderBy("file_id")
    .forUpdate()
    .execute();
};

/**
 * Those of `fileIDs` that `ownerID` owns, with their metadata, in ID order,
 * under a row lock on PostgreSQL.
 */
export const lockedOwnedFiles = (
  db: DB,
  dialect: DatabaseConfig["kind"],
  ownerID: number,
  fileIDs: readonly number[],
) => {
  const query = db
    .selectFrom("files")
    .select(["file_id", "encrypted_metadata"])
    .where("file_id", "in", [...fileIDs])
    .where("owner_id", "=", ownerID)
    .orderBy("file_id");
  return (dialect === "postgres" ? query.forUpdate() : query).execute();
};

/** The file's owner and metadata (the deleted marker once deleted for good). */
export const fileOwnerAndMetadata = (db: DB, fileID: number) =>
  db
    .selectFrom("files")
    .select(["owner_id", "encrypted_metadata"])
    .where("file_id", "=", fileID)
    .executeTakeFirst();

/** The owners of those of `fileIDs` that exist and are not deleted for good. */
export const liveFileOwners = (db: DB, fileIDs: readonly number[]) =>
  db
    .selectFrom("files")
    .select(["file_id", "owner_id"])
    .where("file_id", "in", [...fileIDs])
    .where("encrypted_metadata", "!=", deletedFileMarker)
    .execute();

/** The sizes of those of `fileIDs` that `ownerID` owns and that are not deleted for good. */
export const ownedFileSizes = (db: DB, ownerID: number, fileIDs: readonly number[]) =>
  db
    .selectFrom("files")
    .select(["file_id", "file_size", "thumb_size"])
    .where("file_id", "in", [...fileIDs])
    .where("owner_id", "=", ownerID)
    .where("encrypted_metadata", "!=", deletedFileMarker)
    .execute();

/**
 * The owner's files, not deleted for good, whose file object's size another
 * of them shares, by size then ID.
 */
export const ownedFilesSharingASize = (db: DB, ownerID: number) => {
  const live = db
    .selectFrom("files")
    .where("owner_id", "=", ownerID)
    .where("encrypted_metadata", "!=", deletedFileMarker);
  return live
    .select(["file_id", "file_size"])
    .where(
      "file_size",
      "in",
      live
        .select("file_size")
        .groupBy("file_size")
        .having((eb) => eb.fn.countAll(), ">", 1),
    )
    .orderBy("file_size")
    .orderBy("file_id")
    .execute();
};

export const insertFile = async (db: DB, file: FileRow): Promise<void> => {
  await db.insertInto("files").values(file).execute();
};

/**
 * Mark the owner's files deleted for good: the deleted marker in their
 * metadata and headers, no magic metadata, no size.
 */
export const markOwnedFilesDeletedForGood = async (
  db: DB,
  ownerID: number,
  fileIDs: readonly number[],
): Promise<void> => {
  await db
    .updateTable("files")
    .set({
      encrypted_metadata: deletedFileMarker,
      metadata_decryption_header: deletedFileMarker,
      file_decryption_header: deletedFileMarker,
      thumbnail_decryption_header: deletedFileMarker,
      magic_metadata: null,
      pub_magic_metadata: null,
      file_size: 0,
      thumb_size: 0,
    })
    .where("file_id", "in", [...fileIDs])
    .where("owner_id", "=", ownerID)
    .execute();
};

/** Set a file's magic metadata (private or public) and, unless skipped, its version. */
export const setFileMagicMetadata = async (
  db: DB,
  fileID: number,
  values: Pick<
    Updateable<FilesTable>,
    "magic_metadata" | "pub_magic_metadata" | "updation_time_us"
  >,
): Promise<void> => {
  await db.updateTable("files").set(values).where("file_id", "=", fileID).execute();
};

/** Set a file's new content: its headers, metadata, sizes and version. */
export const setFileContent = async (
  db: DB,
  fileID: number,
  values: Required<
    Pick<
      Updateable<FilesTable>,
      | "file_decryption_header"
      | "thumbnail_decryption_header"
      | "metadata_decryption_header"
      | "encrypted_metadata"
      | "file_size"
      | "thumb_size"
      | "updation_time_us"
    >
  >,
): Promise<void> => {
  await db.updateTable("files").set(values).where("file_id", "=", fileID).execute();
};

/** Deletes every file row of the owner (when the account is deleted). */
export const deleteFilesOfOwner = async (db: DB, ownerID: number): Promise<void> => {
  await db.deleteFrom("files").where("owner_id", "=", ownerID).execute();
};
