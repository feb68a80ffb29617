import type { Kysely } from "kysely";

// Cast sessions (the reference's `casting` table, wire-contract §12): one row
// per TV that registered a key pair, waiting with its pairing code until a
// sender claims it, then paired with one collection through a cast token.
// The token is kept as a hash, like session tokens. A revoked session's row
// is deleted. See: [Note: A cast pairing lives an hour, a cast session a week of disuse]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("cast_sessions")
    .addColumn("device_id", "text", (c) => c.primaryKey())
    .addColumn("pairing_code", "text", (c) => c.notNull().unique())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("device_ip", "text", (c) => c.notNull())
    .addColumn("device_name", "text", (c) => c.notNull())
    .addColumn("collection_id", "bigint")
    .addColumn("caster_id", "bigint")
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("encrypted_payload", "text")
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("last_used_at_us", "bigint", (c) => c.notNull())
    .execute();
  // A caster's devices (the list, revoke-all, account deletion) and a
  // collection's (its deletion, a share's end).
  await db.schema
    .createIndex("cast_sessions_caster")
    .on("cast_sessions")
    .column("caster_id")
    .execute();
  await db.schema
    .createIndex("cast_sessions_collection")
    .on("cast_sessions")
    .column("collection_id")
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("cast_sessions").execute();
};
