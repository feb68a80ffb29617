import type { DB } from "../../db/db";

// The queries of a file's objects: the registered keys of its blobs
// (`object_keys`, one file and one thumbnail per file), the keys minted for
// uploads and not yet registered (`temp_objects`), and the blobs queued for
// deletion (`object_deletions`). See: [Note: One repository per table family]

export type ObjectType = "file" | "thumbnail";

/** A file's two objects as they are registered. */
export interface FileObjects {
  fileKey: string;
  thumbnailKey: string;
  fileSizeBytes: number;
  thumbSizeBytes: number;
}

/** Registers a file's file and thumbnail objects, live. */
export const insertFileObjects = async (
  db: DB,
  fileID: number,
  objects: FileObjects,
  nowUs: number,
): Promise<void> => {
  await db
    .insertInto("object_keys")
    .values(
      (
        [
          ["file", objects.fileKey, objects.fileSizeBytes],
          ["thumbnail", objects.thumbnailKey, objects.thumbSizeBytes],
        ] as const
      ).map(([type, objectKey, size]) => ({
        file_id: fileID,
        o_type: type,
        object_key: objectKey,
        size,
        is_deleted: 0,
        created_at_us: nowUs,
        updated_at_us: nowUs,
      })),
    )
    .execute();
};

/** The registered objects among `objectKeys`, live or deleted. */
export const registeredObjectsNamed = (db: DB, objectKeys: readonly string[]) =>
  db
    .selectFrom("object_keys")
    .select(["file_id", "o_type", "object_key"])
    .where("object_key", "in", [...objectKeys])
    .execute();

/** The registered objects among `objectKeys` and those of the file, live or deleted. */
export const registeredObjectsNamedOrOf = (db: DB, objectKeys: readonly string[], fileID: number) =>
  db
    .selectFrom("object_keys")
    .select(["file_id", "o_type", "object_key", "size", "is_deleted"])
    .where((eb) => eb.or([eb("object_key", "in", [...objectKeys]), eb("file_id", "=", fileID)]))
    .execute();

/** The live objects of a file. */
export const liveObjectsOfFile = (db: DB, fileID: number) =>
  db
    .selectFrom("object_keys")
    .select(["o_type", "object_key", "size"])
    .where("file_id", "=", fileID)
    .where("is_deleted", "=", 0)
    .execute();

/** The live objects of several files. */
export const liveObjectsOfFiles = (db: DB, fileIDs: readonly number[]) =>
  db
    .selectFrom("object_keys")
    .select(["object_key", "size"])
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();

/** The live objects of several files, with their files and types. */
export const liveObjectRowsOfFiles = (db: DB, fileIDs: readonly number[]) =>
  db
    .selectFrom("object_keys")
    .select(["file_id", "o_type", "object_key", "size"])
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();

/** The key of a file's live object of one type. */
export const liveObjectKeyOf = async (
  db: DB,
  fileID: number,
  objectType: ObjectType,
): Promise<string | undefined> => {
  const object = await db
    .selectFrom("object_keys")
    .select("object_key")
    .where("file_id", "=", fileID)
    .where("o_type", "=", objectType)
    .where("is_deleted", "=", 0)
    .executeTakeFirst();
  return object?.object_key;
};

