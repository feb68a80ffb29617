import type { Kysely } from "kysely";

// Collection actions (the reference's `collection_actions` table): what
// someone asked of a file's owner about the file in a collection, one row
// per file and ask, pending until it is resolved (rejected, acted on, or
// found moot). The reference's free-form `data` column is left out: it is
// never set for the two actions there are, REMOVE and DELETE_SUGGESTED,
// which both name a file. See: [Note: A deletion suggestion takes the files out and asks their owners]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("collection_actions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("actor_user_id", "bigint", (c) => c.notNull())
    .addColumn("collection_id", "bigint", (c) => c.notNull())
    .addColumn("file_id", "bigint", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("is_pending", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .execute();
  // A user's queue of one action, by version (the list, its resolutions,
  // a rejection by file).
  await db.schema
    .createIndex("collection_actions_queue")
    .on("collection_actions")
    .columns(["user_id", "action", "is_pending", "updated_at_us"])
    .execute();
  // The actions someone asked for (account deletion).
  await db.schema
    .createIndex("collection_actions_actor")
    .on("collection_actions")
    .column("actor_user_id")
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("collection_actions").execute();
};
