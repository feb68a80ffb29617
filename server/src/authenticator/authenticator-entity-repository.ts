import type { DB } from "../db/db";
import type { AuthenticatorEntityTable } from "../db/schema";

// The queries of `authenticator_entity`: an account's 2FA codes, live or
// tombstones. See: [Note: One repository per table family]

export type AuthenticatorEntityRow = Omit<AuthenticatorEntityTable, "is_deleted"> & {
  is_deleted: number;
};

/** One of the account's codes (live or a tombstone), if it has it. */
export const authenticatorEntityOf = (
  db: DB,
  userID: number,
  id: string,
): Promise<AuthenticatorEntityRow | undefined> =>
  db
    .selectFrom("authenticator_entity")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userID)
    .executeTakeFirst();

/** The newest version of the account's codes, 0 when there are none. */
export const newestAuthenticatorVersion = async (db: DB, userID: number): Promise<number> => {
  const row = await db
    .selectFrom("authenticator_entity")
    .select((eb) => eb.fn.max("updated_at_us").as("newest"))
    .where("user_id", "=", userID)
    .executeTakeFirst();
  return row?.newest ?? 0;
};

/** How many live (not deleted) codes the account holds. */
export const liveAuthenticatorEntityCount = async (db: DB, userID: number): Promise<number> => {
  const row = await db
    .selectFrom("authenticator_entity")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
};

export const insertAuthenticatorEntity = async (
  db: DB,
  row: Omit<AuthenticatorEntityRow, "is_deleted">,
): Promise<void> => {
  await db
    .insertInto("authenticator_entity")
    .values({ ...row, is_deleted: 0 })
    .execute();
};

/** New data for one of the account's live codes at a version; answers whether it changed one. */
export const updateAuthenticatorEntityData = async (
  db: DB,
  where: { userID: number; id: string },
  data: { encrypted_data: string; header: string; updated_at_us: number },
): Promise<boolean> => {
  const result = await db
    .updateTable("authenticator_entity")
    .set(data)
    .where("id", "=", where.id)
    .where("user_id", "=", where.userID)
    .where("is_deleted", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** Turns one of the account's live codes into a tombstone at a version. */
export const markAuthenticatorEntityDeleted = async (
  db: DB,
  userID: number,
  id: string,
  versionUs: number,
): Promise<void> => {
  await db
    .updateTable("authenticator_entity")
    .set({ is_deleted: 1, encrypted_data: null, header: null, updated_at_us: versionUs })
    .where("id", "=", id)
    .where("user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .execute();
};

/** Up to `count` of the account's codes with a version after `sinceUs`, ascending. */
export const authenticatorEntitiesChangedAfter = (
  db: DB,
  userID: number,
  sinceUs: number,
  count: number,
): Promise<AuthenticatorEntityRow[]> =>
  db
    .selectFrom("authenticator_entity")
    .selectAll()
    .where("user_id", "=", userID)
    .where("updated_at_us", ">", sinceUs)
    .orderBy("updated_at_us")
    .limit(count)
    .execute();

/** Deletes every code of the account, tombstones too (when the account is deleted). */
export const deleteAuthenticatorEntitiesOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("authenticator_entity").where("user_id", "=", userID).execute();
};
