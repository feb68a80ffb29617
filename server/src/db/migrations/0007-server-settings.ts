import type { Kysely } from "kysely";

// Settings of the whole server that its operator changes while it runs
// (`npm run admin`), one row per setting. They live in the database rather
// than the environment so that every server process sees a change at once,
// without a restart. See: [Note: Registration can be closed]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("server_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("server_settings").execute();
};
