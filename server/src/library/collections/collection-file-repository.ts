import { sql } from "kysely";
import type { CollectionFileItem } from "../../../../shared/api/endpoints/library-schemas";
import type { DB } from "../../db/db";
import type { CollectionFileRow } from "../file-json";
import type { CollectionRow } from "./collection-repository";

// The queries of the rows placing files in collections (`collection_files`,
// one row per collection and file, live or marked deleted).
// See: [Note: One repository per table family]

/** The row of a file in a collection, live or not. */
export const collectionFileEntry = (
  db: DB,
  collectionID: number,
  fileID: number,
): Promise<CollectionFileRow | undefined> =>
  db
    .selectFrom("collection_files")
    .selectAll()
    .where("collection_id", "=", collectionID)
    .where("file_id", "=", fileID)
    .executeTakeFirst();

/** Whether the file has a live row in the collection. */
export const isLiveInCollection = async (
  db: DB,
  collectionID: number,
  fileID: number,
): Promise<boolean> =>
  (await db
    .selectFrom("collection_files")
    .select("file_id")
    .where("collection_id", "=", collectionID)
    .where("file_id", "=", fileID)
    .where("is_deleted", "=", 0)
    .executeTakeFirst()) !== undefined;

/**
 * Whether the file is live in a collection with a live share whose sharee or
 * sharer is the user. See: [Note: Who may download a file]
 */
export const isFileSharedWith = async (db: DB, userID: number, fileID: number): Promise<boolean> =>
  (await filesSharedWith(db, userID, [fileID])).has(fileID);

/**
 * Those of `fileIDs` that `isFileSharedWith` the user, in one query.
 * See: [Note: Who may download a file]
 */
