import { describe, expect, it } from "vitest";
import { generateKeyB64 } from "../../../shared/crypto";
import { type LocalCipher, createLocalCipher } from "../../sync/local-cipher";
import { LocalDatabase } from "../../sync/local-db";
import {
  freshIndexedDB,
  holdsPlaintext,
  inProcessCryptoPool,
  storedText,
} from "../../sync/test-support/sync-store";
import { normalizedEmbedding } from "../clip/clip-embedding";
import { ClipEmbeddingIndex } from "../clip/embedding-index";
import { maxSmallChunks } from "./ml-index-layout";
import { type MLIndexStore, UnreadableMLIndexError, createMLIndexStore } from "./ml-index-store";
import { LibraryMLIndexes } from "./ml-indexes";

// See: [Note: The ML indexes are kept as sealed chunks]

const pool = inProcessCryptoPool();

const vectorOf = (seed: number) =>
  normalizedEmbedding(Float32Array.from({ length: 512 }, (_, i) => Math.sin(seed * 13 + i)));

type Browser = ReturnType<typeof freshIndexedDB>;

/** One session's indexes over the browser's database (all files in the library unless `gone`). */
const session = (
  browser: Browser,
  cipher: LocalCipher,
  { gone = new Set<number>(), logged = [] as string[] } = {},
) => {
  const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  const store = createMLIndexStore({ db, cipher });
  const indexes = new LibraryMLIndexes({
    store,
    inLibrary: (fileID) => !gone.has(fileID),
    logError: (message) => {
      logged.push(message);
    },
  });
  return { db, store, indexes, logged };
};

