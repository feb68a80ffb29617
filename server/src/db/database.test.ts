import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseBackends } from "../../test-support/databases";
import { migrateToLatest, openDatabase, type CairnDatabase } from "./database";
import { migrations } from "./migrations/index";

describe.each(testDatabaseBackends())("database on $name", (backend) => {
  let database: CairnDatabase;
  beforeEach(async () => {
    database = await backend.open();
  });
  afterEach(async () => {
    await database.close();
  });

  it("is migrated to the latest schema, and migrating again changes nothing", async () => {
    const tables = await database.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toContain("task_locks");
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it.each([0, 1, 10000000, 1580559962386438, 1_700_000_000_000_000, Number.MAX_SAFE_INTEGER, -1])(
    "round-trips the bigint %i as a number",
    async (value) => {
      await database.db
        .insertInto("task_locks")
        .values({ task_name: "t", lock_holder: "h", locked_until_us: value })
        .execute();
      const row = await database.db
        .selectFrom("task_locks")
        .select("locked_until_us")
        .executeTakeFirstOrThrow();
      expect(row.locked_until_us).toBe(value);
      expect(typeof row.locked_until_us).toBe("number");
    },
  );
});

describe("database on sqlite", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-db-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("creates its folder, runs in WAL mode with foreign keys on, and keeps data across opens", async () => {
    const file = path.join(dir, "nested", "cairn.sqlite");
    const first = await openDatabase({ kind: "sqlite", file });
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(first.db);
    const foreignKeys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(first.db);
    expect(journal.rows[0]?.journal_mode).toBe("wal");
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
    await first.db
      .insertInto("task_locks")
      .values({ task_name: "kept", lock_holder: "h", locked_until_us: 5 })
      .execute();
    await first.close();

    const second = await openDatabase({ kind: "sqlite", file });
    const rows = await second.db.selectFrom("task_locks").select("task_name").execute();
    expect(rows).toEqual([{ task_name: "kept" }]);
    await second.close();
  });
});

describe("migrations", () => {
  it("are named so that they sort in the order they were written", () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
  });
});