export const filesSharedWith = async (
  db: DB,
  userID: number,
  fileIDs: readonly number[],
): Promise<Set<number>> => {
  if (fileIDs.length === 0) return new Set();
  const rows = await db
    .selectFrom("collection_files")
    .innerJoin(
      "collection_shares",
      "collection_shares.collection_id",
      "collection_files.collection_id",
    )
    .select("collection_files.file_id")
    .distinct()
    .where("collection_files.file_id", "in", [...fileIDs])
    .where("collection_files.is_deleted", "=", 0)
    .where("collection_shares.is_deleted", "=", 0)
    .where((eb) =>
      eb.or([
        eb("collection_shares.to_user_id", "=", userID),
        eb("collection_shares.from_user_id", "=", userID),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => row.file_id));
};

/** The collections holding the files (live rows only, or every row). */
export const collectionsOfFiles = async (
  db: DB,
  fileIDs: readonly number[],
  { liveOnly }: { liveOnly: boolean },
): Promise<number[]> => {
  if (fileIDs.length === 0) return [];
  let query = db
    .selectFrom("collection_files")
    .select("collection_id")
    .distinct()
    .where("file_id", "in", [...fileIDs]);
  if (liveOnly) query = query.where("is_deleted", "=", 0);
  return (await query.execute()).map((row) => row.collection_id);
};

/** Every row of the files, live or not, as (collection, file) pairs. */
export const entriesOfFiles = (db: DB, fileIDs: readonly number[]) =>
  db
    .selectFrom("collection_files")
    .select(["collection_id", "file_id"])
    .where("file_id", "in", [...fileIDs])
    .execute();

/**
 * The collection's rows of those of `fileIDs` it has, live or not, with
 * their files' owners and action marks.
 */
export const entriesInCollection = (db: DB, collectionID: number, fileIDs: readonly number[]) =>
  db
    .selectFrom("collection_files")
    .select(["file_id", "f_owner_id", "is_deleted", "action"])
    .where("collection_id", "=", collectionID)
    .where("file_id", "in", [...fileIDs])
    .execute();

/** Those of `fileIDs` that are live in the collection. */
export const liveFileIDsInCollection = async (
  db: DB,
  collectionID: number,
  fileIDs: readonly number[],
): Promise<Set<number>> => {
  if (fileIDs.length === 0) return new Set();
  const rows = await db
    .selectFrom("collection_files")
    .select("file_id")
    .where("collection_id", "=", collectionID)
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();
  return new Set(rows.map((row) => row.file_id));
};

/** The collection's live rows, with their files' owners. */
export const liveEntriesOfCollection = (db: DB, collectionID: number) =>
  db
    .selectFrom("collection_files")
    .select(["file_id", "f_owner_id"])
    .where("collection_id", "=", collectionID)
    .where("is_deleted", "=", 0)
    .execute();

/** Those of `fileIDs` that are live in a live collection other than `collectionID`. */
export const filesLiveInOtherCollections = async (
  db: DB,
  collectionID: number,
  fileIDs: readonly number[],
): Promise<number[]> =>
  (
    await db
      .selectFrom("collection_files as cf")
      .innerJoin("collections as c", "c.collection_id", "cf.collection_id")
      .select("cf.file_id")
      .distinct()
      .where("cf.file_id", "in", [...fileIDs])
      .where("cf.collection_id", "!=", collectionID)
      .where("cf.is_deleted", "=", 0)
      .where("c.is_deleted", "=", 0)
      .execute()
  ).map((row) => row.file_id);

/** How many distinct files of the owner are live in at least one collection. */
export const liveFileCountOfOwner = async (db: DB, fileOwnerID: number): Promise<number> => {
  const row = await db
    .selectFrom("collection_files")
    .select((eb) => eb.fn.count<number | string>("file_id").distinct().as("count"))
    .where("f_owner_id", "=", fileOwnerID)
    .where("is_deleted", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const insertCollectionFile = async (db: DB, entry: CollectionFileRow): Promise<void> => {
  await db.insertInto("collection_files").values(entry).execute();
};

export interface CollectionRowsWrite {
  collection: Pick<CollectionRow, "collection_id" | "owner_id">;
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
  db: DB,
  { collection, items, fileOwnerID, versionUs, nowUs }: CollectionRowsWrite,
): Promise<void> => {
  if (items.length === 0) return;
  await db
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

/** Set the version of the files' rows in every collection (or only the live rows). */
export const bumpFileRows = async (
  db: DB,
  fileIDs: readonly number[],
  versionUs: number,
  { liveOnly }: { liveOnly: boolean },
): Promise<void> => {
  if (fileIDs.length === 0) return;
  let query = db
    .updateTable("collection_files")
    .set({ updation_time_us: versionUs })
    .where("file_id", "in", [...fileIDs]);
  if (liveOnly) query = query.where("is_deleted", "=", 0);
  await query.execute();
};

/** Mark the files' live rows in a collection deleted. */
export const removeCollectionFiles = async (
  db: DB,
  collectionID: number,
  fileIDs: readonly number[],
  versionUs: number,
): Promise<void> => {
  if (fileIDs.length === 0) return;
  await db
    .updateTable("collection_files")
    .set({ is_deleted: 1, updation_time_us: versionUs })
    .where("collection_id", "=", collectionID)
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();
};

/**
 * Mark the files' live rows in a collection for their owner to remove
 * (REMOVE by `actorID`): the rows stay live for the owner, and every other
 * viewer's diff shows them deleted (wire-contract §7.5).
 * See: [Note: A deletion suggestion takes the files out and asks their owners]
 */
export const markCollectionFilesForRemoval = async (
  db: DB,
  collectionID: number,
  fileIDs: readonly number[],
  actorID: number,
  versionUs: number,
): Promise<void> => {
  if (fileIDs.length === 0) return;
  await db
    .updateTable("collection_files")
    .set({ action: "REMOVE", action_user: actorID, updation_time_us: versionUs })
    .where("collection_id", "=", collectionID)
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();
};

/** Mark the files' live rows in every collection deleted. */
export const markFilesRemovedEverywhere = async (
  db: DB,
  fileIDs: readonly number[],
  versionUs: number,
): Promise<void> => {
  await db
    .updateTable("collection_files")
    .set({ is_deleted: 1, updation_time_us: versionUs })
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();
};

/** Mark every live row of the collection deleted. */
export const markAllCollectionFilesDeleted = async (
  db: DB,
  collectionID: number,
  versionUs: number,
): Promise<void> => {
  await db
    .updateTable("collection_files")
    .set({ is_deleted: 1, updation_time_us: versionUs })
    .where("collection_id", "=", collectionID)
    .where("is_deleted", "=", 0)
    .execute();
};

/** Mark the live rows of the collection whose files `fileOwnerID` owns deleted. */
export const markCollectionFilesOfOwnerDeleted = async (
  db: DB,
  collectionID: number,
  fileOwnerID: number,
  versionUs: number,
): Promise<void> => {
  await db
    .updateTable("collection_files")
    .set({ is_deleted: 1, updation_time_us: versionUs })
    .where("collection_id", "=", collectionID)
    .where("f_owner_id", "=", fileOwnerID)
    .where("is_deleted", "=", 0)
    .execute();
};

/** The collections of other owners holding entries (live or not) of the user's files. */
export const othersCollectionsWithFilesOf = async (db: DB, userID: number): Promise<number[]> =>
  (
    await db
      .selectFrom("collection_files")
      .select("collection_id")
      .distinct()
      .where("f_owner_id", "=", userID)
      .where("c_owner_id", "!=", userID)
      .execute()
  ).map((row) => row.collection_id);

/**
 * Deletes the rows of the account's collections, and those of its files in
 * anyone's collection (when the account is deleted).
 */
export const deleteCollectionFilesOfAccount = async (db: DB, userID: number): Promise<void> => {
  const collectionIDs = db
    .selectFrom("collections")
    .select("collection_id")
    .where("owner_id", "=", userID);
  const fileIDs = db.selectFrom("files").select("file_id").where("owner_id", "=", userID);
  await db
    .deleteFrom("collection_files")
    .where((eb) => eb.or([eb("collection_id", "in", collectionIDs), eb("file_id", "in", fileIDs)]))
    .execute();
};