describe("the ML indexes in the local database", () => {
  it("are read back by the next session as they were saved, with their sync times", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const first = session(browser, cipher);
    await first.indexes.load();
    first.indexes.setClip(1, vectorOf(1));
    first.indexes.setThings(1, ["dog", "frisbee"]);
    first.indexes.setThings(2, []);
    first.indexes.setClip(3, vectorOf(3));
    first.indexes.setClipTime(1_700_000_000_000_001);
    first.indexes.setMLDataTime(1_700_000_000_000_002);
    await first.indexes.save();
    // A later run: file 3's index goes, file 2 gets things.
    first.indexes.remove(3);
    first.indexes.setThings(2, ["kite"]);
    first.indexes.setMLDataTime(1_700_000_000_000_003);
    await first.indexes.save();
    // Two of three entries replaced is more waste than a quarter: compacted into one chunk.
    expect(await first.db.embeddings_v2.count()).toBe(1);
    first.db.close();

    const second = session(browser, cipher);
    await second.indexes.load();
    expect(second.indexes.times).toEqual({
      clipUs: 1_700_000_000_000_001,
      mlDataUs: 1_700_000_000_000_003,
    });
    expect(second.indexes.thingsOf(1)).toEqual(["dog", "frisbee"]);
    expect(second.indexes.thingsOf(2)).toEqual(["kite"]);
    expect(second.indexes.hasClip(1)).toBe(true);
    expect(second.indexes.hasClip(3)).toBe(false);
    // The embedding comes back as the index held it: the same scores.
    expect(second.indexes.clipMatches(vectorOf(1), -2)).toEqual(
      first.indexes.clipMatches(vectorOf(1), -2),
    );
    expect(second.logged).toEqual([]);
    second.db.close();
  });

  it("read back a file's perceptual hash, alone or beside its other indexes, sealed", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const first = session(browser, cipher);
    await first.indexes.load();
    // Files indexed before hashes were, then hashed alone; one hashed with the rest.
    first.indexes.setThings(1, ["dog"]);
    first.indexes.setClip(1, vectorOf(1));
    await first.indexes.save();
    first.indexes.setPerceptualHash(1, { high: 0xdeadbeef, low: 0x01234567 });
    first.indexes.setPerceptualHash(2, { high: 7, low: 0xffffffff });
    await first.indexes.save();
    first.db.close();
    const text = await storedText(browser.indexedDB, browser.IDBKeyRange);
    const hashBytes = new Uint8Array(8);
    new DataView(hashBytes.buffer).setUint32(0, 0xdeadbeef, true);
    new DataView(hashBytes.buffer).setUint32(4, 0x01234567, true);
    expect(text.includes(new TextDecoder("latin1").decode(hashBytes))).toBe(false);

    const second = session(browser, cipher);
    await second.indexes.load();
    expect(second.indexes.perceptualHashOf(1)).toEqual({ high: 0xdeadbeef, low: 0x01234567 });
    expect(second.indexes.perceptualHashOf(2)).toEqual({ high: 7, low: 0xffffffff });
    expect(second.indexes.perceptualHashCount).toBe(2);
    expect(second.indexes.thingsOf(1)).toEqual(["dog"]);
    // The embedding read back for similar photos: unit length, the direction it had.
    const embedding = second.indexes.clipEmbeddingOf(1) ?? new Float32Array();
    expect(
      embedding.reduce((sum, value, index) => sum + value * (vectorOf(1)[index] ?? 0), 0),
    ).toBeGreaterThan(0.99);
    second.indexes.remove(2);
    await second.indexes.save();
    second.db.close();
    const third = session(browser, cipher);
    await third.indexes.load();
    expect(third.indexes.perceptualHashOf(2)).toBeUndefined();
    third.db.close();
  });

  it("stores no label, no embedding and no list of files in clear", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const { db, indexes } = session(browser, cipher);
    await indexes.load();
    indexes.setThings(77_001, ["dog", "teddy bear"]);
    indexes.setClip(77_001, vectorOf(5));
    await indexes.save();
    db.close();
    const text = await storedText(browser.indexedDB, browser.IDBKeyRange);
    expect(holdsPlaintext(text, "dog")).toBe(false);
    expect(holdsPlaintext(text, "teddy bear")).toBe(false);
    const asIndexed = new ClipEmbeddingIndex();
    asIndexed.add(77_001, vectorOf(5));
    const codes = new Uint8Array(asIndexed.rowOf(77_001)?.codes.buffer ?? new ArrayBuffer(0));
    expect(codes.length).toBe(512);
    expect(text.includes(new TextDecoder("latin1").decode(codes.subarray(0, 24)))).toBe(false);
    // The file ID as the chunk format writes it (float64, little-endian).
    const fileIDBytes = new Uint8Array(8);
    new DataView(fileIDBytes.buffer).setFloat64(0, 77_001, true);
    expect(text.includes(new TextDecoder("latin1").decode(fileIDBytes))).toBe(false);
  });

  it("never stores a sync time ahead of the entries: a failed save stores neither, and the next stores both", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    let failSealing = true;
    const flaky: LocalCipher = {
      ...cipher,
      sealBytes: (data) =>
        failSealing ? Promise.reject(new Error("pool gone")) : cipher.sealBytes(data),
    };
    const first = session(browser, flaky);
    await first.indexes.load();
    first.indexes.setThings(1, ["dog"]);
    first.indexes.setMLDataTime(500);
    await first.indexes.save();
    expect(first.logged).toEqual(["Could not store the ML indexes"]);
    expect(await first.db["ml-sync-time"].count()).toBe(0);
    expect(await first.db.embeddings_v2.count()).toBe(0);

    failSealing = false;
    first.indexes.setThings(2, ["cat"]);
    first.indexes.setMLDataTime(600);
    await first.indexes.save();
    first.db.close();
    const second = session(browser, cipher);
    await second.indexes.load();
    expect(second.indexes.times.mlDataUs).toBe(600);
    expect(second.indexes.thingsOf(1)).toEqual(["dog"]);
    expect(second.indexes.thingsOf(2)).toEqual(["cat"]);
    second.db.close();
  });

  it("merges many small saves, and compacts away the entries of files gone from the library", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const { db, indexes } = session(browser, cipher);
    await indexes.load();
    for (let fileID = 1; fileID <= 400; fileID++) indexes.setThings(fileID, ["dog"]);
    await indexes.save();
    for (let run = 0; run < maxSmallChunks; run++) {
      indexes.setThings(1000 + run, ["cat"]);
      await indexes.save();
    }
    // The seventeenth small chunk was not written: the sixteen and its
    // entry were merged into one (the first chunk, 400 entries, is small too).
    expect(await db.embeddings_v2.count()).toBe(1);
    indexes.setThings(1100, ["cat"]);
    await indexes.save();
    expect(await db.embeddings_v2.count()).toBe(2);
    db.close();

    // 150 files left the library: the next session does not load them, and its first save compacts.
    const gone = new Set(Array.from({ length: 150 }, (_, index) => index + 1));
    const next = session(browser, cipher, { gone });
    await next.indexes.load();
    expect(next.indexes.thingsOf(1)).toBeUndefined();
    next.indexes.setThings(2000, ["kite"]);
    await next.indexes.save();
    expect(await next.db.embeddings_v2.count()).toBe(1);
    next.db.close();

    const last = session(browser, cipher);
    await last.indexes.load();
    expect(last.indexes.thingsOf(1)).toBeUndefined();
    expect(last.indexes.thingsOf(151)).toEqual(["dog"]);
    expect(last.indexes.thingsOf(1005)).toEqual(["cat"]);
    expect(last.indexes.thingsOf(2000)).toEqual(["kite"]);
    last.db.close();
  });

  it("refuses chunks sealed under another key; the indexes then start from zero and the store is cleared", async () => {
    const browser = freshIndexedDB();
    const first = session(browser, createLocalCipher(pool, await generateKeyB64()));
    await first.indexes.load();
    first.indexes.setThings(1, ["dog"]);
    first.indexes.setClipTime(900);
    await first.indexes.save();
    first.db.close();

    const otherCipher = createLocalCipher(pool, await generateKeyB64());
    const direct: MLIndexStore = createMLIndexStore({
      db: new LocalDatabase(browser.indexedDB, browser.IDBKeyRange),
      cipher: otherCipher,
    });
    await expect(direct.load()).rejects.toThrow(UnreadableMLIndexError);

    const second = session(browser, otherCipher);
    await second.indexes.load();
    expect(second.logged).toEqual(["Could not read the stored ML indexes; they are pulled again"]);
    expect(second.indexes.thingsOf(1)).toBeUndefined();
    expect(second.indexes.times).toEqual({ clipUs: 0, mlDataUs: 0 });
    expect(await second.db.embeddings_v2.count()).toBe(0);
    expect(await second.db["ml-sync-time"].count()).toBe(0);
    // It stores again from zero, readable next time.
    second.indexes.setThings(2, ["cat"]);
    await second.indexes.save();
    second.db.close();
    const third = session(browser, otherCipher);
    await third.indexes.load();
    expect(third.indexes.thingsOf(2)).toEqual(["cat"]);
    expect(third.logged).toEqual([]);
    third.db.close();
  });

  it("reads a damaged chunk as unreadable", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const first = session(browser, cipher);
    await first.indexes.load();
    first.indexes.setThings(1, ["dog"]);
    await first.indexes.save();
    const [row] = await first.db.embeddings_v2.toArray();
    if (row === undefined) throw new Error("nothing stored");
    row.sealed.encryptedData[5] = (row.sealed.encryptedData[5] ?? 0) ^ 1;
    await first.db.embeddings_v2.put(row);
    first.db.close();
    await expect(
      createMLIndexStore({
        db: new LocalDatabase(browser.indexedDB, browser.IDBKeyRange),
        cipher,
      }).load(),
    ).rejects.toThrow(UnreadableMLIndexError);
  });
});
