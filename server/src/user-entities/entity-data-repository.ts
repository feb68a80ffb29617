import type { DB } from "../db/db";
import type { EntityDataTable } from "../db/schema";

// The queries of `entity_data`: an account's entities, live or tombstones.
// See: [Note: One repository per table family]

export type EntityDataRow = Omit<EntityDataTable, "is_deleted"> & { is_deleted: number };

/** One of the account's entities (live or a tombstone), if it has it. */
export const entityOf = (db: DB, userID: number, id: string): Promise<EntityDataRow | undefined> =>
  db
    .selectFrom("entity_data")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userID)
    .executeTakeFirst();

/** Whether any account holds an entity with this ID. */
export const entityIDTaken = async (db: DB, id: string): Promise<boolean> =>
  (await db.selectFrom("entity_data").select("id").where("id", "=", id).executeTakeFirst()) !==
  undefined;

/** The newest version of the account's entities, 0 when there are none. */
export const newestEntityVersion = async (db: DB, userID: number): Promise<number> => {
  const row = await db
    .selectFrom("entity_data")
    .select((eb) => eb.fn.max("updated_at_us").as("newest"))
    .where("user_id", "=", userID)
    .executeTakeFirst();
  return row?.newest ?? 0;
};

export const insertEntity = async (
  db: DB,
  row: Omit<EntityDataRow, "is_deleted">,
): Promise<void> => {
  await db
    .insertInto("entity_data")
    .values({ ...row, is_deleted: 0 })
    .execute();
};

/**
 * New data for one of the account's entities of `type` at a version:
 * a live one, or also a tombstone when `revive`. Answers whether it changed one.
 */
export const updateEntityData = async (
  db: DB,
  where: { userID: number; id: string; type: string; revive: boolean },
  data: { encrypted_data: string; header: string; updated_at_us: number },
): Promise<boolean> => {
  let update = db
    .updateTable("entity_data")
    .set({ ...data, is_deleted: 0 })
    .where("id", "=", where.id)
    .where("user_id", "=", where.userID)
    .where("type", "=", where.type);
  if (!where.revive) update = update.where("is_deleted", "=", 0);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** Turns one of the account's live entities into a tombstone at a version. */
export const markEntityDeleted = async (
  db: DB,
  userID: number,
  id: string,
  versionUs: number,
): Promise<void> => {
  await db
    .updateTable("entity_data")
    .set({ is_deleted: 1, encrypted_data: null, header: null, updated_at_us: versionUs })
    .where("id", "=", id)
    .where("user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .execute();
};

/** Up to `count` of the account's entities of a type with a version after `sinceUs`, ascending. */
export const entitiesChangedAfter = (
  db: DB,
  userID: number,
  type: string,
  sinceUs: number,
  count: number,
): Promise<EntityDataRow[]> =>
  db
    .selectFrom("entity_data")
    .selectAll()
    .where("user_id", "=", userID)
    .where("type", "=", type)
    .where("updated_at_us", ">", sinceUs)
    .orderBy("updated_at_us")
    .limit(count)
    .execute();

/** Deletes every entity of the account, tombstones too (when the account is deleted). */
export const deleteEntitiesOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("entity_data").where("user_id", "=", userID).execute();
};
