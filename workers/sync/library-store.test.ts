import { describe, expect, it } from "vitest";
import { generateKeyB64 } from "../../shared/crypto";
import { maxRecordsPerChunk } from "./chunked-group";
import type { CollectionsChange } from "./collection-rules";
import { createLocalCipher } from "./local-cipher";
import { LocalDatabase } from "./local-db";
import { LibraryStore } from "./library-store";
import {
  freshIndexedDB,
  holdsPlaintext,
  inProcessCryptoPool,
  storedText,
  testCollection,
  testFile,
} from "./test-support/sync-store";

const pool = inProcessCryptoPool();

const noChange = (listTimeUs: number): CollectionsChange => ({
  upserts: [],
  removals: [],
  deletedIDs: [],
  hiddenIDs: new Set(),
  resetIDs: [],
  listTimeUs,
  failedIDs: [],
});

const openStore = async (browser: ReturnType<typeof freshIndexedDB>, keyB64: string) => {
  const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  const opening = await LibraryStore.open({ db, cipher: createLocalCipher(pool, keyB64) });
  return { db, ...opening };
};

describe("LibraryStore", () => {
  it("stores collections, files and trash, and reopens them as they were", async () => {
    const browser = freshIndexedDB();
    const keyB64 = await generateKeyB64();
    const { db, store } = await openStore(browser, keyB64);
    const album = testCollection(10, { name: "Summer in Lisbon" });
    const hidden = testCollection(11, {
      name: "Secret stash",
      magicMetadata: { version: 1, count: 1, data: { visibility: 2 } },
    });
    await store.applyCollections({
      ...noChange(900),
      upserts: [album, hidden],
      hiddenIDs: new Set([11]),
    });
    const files = Array.from({ length: maxRecordsPerChunk + 5 }, (_, i) => testFile(i + 1, 10));
    await store.applyFilePage(10, files, [], 777);
    await store.applyFilePage(11, [testFile(50_000, 11)], [], 888);
    await store.applyTrashPage(
      [{ file: testFile(60_000, 10), deleteByUs: 5, updatedAtUs: 6 }],
      [],
      66,
    );
    db.close();

    const reopened = await openStore(browser, keyB64);
    expect(reopened.reset).toBe(false);
    const again = reopened.store;
    expect(again.listTimeUs).toBe(900);
    expect(again.trashTimeUs).toBe(66);
    expect([...again.collections.keys()].sort()).toEqual([10, 11]);
    expect(again.collections.get(10)?.name).toBe("Summer in Lisbon");
    expect([...again.hiddenIDs]).toEqual([11]);
    expect(again.fileCountOf(10)).toBe(files.length);
    expect(again.fileCountOf(11)).toBe(1);
    expect(again.syncTimeUs(10)).toBe(777);
    expect(again.trashCount).toBe(1);
    expect([...again.filesOf(10)].find((f) => f.id === 3)).toEqual(files[2]);
    // Files of a hidden collection go to `hidden-files`, the others to `files`.
    expect(await reopened.db.files.count()).toBe(2);
    expect(await reopened.db["hidden-files"].count()).toBe(1);
    reopened.db.close();
  });

  it("stores nothing in plaintext", async () => {
    const browser = freshIndexedDB();
    const { db, store } = await openStore(browser, await generateKeyB64());
    const file = testFile(1, 10, {
      metadata: {
        title: "grandmother-birthday.jpg",
        creationTime: 1,
        fileType: 0,
        latitude: 38.7223,
      },
      pubMagicMetadata: { version: 1, count: 1, data: { caption: "Cake with candles" } },
    });
    await store.applyCollections({
      ...noChange(5),
      upserts: [testCollection(10, { name: "Família" })],
    });
    await store.applyFilePage(10, [file], [], 424_242);
    db.close();
    const text = await storedText(browser.indexedDB, browser.IDBKeyRange);
    for (const secret of [
      "grandmother-birthday",
      "Cake with candles",
      "Família",
      "38.7223",
      file.keyB64,
      testCollection(10).keyB64,
      "me@cairn.test",
    ]) {
      expect(holdsPlaintext(text, secret), secret).toBe(false);
    }
    // The scan does read what is stored in clear (server versions).
    expect(text).toContain("424242");
  });

  it("drops a removed collection's files and keeps it for its trash items", async () => {
    const browser = freshIndexedDB();
    const keyB64 = await generateKeyB64();
    const { db, store } = await openStore(browser, keyB64);
    const album = testCollection(10);
    await store.applyCollections({ ...noChange(5), upserts: [album] });
    await store.applyFilePage(10, [testFile(1, 10), testFile(2, 10)], [], 9);
    await store.applyCollections({
      ...noChange(6),
      removals: [album],
      deletedIDs: [10],
    });
    expect(store.collections.size).toBe(0);
    expect(store.fileCountOf(10)).toBe(0);
    expect(store.syncTimeUs(10)).toBeUndefined();
    expect(store.collectionKeyB64(10)).toBe(album.keyB64);
    expect(await db.files.count()).toBe(0);
    db.close();
  });

  it("moves a collection whose hidden status changed out of its store and resets its time", async () => {
    const browser = freshIndexedDB();
    const { db, store } = await openStore(browser, await generateKeyB64());
    await store.applyCollections({ ...noChange(5), upserts: [testCollection(10)] });
    await store.applyFilePage(10, [testFile(1, 10)], [], 9);
    await store.applyCollections({
      ...noChange(6),
      upserts: [testCollection(10)],
      hiddenIDs: new Set([10]),
      resetIDs: [10],
    });
    expect(store.fileCountOf(10)).toBe(0);
    expect(store.syncTimeUs(10)).toBeUndefined();
    expect(await db.files.count()).toBe(0);
    await store.applyFilePage(10, [testFile(1, 10)], [], 9);
    expect(await db["hidden-files"].count()).toBe(1);
    db.close();
  });

  it("clears a database sealed under another key and starts empty", async () => {
    const browser = freshIndexedDB();
    const first = await openStore(browser, await generateKeyB64());
    await first.store.applyCollections({ ...noChange(5), upserts: [testCollection(10)] });
    first.db.close();
    const other = await openStore(browser, await generateKeyB64());
    expect(other.reset).toBe(true);
    expect(other.store.collections.size).toBe(0);
    expect(other.store.listTimeUs).toBe(0);
    expect(await other.db.collections.count()).toBe(0);
    other.db.close();
  });

  it("keeps a file stored by an upload while a pull stores a page of the same album, and keeps the album's sync time", async () => {
    const browser = freshIndexedDB();
    const keyB64 = await generateKeyB64();
    const { db, store } = await openStore(browser, keyB64);
    await store.applyCollections({ ...noChange(900), upserts: [testCollection(10)] });
    await store.applyFilePage(10, [testFile(1, 10)], [], 100);
    // Both start before either has committed. See: [Note: File writes to the store run one at a time]
    await Promise.all([
      store.applyFilePage(10, [testFile(2, 10)], [], 200),
      store.putFiles(10, [testFile(3, 10)]),
    ]);
    const ids = () => [...store.filesOf(10)].map((file) => file.id).sort();
    expect(ids()).toEqual([1, 2, 3]);
    expect(store.syncTimeUs(10)).toBe(200);
    await store.putFiles(10, [testFile(4, 10)]);
    expect(store.syncTimeUs(10)).toBe(200);
    db.close();

    const reopened = await openStore(browser, keyB64);
    expect([...reopened.store.filesOf(10)].map((file) => file.id).sort()).toEqual([1, 2, 3, 4]);
    expect(reopened.store.syncTimeUs(10)).toBe(200);
    reopened.db.close();
  });
});
