import { defaultViewChoices } from "../../shared/model/library/view-choices";
import { describe, expect, it } from "vitest";
import { generateKeyB64 } from "../../shared/crypto";
import { toB64 } from "../../shared/crypto/base64";
import { type GalleryViewSnapshot } from "../gallery/gallery-contract";
import type { GallerySummary } from "../../shared/model/library/gallery-summary";
import {
  FirstScreenKeeper,
  type FirstScreenRecord,
  type FirstScreenSource,
  firstScreenCoverCount,
  firstScreenRecord,
  firstScreenThumbnailsCarried,
  firstScreenThumbnailsCarriedBytes,
  withCarriedThumbnails,
  isFirstScreenRecord,
  provisionalViewVersion,
  readFirstScreen,
  writeFirstScreen,
} from "./first-screen";
import type { LibrarySummary } from "./library-summary";
import { createLocalCipher } from "./local-cipher";
import { LocalDatabase, firstScreenKey } from "./local-db";
import {
  freshIndexedDB,
  holdsPlaintext,
  inProcessCryptoPool,
  storedText,
  testFile,
  testUserID,
} from "./test-support/sync-store";
import { testGalleryItem as itemOf } from "../gallery/test-support/gallery-items";

const pool = inProcessCryptoPool();

const summaryOf = (id: number, coverFileID?: number): GallerySummary => ({
  id,
  name: `Album ${String(id)}`,
  type: "album",
  order: 4,
  fileCount: 1,
  updationTimeUs: 0,
  coverFileID,
  isHidden: false,
  isOwned: true,
  sortAscending: false,
});

const librarySummaryOf = (summaries: GallerySummary[]): LibrarySummary => ({
  collections: [],
  summaries,
  fileCount: 3,
  hiddenFileCount: 0,
  trashCount: 0,
});

const snapshotOf = (viewID: number, totalCount: number): GalleryViewSnapshot => ({
  viewID,
  version: 7,
  totalCount,
  days: [{ day: "2024-06-01", firstIndex: 0, count: totalCount }],
});

const recordOf = (overrides: Partial<FirstScreenSource> = {}): FirstScreenRecord =>
  firstScreenRecord({
    userID: testUserID,
    viewID: 0,
    choices: defaultViewChoices,
    summary: librarySummaryOf([summaryOf(0, 1), summaryOf(10, 90)]),
    snapshot: snapshotOf(0, 2),
    items: [itemOf(1), itemOf(2)],
    itemFiles: [testFile(1, 10), testFile(2, 10)],
    fileByID: (id) => testFile(id, 10),
    ...overrides,
  });

describe("the first screen record", () => {
  it("holds the items' files and the covers' files, each once", () => {
    const record = recordOf();
    expect(record.files.map(({ id }) => id)).toEqual([1, 2, 90]);
    expect(record.items.map(({ id }) => id)).toEqual([1, 2]);
  });

  it("holds the shapes of its items only, as numbers its JSON keeps", () => {
    const snapshot = { ...snapshotOf(0, 5), aspectRatios: Float32Array.of(1.5, 0.75, 1, 2, 0.5) };
    const record = recordOf({ snapshot });
    expect(record.snapshot.aspectRatios).toEqual([1.5, 0.75]);
    const stored = JSON.parse(JSON.stringify(record)) as FirstScreenRecord;
    expect(stored.snapshot.aspectRatios).toEqual([1.5, 0.75]);
  });

  it(`holds the covers of the first ${String(firstScreenCoverCount)} summaries only`, () => {
    const summaries = Array.from({ length: firstScreenCoverCount + 20 }, (_, i) =>
      summaryOf(100 + i, 10_000 + i),
    );
    const record = firstScreenRecord({
      userID: testUserID,
      viewID: 0,
      choices: defaultViewChoices,
      summary: librarySummaryOf(summaries),
      snapshot: snapshotOf(0, 0),
      items: [],
      itemFiles: [],
      fileByID: (id) => testFile(id, 10),
    });
    expect(record.files).toHaveLength(firstScreenCoverCount);
    expect(record.files.at(-1)?.id).toBe(10_000 + firstScreenCoverCount - 1);
  });

  it.each([
    ["a record", recordOf(), true],
    ["nothing", undefined, false],
    ["a list", [], false],
    ["a record without files", { ...recordOf(), files: undefined }, false],
    ["a file without a key", { ...recordOf(), files: [{ id: 3 }] }, false],
    ["a snapshot of another view", { ...recordOf(), snapshot: snapshotOf(5, 1) }, false],
    ["a summary without summaries", { ...recordOf(), summary: { fileCount: 1 } }, false],
    ["a record of an older build, without choices", { ...recordOf(), choices: undefined }, false],
  ])("knows the shape of %s", (_what, value, expected) => {
    expect(isFirstScreenRecord(value)).toBe(expected);
  });
});

