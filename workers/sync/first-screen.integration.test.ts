// The sync service's first screen: written after the library settled, read
// on the next `open` and answering the first window's thumbnails before the
// library is loaded, ignored when it is not this user's or does not open,
// and replaced by the loaded library's snapshot. No server: the service is
// offline and the thumbnails' ciphertext is in Cache Storage.

import { defaultViewChoices } from "../../shared/model/library/view-choices";
import { describe, expect, it } from "vitest";
import { generateKeyB64 } from "../../shared/crypto";
import type { CryptoPool } from "../crypto/pool";
import type { LibraryKeyring } from "../library/keyring";
import { PseudoCollectionID } from "../../shared/model/library/gallery-summary";
import {
  type OpenedFirstScreen,
  firstScreenItemCount,
  firstScreenThumbnailsCarried,
  firstScreenThumbnailsReadAhead,
  readFirstScreen,
} from "./first-screen";
import { LibraryStore } from "./library-store";
import { createLocalCipher } from "./local-cipher";
import { LocalDatabase } from "./local-db";
import {
  CiphertextCache,
  type MediaCacheStorage,
  mediaCacheNames,
} from "../gallery/media/ciphertext-cache";
import { MemoryCacheStorage } from "../gallery/media/test-support/memory-cache-storage";
import { type SyncService, createSyncService } from "./sync-service";
import {
  freshIndexedDB,
  inProcessCryptoPool,
  testCollection,
  testFile,
  testUserID,
} from "./test-support/sync-store";

const pool = inProcessCryptoPool();
const fileCount = 600;
const albumID = 10;
const thumbnailBytes = new Uint8Array([0xff, 0xd8, 1, 2, 3]);

const keyringOf = (keyB64: string): LibraryKeyring => ({
  localDatabaseKey: () => Promise.resolve(keyB64),
  openCollectionKeys: () => Promise.reject(new Error("not used")),
  wrapCollectionKey: () => Promise.reject(new Error("not used")),
  openUserEntityKey: () => Promise.reject(new Error("not used")),
  wrapUserEntityKey: () => Promise.reject(new Error("not used")),
  openAuthenticatorKey: () => Promise.reject(new Error("not used")),
  wrapAuthenticatorKey: () => Promise.reject(new Error("not used")),
});

/** A browser profile with a stored library of `fileCount` files (newest: the highest ID) and its key. */
const storedLibrary = async () => {
  const browser = freshIndexedDB();
  const keyB64 = await generateKeyB64();
  const fileKeyB64 = await generateKeyB64();
  const [thumbnail] = await pool.encryptBlobs([
    { data: thumbnailBytes.slice(), keyB64: fileKeyB64 },
  ]);
  if (thumbnail === undefined) throw new Error("nothing encrypted");
  const files = Array.from({ length: fileCount }, (_, i) =>
    testFile(i + 1, albumID, {
      keyB64: fileKeyB64,
      thumbnailDecryptionHeaderB64: thumbnail.decryptionHeaderB64,
    }),
  );
  const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  const { store } = await LibraryStore.open({ db, cipher: createLocalCipher(pool, keyB64) });
  await store.applyCollections({
    upserts: [testCollection(albumID)],
    removals: [],
    deletedIDs: [],
    hiddenIDs: new Set(),
    resetIDs: [],
    listTimeUs: 1,
    failedIDs: [],
  });
  await store.applyFilePage(albumID, files, [], 2);
  db.close();
  /** Puts the thumbnails' ciphertext in a Cache Storage, as an earlier session left it. */
  const cachedThumbnails = async (): Promise<MemoryCacheStorage> => {
    const caches = new MemoryCacheStorage();
    const cache = new CiphertextCache(caches, mediaCacheNames.thumbnails);
    for (const file of files) {
      await cache.put(
        CiphertextCache.key("thumbnail", file.id, file.thumbnailDecryptionHeaderB64),
        new Uint8Array(thumbnail.encryptedData),
      );
    }
    return caches;
  };
  return { browser, keyB64, cachedThumbnails };
};

type Browser = ReturnType<typeof freshIndexedDB>;

