import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";

// [Note: One repository per table family]
//
// The Kysely queries of a family of tables live in one module beside the
// code that uses them, named `<family>-repository.ts` in the family's folder
// (`library/trash/trash-repository.ts` for `trash`). A use case (a handler,
// `trash-files.ts`, `permanent-delete.ts`, ...) holds the rules, the order of
// locks and the transaction, and calls repository functions for the reads and
// writes; a new table gets its own repository rather than queries inline.
// Every repository function takes the `DB` (the database or a transaction) as
// its first argument, so a use case runs several of them in its transaction.

/** The database or a transaction on it. See: [Note: One repository per table family] */
export type DB = Kysely<Database> | Transaction<Database>;