/** The live object keys of type `objectType` of those of `fileIDs` that have one, by file ID. */
export const liveObjectKeysOf = async (
  db: DB,
  fileIDs: readonly number[],
  objectType: ObjectType,
): Promise<Map<number, string>> => {
  if (fileIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom("object_keys")
    .select(["file_id", "object_key"])
    .where("file_id", "in", [...fileIDs])
    .where("o_type", "=", objectType)
    .where("is_deleted", "=", 0)
    .execute();
  return new Map(rows.map((row) => [row.file_id, row.object_key]));
};

/** Marks the live objects of the files deleted. */
export const markObjectsOfFilesDeleted = async (
  db: DB,
  fileIDs: readonly number[],
  nowUs: number,
): Promise<void> => {
  await db
    .updateTable("object_keys")
    .set({ is_deleted: 1, updated_at_us: nowUs })
    .where("file_id", "in", [...fileIDs])
    .where("is_deleted", "=", 0)
    .execute();
};

/** Forgets every registered object of a file, live or deleted. */
export const deleteObjectsOfFile = async (db: DB, fileID: number): Promise<void> => {
  await db.deleteFrom("object_keys").where("file_id", "=", fileID).execute();
};

/** Forgets every registered object of the owner's files (when the account is deleted). */
export const deleteObjectsOfOwner = async (db: DB, ownerID: number): Promise<void> => {
  const fileIDs = db.selectFrom("files").select("file_id").where("owner_id", "=", ownerID);
  await db.deleteFrom("object_keys").where("file_id", "in", fileIDs).execute();
};

/** Queues blobs for the deletion job (a key queued already stays as it is). */
export const queueObjectDeletions = async (
  db: DB,
  objectKeys: readonly string[],
  nowUs: number,
): Promise<void> => {
  await db
    .insertInto("object_deletions")
    .values(objectKeys.map((objectKey) => ({ object_key: objectKey, queued_at_us: nowUs })))
    .onConflict((oc) => oc.column("object_key").doNothing())
    .execute();
};

/** Whether any of `objectKeys` is queued for deletion. */
export const isAnyQueuedForDeletion = async (
  db: DB,
  objectKeys: readonly string[],
): Promise<boolean> => {
  const queued = await db
    .selectFrom("object_deletions")
    .select("object_key")
    .where("object_key", "in", [...objectKeys])
    .executeTakeFirst();
  return queued !== undefined;
};

/** Up to `limit` queued keys after `afterKey`, in key order. */
export const queuedDeletionsAfter = async (
  db: DB,
  afterKey: string,
  limit: number,
): Promise<string[]> => {
  const rows = await db
    .selectFrom("object_deletions")
    .select("object_key")
    .where("object_key", ">", afterKey)
    .orderBy("object_key")
    .limit(limit)
    .execute();
  return rows.map((row) => row.object_key);
};

/** Takes keys off the deletion queue. */
export const dequeueObjectDeletions = async (
  db: DB,
  objectKeys: readonly string[],
): Promise<void> => {
  await db
    .deleteFrom("object_deletions")
    .where("object_key", "in", [...objectKeys])
    .execute();
};

/**
 * Takes the account's keys (under its `<userID>/` folder) off the deletion
 * queue (when the account is deleted, with its folder).
 */
export const dequeueObjectDeletionsOfAccount = async (db: DB, userID: number): Promise<void> => {
  await db
    .deleteFrom("object_deletions")
    .where("object_key", "like", `${String(userID)}/%`)
    .execute();
};

/** A minted upload key, kept until it is registered or expires. */
export interface TempObject {
  objectKey: string;
  userID: number;
  isMultipart: boolean;
  expiresAtUs: number;
}

export const recordTempObjects = async (db: DB, objects: readonly TempObject[]): Promise<void> => {
  await db
    .insertInto("temp_objects")
    .values(
      objects.map((object) => ({
        object_key: object.objectKey,
        user_id: object.userID,
        is_multipart: object.isMultipart ? 1 : 0,
        expiration_time_us: object.expiresAtUs,
      })),
    )
    .execute();
};

/** Whether a key was minted for the user and is not registered or expired yet. */
export const isTempObjectOf = async (db: DB, objectKey: string, userID: number): Promise<boolean> =>
  (await db
    .selectFrom("temp_objects")
    .select("object_key")
    .where("object_key", "=", objectKey)
    .where("user_id", "=", userID)
    .executeTakeFirst()) !== undefined;

/** Forgets minted upload keys (registered, or expired and deleted). */
export const forgetTempObjects = async (db: DB, objectKeys: readonly string[]): Promise<void> => {
  await db
    .deleteFrom("temp_objects")
    .where("object_key", "in", [...objectKeys])
    .execute();
};

/** Forgets every minted upload key of the account (when the account is deleted). */
export const forgetTempObjectsOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("temp_objects").where("user_id", "=", userID).execute();
};

/**
 * Up to `limit` minted keys expired at `nowUs`, after `afterKey` in key order,
 * each with the file it was registered to (null for none).
 */
export const expiredTempObjectsAfter = (db: DB, nowUs: number, afterKey: string, limit: number) =>
  db
    .selectFrom("temp_objects")
    .leftJoin("object_keys", "object_keys.object_key", "temp_objects.object_key")
    .select(["temp_objects.object_key", "object_keys.file_id"])
    .where("temp_objects.expiration_time_us", "<=", nowUs)
    .where("temp_objects.object_key", ">", afterKey)
    .orderBy("temp_objects.object_key")
    .limit(limit)
    .execute();
