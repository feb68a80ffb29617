import type { DB } from "../db/db";

// The queries of an account's remote store (`remote_store`, one row per
// account and key: the settings its clients share, and the flags an
// administrator sets). See: [Note: One repository per table family]

/** Every stored key of the account with its value. */
export const remoteStoreValuesOf = (db: DB, userID: number) =>
  db
    .selectFrom("remote_store")
    .select(["key_name", "key_value"])
    .where("user_id", "=", userID)
    .execute();

/** The value stored for one key of the account, if any. */
export const remoteStoreValueOf = async (
  db: DB,
  userID: number,
  keyName: string,
): Promise<string | undefined> =>
  (
    await db
      .selectFrom("remote_store")
      .select("key_value")
      .where("user_id", "=", userID)
      .where("key_name", "=", keyName)
      .executeTakeFirst()
  )?.key_value;

/** Stores (or replaces) the value of one key of the account. */
export const putRemoteStoreValue = async (
  db: DB,
  userID: number,
  keyName: string,
  value: { keyValue: string; updatedAtUs: number },
): Promise<void> => {
  const values = { key_value: value.keyValue, updated_at_us: value.updatedAtUs };
  await db
    .insertInto("remote_store")
    .values({ user_id: userID, key_name: keyName, ...values })
    .onConflict((oc) => oc.columns(["user_id", "key_name"]).doUpdateSet(values))
    .execute();
};

/** Deletes every key of the account (when the account is deleted). */
export const deleteRemoteStoreOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("remote_store").where("user_id", "=", userID).execute();
};
