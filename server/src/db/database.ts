import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import { ImmediateTransactionSqliteDialect } from "./sqlite-immediate-transactions";
import pg from "pg";
import type { DatabaseConfig } from "../config/config";
import { migrationProvider } from "./migrations/index";
import type { Database } from "./schema";
import { withPreparedStatementCache } from "./sqlite-statements";

export interface CairnDatabase {
  db: Kysely<Database>;
  dialect: DatabaseConfig["kind"];
  /** Waits for running queries, then closes every connection. */
  close(): Promise<void>;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

// [Note: Bigints are JavaScript numbers]
//
// IDs and µs times are bigint columns whose values stay below 2^53 (IDs start
// at 1580559962386438, µs times are around 1.7e15), so they travel as plain
// numbers, as on the wire. node-postgres returns int8 as strings by default:
// we parse them, refusing a value a number cannot hold exactly rather than
// rounding it. better-sqlite3 returns numbers already.
const parseInt8 = (text: string): number => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`bigint ${text} does not fit a JavaScript number exactly`);
  }
  return value;
};

/** How long a SQLite statement waits for a lock held by another connection or process. */
const sqliteBusyTimeoutMs = 5_000;

/**
 * Connections per PostgreSQL pool. Requests are short; ten connections keep a
 * two-core server busy while leaving room under PostgreSQL's default limit of
 * 100 for several instances behind a load balancer.
 */
const postgresPoolSize = 10;

const openSqlite = (file: string): Kysely<Database> => {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while a write is in flight; NORMAL sync is
  // durable across application crashes in WAL mode and much faster than FULL.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  return new Kysely<Database>({
    dialect: new ImmediateTransactionSqliteDialect({
      database: withPreparedStatementCache(sqlite),
    }),
  });
};

/** Where a database reports trouble that no request is waiting for. */
export type DatabaseProblemLog = (error: unknown, message: string) => void;

const logToStderr: DatabaseProblemLog = (error, message) => {
  console.error(message, error);
};

const openPostgres = (url: string, logProblem: DatabaseProblemLog): Kysely<Database> => {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, parseInt8);
  const pool = new pg.Pool({ connectionString: url, max: postgresPoolSize, types });
  // [Note: An idle PostgreSQL connection may die]
  //
  // When PostgreSQL restarts, fails over or an administrator ends a backend,
  // the pool's idle connections receive the error with no query to fail, and
  // node-postgres raises it as an 'error' event on the pool, which crashes the
  // process when nobody listens. The pool has already discarded the dead
  // connection and opens a new one on the next query, so the server only
  // reports it and carries on.
  pool.on("error", (error) => {
    logProblem(error, "an idle PostgreSQL connection failed; the pool replaces it");
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
};

/** Bring the schema to the latest migration. See: [Note: Migrations are listed, not discovered] */
export const migrateToLatest = async (db: Kysely<Database>): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error !== undefined) {
    const where = failed === undefined ? "" : ` in migration ${failed.migrationName}`;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new MigrationError(`Database migration failed${where}: ${reason}`, {
      cause: error,
    });
  }
  return results.map((result) => result.migrationName);
};

/** Open the configured database and migrate it. See: [Note: Bigints are JavaScript numbers] */
export const openDatabase = async (
  config: DatabaseConfig,
  logProblem: DatabaseProblemLog = logToStderr,
): Promise<CairnDatabase> => {
  const db =
    config.kind === "sqlite" ? openSqlite(config.file) : openPostgres(config.url, logProblem);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: config.kind, close: () => db.destroy() };
};
