import { IDBObjectStore } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readChunkRows } from "./chunk-rows-read";
import { type ChunkRow, LocalDatabase } from "./local-db";
import { freshIndexedDB } from "./test-support/sync-store";

const row = (id: string): ChunkRow => ({
  id,
  sealed: { encryptedData: new Uint8Array([id.length]), decryptionHeaderB64: `header-${id}` },
});

const storedRows = async (ids: readonly string[]) => {
  const browser = freshIndexedDB();
  const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  await db.files.bulkPut(ids.map(row));
  return db;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("readChunkRows", () => {
  it("reads every row, in key order, whatever the slice size", async () => {
    const ids = ["c", "a", "j", "e", "b", "h", "d", "i", "g", "f"];
    const db = await storedRows(ids);
    for (const rowsPerRead of [1, 3, 4, 10, 11]) {
      const rows = await db.transaction("r", db.files, () => readChunkRows(db.files, rowsPerRead));
      expect(rows.map((stored) => stored.id)).toEqual([...ids].sort());
      expect(rows[0]?.sealed.decryptionHeaderB64).toBe("header-a");
    }
    expect(await readChunkRows(db["hidden-files"])).toEqual([]);
    db.close();
  });

  it("never answers more than a slice of rows in one request", async () => {
    const db = await storedRows(Array.from({ length: 10 }, (_, i) => `row-${String(i)}`));
    const getAll = vi.spyOn(IDBObjectStore.prototype, "getAll");
    const rows = await db.transaction("r", db.files, () => readChunkRows(db.files, 4));
    expect(rows).toHaveLength(10);
    // 4 + 4 + 2: the short answer says the store has no more.
    // Dexie passes the count beside the range, or in an options object where the engine takes one.
    const counts = getAll.mock.calls.map(([query, count]: unknown[]) =>
      typeof query === "object" && query !== null && "count" in query ? query.count : count,
    );
    expect(counts).toEqual([4, 4, 4]);
    db.close();
  });
});
