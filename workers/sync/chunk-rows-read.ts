// Reading a store of chunk rows a few rows per request.
// See: [Note: Chunk rows are read a few per request]

import type { Table } from "dexie";
import type { ChunkRow } from "./local-db";

/**
 * [Note: Chunk rows are read a few per request]
 *
 * A chunk row holds up to 2,000 sealed records (about 1 MB), and the
 * browser turns an IndexedDB answer into values in the task that reads it:
 * all of `files` at once was one task of 160–290 ms in the sync worker at
 * 100,000 files. Nothing else runs in the worker meanwhile (the page's
 * thumbnail calls wait), and a reloaded page's old worker is stopped only
 * after it: the new page started beside it, on the same two cores. Read a
 * few rows per request, each answer is a task of a few milliseconds; the
 * requests run one after another in the same read transaction, so the
 * store is read as one consistent snapshot, as before.
 */
export const chunkRowsPerRead = 4;

/** Every row of `table`, in key order, `rowsPerRead` rows per request. Call inside a transaction. */
export const readChunkRows = async (
  table: Table<ChunkRow, string>,
  rowsPerRead: number = chunkRowsPerRead,
): Promise<ChunkRow[]> => {
  const rows: ChunkRow[] = [];
  for (;;) {
    const last = rows.at(-1);
    const next = await (
      last === undefined ? table.orderBy(":id") : table.where(":id").above(last.id)
    )
      .limit(rowsPerRead)
      .toArray();
    rows.push(...next);
    if (next.length < rowsPerRead) return rows;
  }
};
