// What a running test Cairn holds of one user's library, read straight from
// its database and its local blob folder, and the user's storage plan
// changed there: the browser tests of uploads check that nothing half-
// registered is left behind, and give an account a small plan.

import { readdir } from "node:fs/promises";
import path from "node:path";
import { type CairnDatabase, openDatabase } from "../../../server/src/db/database";
import type { TestCairn } from "./suite";

/** A registered file as the server counts it. */
export interface ServerFile {
  id: number;
  /** The encrypted file object's bytes. */
  fileBytes: number;
  /** The encrypted thumbnail's bytes. */
  thumbnailBytes: number;
}

export interface ServerLibrary {
  /** The user's registered files (`files` rows they own). */
  files: ServerFile[];
  /** `usage.storage_consumed`: what the quota counts. */
  usageBytes: number;
  /** Object keys of the registered files (file and thumbnail), sorted. */
  registeredKeys: string[];
  /** Object keys minted but not registered (`temp_objects`), which the server expires, sorted. */
  pendingKeys: string[];
  /** Objects in the user's folder of the blob store, sorted. */
  storedKeys: string[];
}

const withDatabase = async <T>(
  cairn: TestCairn,
  use: (db: CairnDatabase["db"]) => Promise<T>,
): Promise<T> => {
  const database = await openDatabase(cairn.config.database);
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
};

/** The objects in `userID`'s folder of the local blob store (keys `<userID>/<uuid>`). */
const storedObjectKeys = async (cairn: TestCairn, userID: number): Promise<string[]> => {
  const { blobs } = cairn.config;
  if (blobs.kind !== "local") throw new Error("The test Cairn keeps its objects in S3");
  const folder = String(userID);
  try {
    const names = await readdir(path.join(blobs.dir, folder));
    return names.map((name) => `${folder}/${name}`).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
};

/** What the server holds of `userID`'s library. */
export const readServerLibrary = (cairn: TestCairn, userID: number): Promise<ServerLibrary> =>
  withDatabase(cairn, async (db) => {
    const files = await db
      .selectFrom("files")
      .select(["file_id", "file_size", "thumb_size"])
      .where("owner_id", "=", userID)
      .orderBy("file_id")
      .execute();
    const usage = await db
      .selectFrom("usage")
      .select("storage_consumed")
      .where("user_id", "=", userID)
      .executeTakeFirst();
    const registered =
      files.length === 0
        ? []
        : await db
            .selectFrom("object_keys")
            .select("object_key")
            .where(
              "file_id",
              "in",
              files.map((file) => file.file_id),
            )
            .where("is_deleted", "=", 0)
            .execute();
    const pending = await db
      .selectFrom("temp_objects")
      .select("object_key")
      .where("user_id", "=", userID)
      .execute();
    return {
      files: files.map((file) => ({
        id: file.file_id,
        fileBytes: file.file_size,
        thumbnailBytes: file.thumb_size,
      })),
      usageBytes: usage?.storage_consumed ?? 0,
      registeredKeys: registered.map((row) => row.object_key).sort(),
      pendingKeys: pending.map((row) => row.object_key).sort(),
      storedKeys: await storedObjectKeys(cairn, userID),
    };
  });

/** The bytes the server counts for `files`: each file object and thumbnail. */
export const storedBytesOf = (files: readonly ServerFile[]): number =>
  files.reduce((total, file) => total + file.fileBytes + file.thumbnailBytes, 0);

/** Sets the storage of `userID`'s plan (their subscription row), as a plan change would. */
export const setPlanStorage = (cairn: TestCairn, userID: number, storageBytes: number) =>
  withDatabase(cairn, async (db) => {
    const { numUpdatedRows } = await db
      .updateTable("subscriptions")
      .set({ storage: storageBytes })
      .where("user_id", "=", userID)
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) throw new Error(`User ${String(userID)} has no subscription`);
  });
