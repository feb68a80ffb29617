import type { Kysely } from "kysely";

// Authenticator entities (wire-contract "Authenticator entities", tables
// `authenticator_key` and `authenticator_entity`): per account, one key
// wrapped under the master key; per 2FA code, its Blob, or a tombstone (no
// data) once deleted, so that the account's other devices learn of the
// deletion from the diff.
// See: [Note: Authenticator versions only grow, per user, in commit order]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("authenticator_key")
    .addColumn("user_id", "bigint", (c) => c.primaryKey())
    .addColumn("encrypted_key", "text", (c) => c.notNull())
    .addColumn("header", "text", (c) => c.notNull())
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("authenticator_entity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("encrypted_data", "text")
    .addColumn("header", "text")
    .addColumn("is_deleted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .execute();
  // The diff reads a user's codes by version; a write's version is one more
  // than the user's newest.
  await db.schema
    .createIndex("authenticator_entity_user_updated")
    .on("authenticator_entity")
    .columns(["user_id", "updated_at_us"])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("authenticator_entity").execute();
  await db.schema.dropTable("authenticator_key").execute();
};
