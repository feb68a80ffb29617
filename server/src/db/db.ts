import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";

/** The database or a transaction on it: repository functions take either, so use cases keep their transactions. */
export type DB = Kysely<Database> | Transaction<Database>;
