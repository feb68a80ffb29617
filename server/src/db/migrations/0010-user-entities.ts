import type { Kysely } from "kysely";

// User entities (wire-contract "/user-entity", tables `entity_key` and
// `entity_data`): per account and entity type, one key wrapped under the
// master key; per entity, its Blob, or a tombstone (no data) once deleted,
// so that the account's other devices learn of the deletion from the diff.
// See: [Note: User-entity versions only grow, per user, in commit order]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("entity_key")
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("encrypted_key", "text", (c) => c.notNull())
    .addColumn("header", "text", (c) => c.notNull())
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("entity_key_pk", ["user_id", "type"])
    .execute();

  await db.schema
    .createTable("entity_data")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("encrypted_data", "text")
    .addColumn("header", "text")
    .addColumn("is_deleted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .execute();
  // The diff reads a user's entities of a type by version.
  await db.schema
    .createIndex("entity_data_user_type_updated")
    .on("entity_data")
    .columns(["user_id", "type", "updated_at_us"])
    .execute();
  // The version of a write is one more than the user's newest.
  await db.schema
    .createIndex("entity_data_user_updated")
    .on("entity_data")
    .columns(["user_id", "updated_at_us"])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("entity_data").execute();
  await db.schema.dropTable("entity_key").execute();
};