describe("the thumbnails a first screen carries", () => {
  const manyItems = (count: number) =>
    recordOf({
      items: Array.from({ length: count }, (_, i) => itemOf(i + 1)),
      itemFiles: Array.from({ length: count }, (_, i) => testFile(i + 1, 10)),
    });
  /** A device holding every thumbnail asked for but those of `missing`, each `bytes` long. */
  const heldAllBut =
    (missing: ReadonlySet<number>, bytes = 4) =>
    (fileIDs: readonly number[]) =>
      Promise.resolve(
        fileIDs
          .filter((fileID) => !missing.has(fileID))
          .map((fileID) => ({ fileID, ciphertext: new Uint8Array(bytes).fill(fileID % 256) })),
      );

  it(`are the leading ${String(firstScreenThumbnailsCarried)} tiles' the device holds, in order`, async () => {
    const record = await withCarriedThumbnails(manyItems(40), heldAllBut(new Set([2])));
    const carried = record.thumbnails?.map(({ fileID }) => fileID);
    expect(carried).toEqual(
      Array.from({ length: firstScreenThumbnailsCarried }, (_, i) => i + 1).filter(
        (id) => id !== 2,
      ),
    );
  });

  it("stop at the record's byte budget", async () => {
    const bytes = firstScreenThumbnailsCarriedBytes / 4 + 1;
    const record = await withCarriedThumbnails(manyItems(10), heldAllBut(new Set(), bytes));
    expect(record.thumbnails?.map(({ fileID }) => fileID)).toEqual([1, 2, 3]);
  });

  it("come back with the record, sealed, and only for its own files", async () => {
    const browser = freshIndexedDB();
    const keyB64 = await generateKeyB64();
    const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
    const cipher = createLocalCipher(pool, keyB64);
    const secret = new TextEncoder().encode("JFIF secret thumbnail");
    const carrying = await withCarriedThumbnails(recordOf(), (fileIDs) =>
      Promise.resolve(fileIDs.map((fileID) => ({ fileID, ciphertext: secret.slice() }))),
    );
    await writeFirstScreen(db, cipher, {
      ...carrying,
      thumbnails: [
        ...(carrying.thumbnails ?? []),
        { fileID: 77, ciphertextB64: "AAAA" },
        { fileID: 90, ciphertextB64: "not base64!" },
      ],
    });
    const read = await readFirstScreen(db, cipher, testUserID, defaultViewChoices);
    expect([...(read?.thumbnailCiphertexts.keys() ?? [])]).toEqual([1, 2]);
    expect(read?.thumbnailCiphertexts.get(1)).toEqual(secret);
    db.close();
    const text = await storedText(browser.indexedDB, browser.IDBKeyRange);
    // Neither the thumbnails nor which files they are, in any form.
    expect(holdsPlaintext(text, "JFIF secret thumbnail")).toBe(false);
    expect(text.includes(toB64(secret))).toBe(false);
  });

  it("are none in a record of an older build", async () => {
    const browser = freshIndexedDB();
    const keyB64 = await generateKeyB64();
    const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
    const cipher = createLocalCipher(pool, keyB64);
    await writeFirstScreen(db, cipher, recordOf());
    const read = await readFirstScreen(db, cipher, testUserID, defaultViewChoices);
    expect(read?.thumbnailCiphertexts.size).toBe(0);
    db.close();
  });
});

describe("the stored first screen", () => {
  const stored = async (
    record: FirstScreenRecord,
    readerKeyB64?: string,
    userID = testUserID,
    choices = defaultViewChoices,
  ) => {
    const browser = freshIndexedDB();
    const keyB64 = await generateKeyB64();
    const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
    await writeFirstScreen(db, createLocalCipher(pool, keyB64), record);
    const read = await readFirstScreen(
      db,
      createLocalCipher(pool, readerKeyB64 ?? keyB64),
      userID,
      choices,
    );
    return { db, browser, read };
  };

  it("reads back what was written, sealed, with a provisional snapshot", async () => {
    const { db, browser, read } = await stored(
      recordOf({ items: [{ ...itemOf(1), title: "Secret beach.jpg" }] }),
    );
    expect(read?.screen).toEqual({
      viewID: 0,
      summary: librarySummaryOf([summaryOf(0, 1), summaryOf(10, 90)]),
      snapshot: { ...snapshotOf(0, 2), version: provisionalViewVersion },
      items: [{ ...itemOf(1), title: "Secret beach.jpg" }],
      thumbnailFileIDs: [1, 2, 90],
    });
    expect(read?.files.get(90)).toEqual(testFile(90, 10));
    db.close();
    const text = await storedText(browser.indexedDB, browser.IDBKeyRange);
    expect(holdsPlaintext(text, "Secret beach")).toBe(false);
    expect(holdsPlaintext(text, testFile(1, 10).keyB64)).toBe(false);
  });

  it("ignores another user's record", async () => {
    const { db, read } = await stored(recordOf(), undefined, testUserID + 1);
    expect(read).toBeUndefined();
    db.close();
  });

  it("ignores a record made before shared files were chosen for the timeline", async () => {
    const { db, read } = await stored(recordOf(), undefined, testUserID, {
      sharedInTimeline: true,
    });
    expect(read).toBeUndefined();
    db.close();
  });

  it("ignores a record that does not open", async () => {
    const { db, read } = await stored(recordOf(), await generateKeyB64());
    expect(read).toBeUndefined();
    db.close();
  });

  it("ignores a record of another shape", async () => {
    const browser = freshIndexedDB();
    const keyB64 = await generateKeyB64();
    const cipher = createLocalCipher(pool, keyB64);
    const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
    const [sealed] = await cipher.seal([{ userID: testUserID, viewID: 0 }]);
    if (sealed === undefined) throw new Error("nothing sealed");
    await db["first-screen"].put({ key: firstScreenKey, sealed });
    expect(await readFirstScreen(db, cipher, testUserID, defaultViewChoices)).toBeUndefined();
    db.close();
  });

  it("is nothing in a new database", async () => {
    const browser = freshIndexedDB();
    const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
    const cipher = createLocalCipher(pool, await generateKeyB64());
    expect(await readFirstScreen(db, cipher, testUserID, defaultViewChoices)).toBeUndefined();
    db.close();
  });
});