const serviceOf = (
  browser: Browser,
  keyB64: string,
  options: { pool?: CryptoPool; caches?: MediaCacheStorage } = {},
): SyncService =>
  createSyncService({
    ...browser,
    pool: options.pool ?? pool,
    keyring: keyringOf(keyB64),
    fetch: () => Promise.reject(new TypeError("offline")),
    timers: {
      setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
    nowMs: () => Date.now(),
    caches: options.caches,
    firstScreenSettleMs: 10,
  });

const session = (userID = testUserID) => ({
  apiOrigin: "http://cairn.invalid",
  clientPackage: "io.cairn.photos.web",
  userID,
  token: "token",
  online: false,
});

/** The stored first screen once `accept` takes it (the service writes it on its own time). */
const storedFirstScreen = async (
  browser: Browser,
  keyB64: string,
  accept: (screen: OpenedFirstScreen) => boolean,
): Promise<OpenedFirstScreen> => {
  const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  try {
    for (let attempt = 0; attempt < 200; attempt++) {
      const read = await readFirstScreen(
        db,
        createLocalCipher(pool, keyB64),
        testUserID,
        defaultViewChoices,
      );
      if (read !== undefined && accept(read)) return read;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("The first screen was not written");
  } finally {
    db.close();
  }
};

/** A pool whose decryption of the stored library (many rows under the local key) waits for `release`. */
const gatedPool = (localKeyB64: string) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const gated: CryptoPool = {
    ...pool,
    decryptBlobs: async (items) => {
      if (items.length > 1 && items.every(({ keyB64 }) => keyB64 === localKeyB64)) await gate;
      return pool.decryptBlobs(items);
    },
  };
  return { pool: gated, release };
};

/** Opens a session on `browser` that views "all", and waits for its first screen to be written. */
const sessionThatRecords = async (browser: Browser, keyB64: string) => {
  const first = serviceOf(browser, keyB64);
  await first.open(session());
  first.openView(PseudoCollectionID.all);
  await storedFirstScreen(browser, keyB64, ({ screen }) => screen.viewID === 0);
  await first.close();
};

/** `caches`, counting the keys read from it. */
const countingReads = (caches: MediaCacheStorage) => {
  const readKeys: string[] = [];
  const counting: MediaCacheStorage = {
    open: async (cacheName) => {
      const cache = await caches.open(cacheName);
      return {
        ...cache,
        match: (key) => {
          readKeys.push(key);
          return cache.match(key);
        },
      };
    },
    delete: (cacheName) => caches.delete(cacheName),
  };
  return { caches: counting, readKeys };
};

/** The file IDs of the thumbnails read (after the reads under way have started). */
const readFileIDs = async (readKeys: readonly string[]): Promise<number[]> => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return readKeys.map((key) => Number(/\/thumbnail\/(\d+)\//.exec(key)?.[1]));
};

describe("the first screen of the sync service", () => {
  it("is written after the library settled and opens the next session before the library", async () => {
    const { browser, keyB64, cachedThumbnails } = await storedLibrary();
    await sessionThatRecords(browser, keyB64);

    const { pool: slowPool, release } = gatedPool(keyB64);
    const next = serviceOf(browser, keyB64, { pool: slowPool, caches: await cachedThumbnails() });
    let loaded = false;
    const opening = next.open(session()).then((summary) => {
      loaded = true;
      return summary;
    });
    const screen = await next.firstScreen();
    expect(screen?.viewID).toBe(PseudoCollectionID.all);
    expect(screen?.snapshot).toMatchObject({ viewID: 0, version: 0, totalCount: fileCount });
    expect(screen?.summary.summaries.find(({ id }) => id === albumID)?.fileCount).toBe(fileCount);
    expect(screen?.items).toHaveLength(firstScreenItemCount);
    expect(screen?.items[0]).toMatchObject({
      id: fileCount,
      title: `IMG_${String(fileCount)}.jpg`,
    });
    const newest = screen?.items.slice(0, 3).map(({ id }) => id) ?? [];
    expect(screen?.thumbnailFileIDs).toEqual(expect.arrayContaining(newest));

    const thumbnails = await next.thumbnails(newest);
    expect(thumbnails.map((result) => (result.ok ? [...result.bytes] : result.errorName))).toEqual(
      newest.map(() => [...thumbnailBytes]),
    );
    // The oldest file is not in the first screen: its thumbnail waits for the library.
    let oldestAnswered = false;
    const oldest = next.thumbnails([1]).then((results) => {
      oldestAnswered = true;
      return results;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).toBe(false);
    expect(oldestAnswered).toBe(false);

    release();
    const summary = await opening;
    expect(summary.fileCount).toBe(fileCount);
    expect((await oldest)[0]).toMatchObject({ fileID: 1, ok: true });
    // The loaded library's snapshot replaces the first screen's: same view, a newer version.
    const snapshot = next.openView(PseudoCollectionID.all);
    expect(snapshot.version).toBeGreaterThan(0);
    expect(snapshot.totalCount).toBe(fileCount);
    expect(snapshot.days).toEqual(screen?.snapshot.days);
    await next.close();
  });

  it("reads its leading tiles' thumbnails ahead, before the page asks for them", async () => {
    const { browser, keyB64, cachedThumbnails } = await storedLibrary();
    await sessionThatRecords(browser, keyB64);
    const { caches: countingCaches, readKeys } = countingReads(await cachedThumbnails());
    const { pool: slowPool, release } = gatedPool(keyB64);
    const next = serviceOf(browser, keyB64, { pool: slowPool, caches: countingCaches });
    const opening = next.open(session());
    const screen = await next.firstScreen();
    const leading = screen?.items.slice(0, firstScreenThumbnailsReadAhead).map(({ id }) => id);
    // Read in the order the page shows them, and no further than the leading tiles.
    expect(await readFileIDs(readKeys)).toEqual(leading);
    const asked = await next.thumbnails(leading?.slice(0, 6) ?? []);
    expect(asked.every((result) => result.ok)).toBe(true);
    expect(readKeys).toHaveLength(firstScreenThumbnailsReadAhead);
    release();
    await opening;
    await next.close();
  });

  it("carries its leading tiles' thumbnails: the next session shows them without reading Cache Storage", async () => {
    const { browser, keyB64, cachedThumbnails } = await storedLibrary();
    const first = serviceOf(browser, keyB64, { caches: await cachedThumbnails() });
    await first.open(session());
    first.openView(PseudoCollectionID.all);
    await storedFirstScreen(browser, keyB64, (read) => read.thumbnailCiphertexts.size > 0);
    await first.close();

    const { caches, readKeys } = countingReads(await cachedThumbnails());
    const { pool: slowPool, release } = gatedPool(keyB64);
    const next = serviceOf(browser, keyB64, { pool: slowPool, caches });
    const opening = next.open(session());
    const screen = await next.firstScreen();
    const leading = screen?.items.slice(0, firstScreenThumbnailsReadAhead).map(({ id }) => id);
    const carried = leading?.slice(0, firstScreenThumbnailsCarried) ?? [];
    const answered = await next.thumbnails(carried);
    expect(answered.map((result) => (result.ok ? [...result.bytes] : result.errorName))).toEqual(
      carried.map(() => [...thumbnailBytes]),
    );
    // Only the tiles after the carried ones are read ahead from Cache Storage.
    expect(await readFileIDs(readKeys)).toEqual(leading?.slice(firstScreenThumbnailsCarried));
    release();
    await opening;
    await next.close();
  });

  it("is rewritten for the view opened last", async () => {
    const { browser, keyB64 } = await storedLibrary();
    const service = serviceOf(browser, keyB64);
    await service.open(session());
    service.openView(PseudoCollectionID.all);
    await storedFirstScreen(browser, keyB64, ({ screen }) => screen.viewID === 0);
    service.openView(albumID);
    const { screen } = await storedFirstScreen(
      browser,
      keyB64,
      ({ screen: stored }) => stored.viewID === albumID,
    );
    expect(screen.snapshot.totalCount).toBe(fileCount);
    expect(screen.items[0]?.id).toBe(fileCount);
    await service.close();
  });

  it("is ignored for another user", async () => {
    const { browser, keyB64 } = await storedLibrary();
    await sessionThatRecords(browser, keyB64);
    const other = serviceOf(browser, keyB64);
    const opening = other.open(session(testUserID + 1));
    expect(await other.firstScreen()).toBeUndefined();
    await opening;
    await other.close();
  });

  it("is ignored when it does not open, and the library starts anew", async () => {
    const { browser, keyB64 } = await storedLibrary();
    await sessionThatRecords(browser, keyB64);
    const stranger = serviceOf(browser, await generateKeyB64());
    const opening = stranger.open(session());
    expect(await stranger.firstScreen()).toBeUndefined();
    expect((await opening).fileCount).toBe(0);
    await stranger.close();
  });

  it("is not answered after close", async () => {
    const { browser, keyB64 } = await storedLibrary();
    await sessionThatRecords(browser, keyB64);
    const service = serviceOf(browser, keyB64);
    await service.close();
    expect(await service.firstScreen()).toBeUndefined();
  });
});
