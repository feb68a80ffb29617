import type { DatabaseConfig } from "../config/config";
import type { DB } from "../db/db";

// The queries of the storage accounts use (`usage`, one row per account: the
// bytes of its live file and thumbnail objects).
// See: [Note: One repository per table family]

/** A new account's usage row, at 0 bytes. */
export const insertUsageRow = async (db: DB, userID: number): Promise<void> => {
  await db.insertInto("usage").values({ user_id: userID, storage_consumed: 0 }).execute();
};

/** The bytes the account uses; undefined without a usage row. */
export const storageConsumedOf = async (db: DB, userID: number): Promise<number | undefined> =>
  (
    await db
      .selectFrom("usage")
      .select("storage_consumed")
      .where("user_id", "=", userID)
      .executeTakeFirst()
  )?.storage_consumed;

/** Add `deltaBytes` (negative to free space) to a user's usage, in the caller's transaction. */
export const adjustUsage = async (db: DB, userID: number, deltaBytes: number): Promise<void> => {
  if (deltaBytes === 0) return;
  await db
    .updateTable("usage")
    .set((eb) => ({ storage_consumed: eb("storage_consumed", "+", deltaBytes) }))
    .where("user_id", "=", userID)
    .execute();
};

/**
 * Locks the account's usage row until the transaction ends (PostgreSQL
 * `FOR UPDATE`; SQLite writes one at a time): the lock of the account's
 * trash. See: [Note: Trash versions only grow, per user, in commit order]
 */
export const lockUsageRow = async (
  db: DB,
  dialect: DatabaseConfig["kind"],
  userID: number,
): Promise<void> => {
  const usage = db.selectFrom("usage").select("user_id").where("user_id", "=", userID);
  await (dialect === "postgres" ? usage.forUpdate() : usage).execute();
};

/** Deletes the account's usage row (when the account is deleted). */
export const deleteUsageOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("usage").where("user_id", "=", userID).execute();
};