/** Timers the test runs by hand. */
const manualTimers = () => {
  let nextID = 1;
  const pending = new Map<number, { callback: () => void; delayMs: number }>();
  return {
    timers: {
      setTimeout: (callback: () => void, delayMs: number) => {
        const id = nextID++;
        pending.set(id, { callback, delayMs });
        return id;
      },
      clearTimeout: (handle: unknown) => {
        pending.delete(handle as number);
      },
    },
    pending,
    fire: () => {
      const due = [...pending.values()];
      pending.clear();
      for (const { callback } of due) callback();
    },
  };
};

describe("FirstScreenKeeper", () => {
  const setup = () => {
    const clock = manualTimers();
    let nowMs = 0;
    let key = "a";
    const written: string[] = [];
    const errors: unknown[] = [];
    const keeper = new FirstScreenKeeper({
      timers: clock.timers,
      nowMs: () => nowMs,
      settleMs: 2000,
      current: () => ({ key, record: () => recordOf({ viewID: 0 }) }),
      store: () => {
        written.push(key);
        return Promise.resolve();
      },
      onError: (e) => errors.push(e),
    });
    return {
      clock,
      keeper,
      written,
      errors,
      setKey: (next: string) => {
        key = next;
      },
      advance: (ms: number) => {
        nowMs += ms;
      },
    };
  };

  it("writes once, after the changes settled", async () => {
    const { clock, keeper, written, setKey } = setup();
    keeper.changed();
    setKey("b");
    keeper.changed();
    keeper.changed();
    expect(clock.pending.size).toBe(1);
    expect([...clock.pending.values()][0]?.delayMs).toBe(2000);
    expect(written).toEqual([]);
    clock.fire();
    await keeper.settled();
    expect(written).toEqual(["b"]);
  });

  it("does not write the same record twice", async () => {
    const { clock, keeper, written, setKey } = setup();
    keeper.changed();
    clock.fire();
    await keeper.settled();
    keeper.changed();
    clock.fire();
    await keeper.settled();
    expect(written).toEqual(["a"]);
    setKey("c");
    keeper.changed();
    clock.fire();
    await keeper.settled();
    expect(written).toEqual(["a", "c"]);
  });

  it("writes at once when the library is known to be settled, but not twice within the settle time", async () => {
    const { clock, keeper, written, setKey, advance } = setup();
    advance(10_000);
    keeper.changed();
    keeper.settledNow();
    expect([...clock.pending.values()].map(({ delayMs }) => delayMs)).toEqual([0]);
    clock.fire();
    await keeper.settled();
    expect(written).toEqual(["a"]);
    advance(500);
    setKey("b");
    keeper.settledNow();
    expect([...clock.pending.values()].map(({ delayMs }) => delayMs)).toEqual([2000]);
    clock.fire();
    await keeper.settled();
    expect(written).toEqual(["a", "b"]);
  });

  it("writes nothing once stopped", async () => {
    const { clock, keeper, written } = setup();
    keeper.changed();
    await keeper.stop();
    keeper.changed();
    clock.fire();
    await keeper.settled();
    expect(clock.pending.size).toBe(0);
    expect(written).toEqual([]);
  });

  it("reports a failed write and writes again at the next change", async () => {
    const clock = manualTimers();
    const errors: unknown[] = [];
    let fail = true;
    let writes = 0;
    const keeper = new FirstScreenKeeper({
      timers: clock.timers,
      nowMs: () => 0,
      current: () => ({ key: "same", record: () => recordOf() }),
      store: () => {
        writes += 1;
        return fail ? Promise.reject(new Error("quota")) : Promise.resolve();
      },
      onError: (e) => errors.push(e),
    });
    keeper.changed();
    clock.fire();
    await keeper.settled();
    expect(errors).toHaveLength(1);
    fail = false;
    keeper.changed();
    clock.fire();
    await keeper.settled();
    expect(writes).toBe(2);
  });
});
