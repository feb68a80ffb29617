// A worker thread standing for a second server process on one SQLite file:
// it opens the database as the server does and runs transactions that read,
// pause and then write, counting the ones that failed.
// See: [Note: SQLite transactions take the write lock first]

import { parentPort, workerData } from "node:worker_threads";
import { sql } from "kysely";
import { openDatabase } from "../src/db/database";

export interface SqliteWriterWork {
  file: string;
  writer: number;
  transactions: number;
}

const { file, writer, transactions } = workerData as SqliteWriterWork;
const database = await openDatabase({ kind: "sqlite", file });
const failures: string[] = [];
for (let i = 0; i < transactions; i++) {
  try {
    await database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from test_marks`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 1));
      await sql`insert into test_marks (writer, seen) values (${writer}, ${rows[0]?.n ?? 0})`.execute(
        trx,
      );
    });
  } catch (error) {
    failures.push(String(error));
  }
}
await database.close();
parentPort?.postMessage(failures);
