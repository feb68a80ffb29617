import { sql, type Kysely } from "kysely";

// Family plans (wire-contract §11, §12 "families"): one row per membership
// or invite, from an admin to a member. The admin's own row has status SELF.
// Portable across SQLite and PostgreSQL as in 0002: µs bigints, text.
// See: [Note: Family membership lives only in the families table]
// See: [Note: Invite tokens are kept as a keyed hash]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("families")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "bigint", (c) => c.notNull())
    .addColumn("member_id", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("storage_limit", "bigint")
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .addCheckConstraint(
      "families_status",
      sql`status in ('SELF', 'CLOSED', 'INVITED', 'ACCEPTED', 'DECLINED', 'REVOKED', 'REMOVED', 'LEFT')`,
    )
    .execute();
  // At most one family per account: its SELF row (an admin) or ACCEPTED row (a member).
  await sql`create unique index families_one_active_membership on families (member_id) where status in ('SELF', 'ACCEPTED')`.execute(
    db,
  );
  // At most one pending invite from an admin to an account.
  await sql`create unique index families_one_pending_invite on families (admin_id, member_id) where status = 'INVITED'`.execute(
    db,
  );
  await db.schema.createIndex("families_admin").on("families").column("admin_id").execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("families").execute();
};
