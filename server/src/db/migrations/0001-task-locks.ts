import type { Kysely } from "kysely";

// See: [Note: Jobs take a database lock per run]
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("task_locks")
    .addColumn("task_name", "text", (column) => column.primaryKey())
    .addColumn("lock_holder", "text", (column) => column.notNull())
    .addColumn("locked_until_us", "bigint", (column) => column.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("task_locks").execute();
};
