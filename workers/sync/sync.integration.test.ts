// The sync worker's module against a real Cairn (SQLite, local blob store):
// a library built by the Node client syncs into a fake IndexedDB completely,
// changes of another client arrive on the next sync, an interrupted sync
// resumes without duplicates, and the stored data holds no plaintext.

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FetchFunction } from "../../shared/api/client";
import { clientPackages } from "../../shared/api/headers";
import { type RunningCairn, startCairn } from "../../server/src/main";
import { type NodeAccount, signUpNodeAccount } from "../../tests/test-support/node-account";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import { type NodeLibraryClient, createNodeLibraryClient } from "../library/node-library-client";
import { createKeyringFromAccountKeys } from "../library/node-keyring";
import { createLocalCipher } from "./local-cipher";
import { LocalDatabase } from "./local-db";
import { type SyncService, createSyncService } from "./sync-service";
import { type TestLibrary, buildTestLibrary, uploadTestFile } from "./test-support/library";
import { freshIndexedDB, holdsPlaintext, storedText } from "./test-support/sync-store";
import { sharedTestPassword } from "../../tests/test-support/shared-test-kek";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

let cairn: RunningCairn;
let dataDir: string;
let account: NodeAccount;
let client: NodeLibraryClient;
let devicePool: NodeCryptoPool;
let library: TestLibrary;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "cairn-sync-"));
  cairn = await startCairn(
    {
      dataDir,
      webDistDir: path.join(repoRoot, "dist/web"),
      logLevel: "warn",
      ports: { api: 0, photos: 0, accounts: 0, auth: 0 },
    },
    { environment: {}, cwd: repoRoot },
  );
  account = await signUpNodeAccount({
    apiOrigin: cairn.urls.api,
    mailDir: path.join(dataDir, "mail"),
    email: `sync-${Date.now().toString(36)}@cairn.test`,
    password: sharedTestPassword,
  });
  client = await createNodeLibraryClient({
    apiOrigin: cairn.urls.api,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 1,
  });
  devicePool = await createNodeCryptoPool({ size: 2 });
  library = await buildTestLibrary(client);
}, 180_000);

