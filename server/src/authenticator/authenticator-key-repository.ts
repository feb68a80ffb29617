import type { DB } from "../db/db";
import type { AuthenticatorKeyTable } from "../db/schema";

// The queries of `authenticator_key`: an account's authenticator key.
// See: [Note: One repository per table family]

export type AuthenticatorKeyRow = AuthenticatorKeyTable;

/** The account's authenticator key, if it has one. */
export const authenticatorKeyOf = (
  db: DB,
  userID: number,
): Promise<AuthenticatorKeyRow | undefined> =>
  db.selectFrom("authenticator_key").selectAll().where("user_id", "=", userID).executeTakeFirst();

/** Stores the key unless the account has one already; answers whether it stored it. */
export const insertAuthenticatorKey = async (
  db: DB,
  row: AuthenticatorKeyRow,
): Promise<boolean> => {
  const result = await db
    .insertInto("authenticator_key")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
};

/** Deletes the account's authenticator key (when the account is deleted). */
export const deleteAuthenticatorKeyOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("authenticator_key").where("user_id", "=", userID).execute();
};
