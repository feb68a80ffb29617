import { sql, type Kysely } from "kysely";

// Public links of collections (wire-contract §3.3, §12 "Links"):
// one row per link token, at most one enabled per collection. Portable
// across SQLite and PostgreSQL as in 0002: µs bigints, 0/1 flags, text.
// See: [Note: Account IDs come from a counter]

const int = "integer";

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`insert into id_counters (name, next_value) values ('public_link', 1)`.execute(db);

  await db.schema
    .createTable("public_collection_tokens")
    .addColumn("link_id", "bigint", (c) => c.primaryKey())
    .addColumn("collection_id", "bigint", (c) => c.notNull())
    .addColumn("access_token", "text", (c) => c.notNull().unique())
    .addColumn("is_disabled", int, (c) => c.notNull().defaultTo(0))
    .addColumn("valid_till_us", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("device_limit", int, (c) => c.notNull().defaultTo(0))
    .addColumn("pw_hash", "text")
    .addColumn("pw_nonce", "text")
    .addColumn("mem_limit", "bigint")
    .addColumn("ops_limit", "bigint")
    .addColumn("enable_download", int, (c) => c.notNull().defaultTo(1))
    .addColumn("enable_collect", int, (c) => c.notNull().defaultTo(0))
    .addColumn("enable_comment", int, (c) => c.notNull().defaultTo(0))
    .addColumn("enable_join", int, (c) => c.notNull().defaultTo(1))
    .addColumn("min_role", "text")
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .execute();
  await sql`create unique index public_collection_tokens_one_enabled on public_collection_tokens (collection_id) where is_disabled = 0`.execute(
    db,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("public_collection_tokens").execute();
  await sql`delete from id_counters where name = 'public_link'`.execute(db);
};
