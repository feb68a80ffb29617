import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqliteWriterWork } from "../../test-support/sqlite-writer.worker";
import { spawnTypeScriptWorker } from "../../test-support/typescript-worker";
import { openDatabase } from "./database";

// Two writers on one SQLite file, each with its own connection as two server
// processes have, interleaving transactions that read before they write.
// See: [Note: SQLite transactions take the write lock first]

const workerURL = new URL("../../test-support/sqlite-writer.worker.ts", import.meta.url);

const runWriter = (work: SqliteWriterWork): Promise<string[]> => {
  const worker = spawnTypeScriptWorker(workerURL, work);
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
};

describe("two processes writing one SQLite database", () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-sqlite-writers-"));
    file = path.join(dir, "cairn.sqlite");
    const database = await openDatabase({ kind: "sqlite", file });
    await sql`create table test_marks (writer integer not null, seen integer not null)`.execute(
      database.db,
    );
    await database.close();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("never fails a transaction that read before it wrote: one waits for the other", async () => {
    const transactions = 60;
    const failures = await Promise.all([
      runWriter({ file, writer: 1, transactions }),
      runWriter({ file, writer: 2, transactions }),
    ]);
    expect(failures.flat()).toEqual([]);
    const database = await openDatabase({ kind: "sqlite", file });
    try {
      const { rows } = await sql<{
        n: number;
        distinctSeen: number;
      }>`select count(*) as n, count(distinct seen) as "distinctSeen" from test_marks`.execute(
        database.db,
      );
      // Each transaction saw every one committed before it: counts 0 … 119, once each.
      expect(rows[0]).toEqual({ n: 2 * transactions, distinctSeen: 2 * transactions });
    } finally {
      await database.close();
    }
  });
});
