import type { DB } from "./db";

// [Note: Account IDs come from a counter]
//
// User and subscription IDs are bigints starting at 1580559962386438
// (wire-contract §0.3). PostgreSQL could use an identity column and SQLite
// its rowid, but not with one migration for both; so IDs are taken from the
// `id_counters` table (seeded by migration 0002) with one atomic
// `UPDATE ... RETURNING`, which both databases support; concurrent sign-ups
// get distinct IDs, and an ID is never reused after a deletion.

/** The counters of `id_counters`, each seeded by the migration that made its table. */
export type IDCounter = "user" | "subscription" | "collection" | "file" | "public_link";

/**
 * The next ID of a counter, or the first of `count` consecutive IDs reserved
 * at once (bulk inserts such as the bench seeder's).
 * See: [Note: Account IDs come from a counter]
 */
export const nextID = async (db: DB, name: IDCounter, count = 1): Promise<number> => {
  const updated = await db
    .updateTable("id_counters")
    .set((eb) => ({ next_value: eb("next_value", "+", count) }))
    .where("name", "=", name)
    .returning("next_value")
    .executeTakeFirstOrThrow();
  return updated.next_value - count;
};
