import { sql, type Kysely } from "kysely";

// `otts.ott_hash` changes meaning: it was SHA-256 of the code with its email
// hash, and becomes a keyed hash. See: [Note: One-time codes are stored as a keyed hash]
//
// [Note: Codes pending at the keyed-hash migration are dropped]
//
// An old row cannot be converted: its code is not kept, and recovering it
// from the unkeyed hash is exactly what the change prevents. Such a row could
// only ever fail verification, counting wrong attempts against the codes
// mailed after it, so the migration deletes every pending code. Codes live an
// hour and are asked for a moment before use; whoever was mid sign-up or
// login when the server was upgraded gets "no valid code" (410) and asks for
// a new one. Going back deletes them for the same reason in reverse.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`delete from otts`.execute(db);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await sql`delete from otts`.execute(db);
};