afterAll(async () => {
  await client.close();
  await devicePool.terminate();
  await cairn.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A fetch that counts diff requests and can be made to fail. */
const instrumentedFetch = () => {
  const state = { diffRequests: [] as string[], failFromDiff: Infinity };
  const fetch: FetchFunction = async (url, init) => {
    if (url.includes("/collections/v2/diff")) {
      state.diffRequests.push(url);
      if (state.diffRequests.length >= state.failFromDiff) throw new TypeError("fetch failed");
    }
    return globalThis.fetch(url, init);
  };
  return { fetch, state };
};

interface Device {
  browser: ReturnType<typeof freshIndexedDB>;
  service: SyncService;
  fetchState: ReturnType<typeof instrumentedFetch>["state"];
}

/** A "browser" with its own IndexedDB running the sync worker's module. */
const openDevice = async (
  browser = freshIndexedDB(),
  fetched = instrumentedFetch(),
): Promise<Device> => {
  const service = createSyncService({
    ...browser,
    pool: devicePool,
    keyring: createKeyringFromAccountKeys(account.accountKeys, devicePool),
    fetch: fetched.fetch,
    timers: {
      setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
    nowMs: () => Date.now(),
    notifyIntervalMs: 0,
  });
  await service.open({
    apiOrigin: cairn.urls.api,
    clientPackage: clientPackages.photosWeb,
    userID: account.userID,
    token: account.token,
    online: true,
  });
  return { browser, service, fetchState: fetched.state };
};

const countsByName = (service: SyncService) =>
  Object.fromEntries(service.librarySummary().collections.map((c) => [c.name, c.fileCount]));

/** Every record of every stored chunk (sealed), to check that none is stored twice. */
const storedRecordIDs = async (browser: Device["browser"]) => {
  const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  try {
    const cipher = createLocalCipher(
      devicePool,
      await createKeyringFromAccountKeys(account.accountKeys, devicePool).localDatabaseKey(),
    );
    const rows = [...(await db.files.toArray()), ...(await db["hidden-files"].toArray())];
    const opened = await cipher.open(rows.map((row) => row.sealed));
    return opened.flatMap((result) => {
      if (!result.ok) throw result.error;
      const { collectionID, files } = result.value as {
        collectionID: number;
        files: { id: number }[];
      };
      return files.map((file) => `${String(collectionID)}:${String(file.id)}`);
    });
  } finally {
    db.close();
  }
};

describe("sync against a real server", () => {
  it("pulls the whole library, the hidden album and the trash", async () => {
    const device = await openDevice();
    const status = await device.service.sync("focus");
    expect(status.state).toBe("up-to-date");
    expect(status.skippedRecords).toBe(0);
    const summary = device.service.librarySummary();
    expect(countsByName(device.service)).toEqual({
      [library.photos.name]: library.filesByCollection.get(library.photos.id)?.length,
      [library.generated.name]: library.filesByCollection.get(library.generated.id)?.length,
      [library.hidden.name]: 3,
    });
    expect(summary.collections.find((c) => c.id === library.hidden.id)?.visibility).toBe(2);
    expect(summary.fileCount).toBe(7 + 30);
    expect(summary.hiddenFileCount).toBe(3);
    expect(summary.trashCount).toBe(1);
    const latest = summary.collections.find((c) => c.id === library.photos.id)?.latestFileTimeUs;
    expect(latest).toBe(1_560_000_000_000_000 + 6 * 1_000_000);
    await device.service.close();
  });

  it("stores no plaintext: names, album names, captions, locations, keys", async () => {
    const device = await openDevice();
    await device.service.sync("focus");
    await device.service.close();
    const text = await storedText(device.browser.indexedDB, device.browser.IDBKeyRange);
    const keys = [...library.filesByCollection.values()].flat().map((file) => file.keyB64);
    for (const secret of [...library.secrets, "38.7139", library.photos.keyB64, ...keys]) {
      expect(holdsPlaintext(text, secret), secret).toBe(false);
    }
  });

  it("shows the stored library when reopened, before the network answers", async () => {
    const device = await openDevice();
    await device.service.sync("focus");
    await device.service.close();
    // A network that never answers (until the request is aborted).
    const offline: FetchFunction = (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => {
          reject(new DOMException("aborted", "AbortError"));
        });
      });
    const reopened = createSyncService({
      ...device.browser,
      pool: devicePool,
      keyring: createKeyringFromAccountKeys(account.accountKeys, devicePool),
      fetch: offline,
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
      nowMs: () => Date.now(),
    });
    const summary = await reopened.open({
      apiOrigin: cairn.urls.api,
      clientPackage: clientPackages.photosWeb,
      userID: account.userID,
      token: account.token,
      online: true,
    });
    expect(summary.fileCount).toBe(37);
    expect(summary.trashCount).toBe(1);
    expect(reopened.status().state).toBe("syncing");
    await reopened.close();
  });

  it("resumes an interrupted sync without duplicates", async () => {
    const browser = freshIndexedDB();
    const failing = instrumentedFetch();
    failing.state.failFromDiff = 2;
    const first = await openDevice(browser, failing);
    const failed = await first.service.sync("focus");
    expect(failed.state).toBe("offline");
    const partial = device0Counts(first.service);
    await first.service.close();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(40);

    const working = instrumentedFetch();
    const second = await openDevice(browser, working);
    const status = await second.service.sync("focus");
    expect(status.state).toBe("up-to-date");
    expect(
      second.service.librarySummary().fileCount + second.service.librarySummary().hiddenFileCount,
    ).toBe(40);
    // Collections stored before the failure are not asked for again from the start.
    const fromScratch = working.state.diffRequests.filter((url) => url.includes("sinceTime=0"));
    expect(fromScratch.length).toBeLessThan(3);
    await second.service.close();
    const ids = await storedRecordIDs(browser);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it("brings another client's changes on the next sync", async () => {
    const device = await openDevice();
    await device.service.sync("focus");

    const added = await uploadTestFile(
      client,
      library.photos,
      "new-arrival.jpg",
      new Uint8Array([1, 2, 3]),
    );
    const [gone] = library.filesByCollection.get(library.generated.id) ?? [];
    if (gone === undefined) throw new Error("no generated file");
    await client.trashFiles([{ fileID: gone.id, collectionID: library.generated.id }]);
    await client.restoreFiles(library.generated, [library.trashed]);
    const renamed = await client.renameCollection(library.photos, "Lisbon, renamed");
    await client.setCollectionHidden(renamed, true);
    await client.setCollectionHidden(library.hidden, false);

    const status = await device.service.sync("local-change");
    expect(status.state).toBe("up-to-date");
    const summary = device.service.librarySummary();
    const photos = summary.collections.find((c) => c.id === library.photos.id);
    expect(photos).toMatchObject({ name: "Lisbon, renamed", visibility: 2, fileCount: 8 });
    const generated = summary.collections.find((c) => c.id === library.generated.id);
    // One trashed, one restored from the trash.
    expect(generated?.fileCount).toBe(30);
    expect(summary.collections.find((c) => c.id === library.hidden.id)?.visibility).toBe(0);
    expect(summary.hiddenFileCount).toBe(8);
    expect(summary.fileCount).toBe(33);
    expect(summary.trashCount).toBe(1);
    expect(added.collectionID).toBe(library.photos.id);
    await device.service.close();
    const ids = await storedRecordIDs(device.browser);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(`${String(library.photos.id)}:${String(added.id)}`);
  });

  it("gives the desktop export the user's own files with their keys, and tells it when a pull changed the library", async () => {
    const device = await openDevice();
    await device.service.sync("focus");
    const snapshot = await device.service.exportLibrary();
    // The hidden album is the user's too: a backup holds every photo they own.
    expect(snapshot.library.collections.map((c) => c.id).sort()).toEqual(
      [library.photos.id, library.generated.id, library.hidden.id].sort(),
    );
    const summary = device.service.librarySummary();
    expect(snapshot.library.files).toHaveLength(summary.fileCount + summary.hiddenFileCount);
    const photo = library.filesByCollection.get(library.photos.id)?.[0];
    const exported = snapshot.library.files.find((file) => file.id === photo?.id);
    expect(exported?.keyB64).toBe(photo?.keyB64);
    expect(Object.keys(exported ?? {}).sort()).toEqual(
      [
        "collectionID",
        "fileDecryptionHeaderB64",
        "id",
        "keyB64",
        "metadata",
        "ownerID",
        "pubMagicMetadata",
        "updationTime",
      ].sort(),
    );
    expect(snapshot.download).toEqual({
      apiOrigin: cairn.urls.api,
      clientPackage: clientPackages.photosWeb,
      token: account.token,
    });

    const change = device.service.nextLibraryChange(snapshot.version);
    await uploadTestFile(client, library.photos, "export-change.jpg", new Uint8Array([1, 2, 3]));
    await device.service.sync("focus");
    expect(await change).toBeGreaterThan(snapshot.version);

    const afterClose = device.service.nextLibraryChange(Number.MAX_SAFE_INTEGER);
    await device.service.close();
    await expect(afterClose).rejects.toThrow();
  });
});

const device0Counts = (service: SyncService) => {
  const summary = service.librarySummary();
  return summary.fileCount + summary.hiddenFileCount;
};
