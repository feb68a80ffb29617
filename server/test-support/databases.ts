import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type CairnDatabase } from "../src/db/database";

// One fresh, migrated database per test, on each backend the run has.
// See: [Note: A throwaway PostgreSQL for the unit tests]

export interface TestDatabaseBackend {
  name: "sqlite" | "postgres";
  /** A new empty database, migrated to the latest schema; `close` deletes it. */
  open(): Promise<CairnDatabase>;
}

export const sqliteBackend: TestDatabaseBackend = {
  name: "sqlite",
  open: async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-sqlite-"));
    const database = await openDatabase({ kind: "sqlite", file: path.join(dir, "cairn.sqlite") });
    return {
      ...database,
      close: async () => {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

/** A new empty PostgreSQL database on the test server; `drop` deletes it. */
export const createPostgresTestDatabase = async (
  adminURL: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const withAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminURL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `cairn_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(adminURL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

const postgresBackend = (adminURL: string): TestDatabaseBackend => ({
  name: "postgres",
  open: async () => {
    const { url, drop } = await createPostgresTestDatabase(adminURL);
    const database = await openDatabase({ kind: "postgres", url });
    return {
      ...database,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  },
});

/** SQLite always; PostgreSQL when CAIRN_TEST_DATABASE_URL is set. */
export const testDatabaseBackends = (): TestDatabaseBackend[] => {
  const url = process.env.CAIRN_TEST_DATABASE_URL;
  return url === undefined || url === "" ? [sqliteBackend] : [sqliteBackend, postgresBackend(url)];
};
