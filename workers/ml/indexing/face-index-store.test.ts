import { describe, expect, it } from "vitest";
import { generateKeyB64 } from "../../../shared/crypto";
import { type LocalCipher, createLocalCipher } from "../../sync/local-cipher";
import { LocalDatabase } from "../../sync/local-db";
import { freshIndexedDB, inProcessCryptoPool } from "../../sync/test-support/sync-store";
import { FaceDatabase, faceDatabaseName } from "./face-db";
import { createFaceIndexStore } from "./face-index-store";
import { type IndexedFace, quantizedEmbedding } from "./indexed-faces";
import { createMLIndexStore } from "./ml-index-store";
import { LibraryMLIndexes } from "./ml-indexes";
import { UnreadableMLIndexError } from "./sealed-chunks";

// See: [Note: The face database keeps each file's faces and status]

const pool = inProcessCryptoPool();
type Browser = ReturnType<typeof freshIndexedDB>;

const faceOf = (fileID: number, seed: number): IndexedFace => ({
  faceID: `${String(fileID)}_00012_00034_00056_00078`,
  box: { x: 0.12, y: 0.34, width: 0.44, height: 0.44 },
  score: 0.93,
  blur: 42,
  embedding: quantizedEmbedding(Array.from({ length: 1024 }, (_, i) => Math.sin(seed + i))),
});

/** One session's indexes over the browser's two databases. */
const session = (browser: Browser, cipher: LocalCipher, logged: string[] = []) => {
  const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  const faceDb = new FaceDatabase(browser.indexedDB, browser.IDBKeyRange);
  const faceStore = createFaceIndexStore({ db: faceDb, cipher });
  const indexes = new LibraryMLIndexes({
    store: createMLIndexStore({ db, cipher }),
    faceStore,
    inLibrary: () => true,
    logError: (message) => {
      logged.push(message);
    },
  });
  const close = () => {
    db.close();
    faceStore.close();
  };
  return { db, faceDb, indexes, logged, close };
};

const storedBytes = async (faceDb: FaceDatabase): Promise<string> => {
  const rows = [
    ...(await faceDb["face-index"].toArray()),
    ...(await faceDb["file-status"].toArray()),
  ];
  return rows.map(({ sealed }) => new TextDecoder("latin1").decode(sealed.encryptedData)).join("");
};

