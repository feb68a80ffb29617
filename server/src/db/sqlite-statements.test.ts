import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withPreparedStatementCache } from "./sqlite-statements";

interface TestDB {
  item: { id: number; name: string };
}

const openTestDB = (cacheSize?: number) => {
  const connection = new SQLite(":memory:");
  const prepare = vi.spyOn(connection, "prepare");
  const db = new Kysely<TestDB>({
    dialect: new SqliteDialect({ database: withPreparedStatementCache(connection, cacheSize) }),
  });
  return { connection, prepare, db };
};

let opened: Kysely<TestDB> | undefined;
afterEach(async () => {
  await opened?.destroy();
  opened = undefined;
});

describe("SQLite statements through Kysely", () => {
  it("prepares a query shape once, and answers each run with its own parameters", async () => {
    const { prepare, db } = openTestDB();
    opened = db;
    await db.schema
      .createTable("item")
      .addColumn("id", "integer")
      .addColumn("name", "text")
      .execute();
    for (const [id, name] of [
      [1, "one"],
      [2, "two"],
    ] as const) {
      await db.insertInto("item").values({ id, name }).execute();
    }
    const nameOf = async (id: number) =>
      (await db.selectFrom("item").select("name").where("id", "=", id).executeTakeFirst())?.name;
    const preparedBefore = prepare.mock.calls.length;
    expect(await nameOf(1)).toBe("one");
    expect(await nameOf(2)).toBe("two");
    expect(await nameOf(3)).toBeUndefined();
    expect(prepare.mock.calls.length - preparedBefore).toBe(1);
  });

  it("sees a column added after a statement was kept", async () => {
    const { db } = openTestDB();
    opened = db;
    await db.schema.createTable("item").addColumn("id", "integer").execute();
    await db
      .insertInto("item")
      .values({ id: 1 } as never)
      .execute();
    const everything = () => db.selectFrom("item").selectAll().execute();
    expect(await everything()).toEqual([{ id: 1 }]);
    await db.schema
      .alterTable("item")
      .addColumn("name", "text", (c) => c.defaultTo("x"))
      .execute();
    expect(await everything()).toEqual([{ id: 1, name: "x" }]);
  });

  it("keeps at most its size of statements, dropping the least recently used", async () => {
    const { prepare, db } = openTestDB(2);
    opened = db;
    const select = (value: number) => db.selectNoFrom((eb) => eb.val(value).as(`v${value}`));
    const run = (value: number) => select(value).execute();
    await run(1);
    await run(2);
    await run(1); // kept
    await run(3); // evicts 2, the least recently used
    const preparedBefore = prepare.mock.calls.length;
    await run(1);
    await run(3);
    expect(prepare.mock.calls.length).toBe(preparedBefore);
    await run(2);
    expect(prepare.mock.calls.length).toBe(preparedBefore + 1);
  });
});
