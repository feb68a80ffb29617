// The sync service's gallery against a real Cairn: a view opened on a
// synced library, another client's upload, a sync, and the notification
// carrying the changed snapshot, summaries and windows.

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientPackages } from "../../shared/api/headers";
import { type RunningCairn, startCairn } from "../../server/src/main";
import { type NodeAccount, signUpNodeAccount } from "../../tests/test-support/node-account";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import { type NodeLibraryClient, createNodeLibraryClient } from "../library/node-library-client";
import { createKeyringFromAccountKeys } from "../library/node-keyring";
import { type GalleryViewSnapshot } from "../gallery/gallery-contract";
import { PseudoCollectionID } from "../../shared/model/library/gallery-summary";
import { createSyncService } from "./sync-service";
import { type TestLibrary, buildTestLibrary, uploadTestFile } from "./test-support/library";
import { freshIndexedDB } from "./test-support/sync-store";
import { sharedTestPassword } from "../../tests/test-support/shared-test-kek";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

let cairn: RunningCairn;
let dataDir: string;
let account: NodeAccount;
let client: NodeLibraryClient;
let devicePool: NodeCryptoPool;
let library: TestLibrary;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "cairn-gallery-"));
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
    email: `gallery-${Date.now().toString(36)}@cairn.test`,
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
  library = await buildTestLibrary(client, { generatedCount: 5 });
}, 180_000);

afterAll(async () => {
  await client.close();
  await devicePool.terminate();
  await cairn.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the gallery of the sync service", () => {
  it("opens a view and sees another client's upload in its snapshot after a sync", async () => {
    const service = createSyncService({
      ...freshIndexedDB(),
      pool: devicePool,
      keyring: createKeyringFromAccountKeys(account.accountKeys, devicePool),
      fetch: (url, init) => globalThis.fetch(url, init),
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
    await service.sync("focus");

    const visibleCount =
      (library.filesByCollection.get(library.photos.id)?.length ?? 0) +
      (library.filesByCollection.get(library.generated.id)?.length ?? 0);
    const opened = service.openView(PseudoCollectionID.all);
    expect(opened.totalCount).toBe(visibleCount);
    const summaries = service.librarySummary().summaries;
    expect(summaries.find((s) => s.id === PseudoCollectionID.all)?.fileCount).toBe(visibleCount);
    expect(summaries.find((s) => s.id === library.hidden.id)).toMatchObject({
      isHidden: true,
      fileCount: 3,
    });
    expect(summaries.find((s) => s.id === PseudoCollectionID.trash)?.fileCount).toBe(1);

    const heard: (GalleryViewSnapshot | undefined)[] = [];
    service.subscribe((_summary, _status, view) => {
      heard.push(view);
    });
    const newestUs = Date.UTC(2030, 0, 1) * 1000;
    const added = await uploadTestFile(
      client,
      library.photos,
      "arrived-later.jpg",
      new Uint8Array([9, 8, 7]),
      { creationTimeUs: newestUs },
    );
    await service.sync("local-change");

    const latest = heard.at(-1);
    expect(latest?.viewID).toBe(PseudoCollectionID.all);
    expect(latest?.totalCount).toBe(visibleCount + 1);
    expect(latest?.version).toBeGreaterThan(opened.version);
    const window = service.viewWindow(PseudoCollectionID.all, 0, 2);
    expect(window.version).toBe(latest?.version);
    expect(window.items[0]).toMatchObject({
      id: added.id,
      title: "arrived-later.jpg",
      collectionID: library.photos.id,
      isOwn: true,
      timeUs: newestUs,
    });
    expect(service.indexOfFile(PseudoCollectionID.all, added.id)).toBe(0);
    expect(await service.fileDetails(added.id)).toMatchObject({
      albumNames: [library.photos.name],
      sizeBytes: added.info?.fileSize,
    });
    await service.close();
  }, 120_000);
});