describe("the face database", () => {
  it("is its own IndexedDB database, version 1, with the face index and file status stores", async () => {
    const browser = freshIndexedDB();
    const faceDb = new FaceDatabase(browser.indexedDB, browser.IDBKeyRange);
    await faceDb.open();
    expect(faceDb.name).toBe(faceDatabaseName);
    expect(faceDb.verno).toBe(1);
    expect(faceDb.tables.map(({ name }) => name).sort()).toEqual(["face-index", "file-status"]);
    faceDb.close();
  });

  it("gives the next session each file's faces and status, sealed on disk", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const first = session(browser, cipher);
    await first.indexes.load();
    first.indexes.setFaces(1, [faceOf(1, 1)]);
    first.indexes.setFaces(2, []);
    first.indexes.recordFaceFailure(3);
    first.indexes.recordFaceFailure(3);
    await first.indexes.save();
    expect(await first.faceDb["face-index"].count()).toBeGreaterThan(0);
    expect(await first.faceDb["file-status"].count()).toBeGreaterThan(0);
    // Nothing in clear: not a face's ID, not the search indexes' store.
    expect(await storedBytes(first.faceDb)).not.toContain("_00012_00034");
    expect(await first.db.embeddings_v2.count()).toBe(0);
    first.close();

    const second = session(browser, cipher);
    await second.indexes.load();
    expect(second.indexes.facesOf(1)?.map(({ faceID }) => faceID)).toEqual([faceOf(1, 1).faceID]);
    expect(second.indexes.facesOf(1)?.[0]?.box.width).toBeCloseTo(0.44, 5);
    expect(second.indexes.facesOf(1)?.[0]?.embedding.codes).toEqual(faceOf(1, 1).embedding.codes);
    expect(second.indexes.facesOf(2)).toEqual([]);
    expect(second.indexes.faceStateOf(1)).toEqual({ status: "indexed", failureCount: 0 });
    expect(second.indexes.faceStateOf(3)).toEqual({ status: "indexable", failureCount: 2 });
    expect(second.indexes.facesOf(3)).toBeUndefined();

    // Turning face indexing off forgets them on disk too.
    second.indexes.clearFaces();
    await second.indexes.save();
    second.close();
    const third = session(browser, cipher);
    await third.indexes.load();
    expect(third.indexes.allFaces().size).toBe(0);
    expect(third.indexes.faceStateOf(3)).toBeUndefined();
    third.close();
  });

  it("moves the faces an earlier version kept among the search indexes into the face database", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
    // What the earlier version wrote: a file's things and faces in one entry.
    await createMLIndexStore({ db, cipher }).save({
      changed: new Set([7]),
      fileIDs: () => [7],
      inLibrary: () => true,
      entryOf: (fileID) => ({ fileID, things: ["person"], faces: [faceOf(7, 7)] }),
      times: { clipUs: 5, mlDataUs: 6 },
    });
    db.close();

    const first = session(browser, cipher);
    await first.indexes.load();
    expect(first.indexes.facesOf(7)?.map(({ faceID }) => faceID)).toEqual([faceOf(7, 7).faceID]);
    expect(first.indexes.thingsOf(7)).toEqual(["person"]);
    await first.indexes.save();
    expect(await first.faceDb["face-index"].count()).toBe(1);
    first.close();

    // Turned off in the next session, the faces do not come back from the old entry.
    const second = session(browser, cipher);
    await second.indexes.load();
    expect(second.indexes.facesOf(7)).toBeDefined();
    second.indexes.clearFaces();
    await second.indexes.save();
    second.close();
    const third = session(browser, cipher);
    await third.indexes.load();
    expect(third.indexes.facesOf(7)).toBeUndefined();
    expect(third.indexes.thingsOf(7)).toEqual(["person"]);
    expect(third.indexes.times).toEqual({ clipUs: 5, mlDataUs: 6 });
    third.close();
  });

  it("clears only itself when it cannot be read; the search indexes stay", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const first = session(browser, cipher);
    await first.indexes.load();
    first.indexes.setThings(1, ["dog"]);
    first.indexes.setFaces(1, [faceOf(1, 1)]);
    await first.indexes.save();
    const [row] = await first.faceDb["face-index"].toArray();
    if (row === undefined) throw new Error("nothing stored");
    row.sealed.encryptedData[5] = (row.sealed.encryptedData[5] ?? 0) ^ 1;
    await first.faceDb["face-index"].put(row);
    first.close();

    await expect(
      createFaceIndexStore({
        db: new FaceDatabase(browser.indexedDB, browser.IDBKeyRange),
        cipher,
      }).load(),
    ).rejects.toThrow(UnreadableMLIndexError);

    const second = session(browser, cipher);
    await second.indexes.load();
    expect(second.logged).toEqual([
      "Could not read the stored faces; they are found or pulled again",
    ]);
    expect(second.indexes.facesOf(1)).toBeUndefined();
    expect(second.indexes.thingsOf(1)).toEqual(["dog"]);
    expect(await second.faceDb["face-index"].count()).toBe(0);
    second.close();
  });

  it("keeps the sync times behind the faces when the faces cannot be stored", async () => {
    const browser = freshIndexedDB();
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const first = session(browser, cipher);
    await first.indexes.load();
    first.indexes.setFaces(1, [faceOf(1, 1)]);
    first.indexes.setMLDataTime(1234);
    first.faceDb.close();
    await first.indexes.save();
    expect(first.logged).toEqual(["Could not store the faces"]);
    expect(await first.db["ml-sync-time"].count()).toBe(0);
    first.close();
  });
});
