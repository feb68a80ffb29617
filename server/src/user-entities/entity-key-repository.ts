import type { DB } from "../db/db";
import type { EntityKeyTable } from "../db/schema";

// The queries of `entity_key`: an account's key per entity type.
// See: [Note: One repository per table family]

export type EntityKeyRow = EntityKeyTable;

/** The account's key of a type, if it has one. */
export const entityKeyOf = (db: DB, userID: number, type: string) =>
  db
    .selectFrom("entity_key")
    .selectAll()
    .where("user_id", "=", userID)
    .where("type", "=", type)
    .executeTakeFirst();

/** Stores the key of a type unless the account has one already; answers whether it stored it. */
export const insertEntityKey = async (db: DB, row: EntityKeyRow): Promise<boolean> => {
  const result = await db
    .insertInto("entity_key")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "type"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
};

/** Deletes every key of the account (when the account is deleted). */
export const deleteEntityKeysOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("entity_key").where("user_id", "=", userID).execute();
};
