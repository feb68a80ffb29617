import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RemoteFileJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  createTestCollection,
  signUpTestUser,
  uploadTestFile,
  uploadTestObjects,
} from "../../../test-support/library-client";
import {
  pullTrashDiff,
  putBytes,
  trashTestFiles,
  usageOf,
} from "../../../test-support/library-files";
import type { RecordingLogger } from "../../../test-support/logger";
import { createJobScheduler } from "../../jobs/scheduler";

// The library's background jobs (trash purge, blob deletion, upload expiry),
// run with the test clock moved.

const dayMs = 24 * 60 * 60 * 1000;

describe.each(testDatabaseBackends())("library jobs on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let albumID: number;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    albumID = (await createTestCollection(server, alice)).id;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
  });

  const runJob = async (name: string) => {
    const job = server.library.jobs.find((candidate) => candidate.name === name);
    if (job === undefined) throw new Error(`No job ${name}`);
    await job.run(new AbortController().signal);
  };
  const blobSize = (key: string | null | undefined) =>
    server.libraryContext.blobStore.sizeBytes(key ?? "");
  const queuedKeys = async () =>
    (
      await server.database.db
        .selectFrom("object_deletions")
        .select("object_key")
        .orderBy("object_key")
        .execute()
    ).map((row) => row.object_key);

  it("deletes trash items for good once their 30 days are over", async () => {
    const doomed = await uploadTestFile(server, alice, albumID);
    const restored = await uploadTestFile(server, alice, albumID);
    await trashTestFiles(alice, [doomed, restored]);
    await alice.ok("POST", "/collections/restore-files", {
      collectionID: albumID,
      files: [await collectionFileItem(server, alice, restored, albumID)],
    });
    const since = (await pullTrashDiff(alice)).lastTime;
    const usage = await usageOf(server, alice.userID);

    server.clock.advanceMs(29 * dayMs);
    await runJob("library-trash-purge");
    expect((await pullTrashDiff(alice, since)).items).toEqual([]);

    server.clock.advanceMs(2 * dayMs);
    await runJob("library-trash-purge");
    const { items } = await pullTrashDiff(alice, since);
    expect(items.map((item) => [item.file.id, item.isDeleted])).toEqual([[doomed.id, true]]);
    expect(items[0]?.file.metadata.encryptedData).toBe("-");
    expect(await usageOf(server, alice.userID)).toBe(
      usage - (doomed.file.size ?? 0) - (doomed.thumbnail.size ?? 0),
    );
    expect(await queuedKeys()).toEqual([doomed.file.objectKey, doomed.thumbnail.objectKey].sort());
    // The objects stay until the deletion job runs.
    expect(await blobSize(doomed.file.objectKey)).toBe(doomed.file.size);
  });

  it("deletes queued blobs, and keeps a blob whose delete failed queued for the next run", async () => {
    const [first, second] = [
      await uploadTestFile(server, alice, albumID),
      await uploadTestFile(server, alice, albumID),
    ] as [RemoteFileJSON, RemoteFileJSON];
    await trashTestFiles(alice, [first, second]);
    await alice.ok("POST", "/trash/delete", { fileIDs: [first.id, second.id] });
    const keys = [first, second].flatMap((f) => [f.file.objectKey, f.thumbnail.objectKey]);
    expect(await queuedKeys()).toEqual([...keys].sort());

    const store = server.libraryContext.blobStore;
    const realDelete = store.delete.bind(store);
    const failing = vi
      .spyOn(store, "delete")
      .mockImplementation((key) =>
        key === first.file.objectKey ? Promise.reject(new Error("store down")) : realDelete(key),
      );
    await runJob("library-object-deletions");
    expect(await queuedKeys()).toEqual([first.file.objectKey]);
    expect(await blobSize(first.file.objectKey)).toBe(first.file.size);
    for (const key of keys.slice(1)) expect(await blobSize(key)).toBeUndefined();
    const warnings = (server.libraryContext.log as RecordingLogger).entries.filter(
      (entry) => entry.level === "warn",
    );
    expect(JSON.stringify(warnings.map((entry) => entry.args[0]))).toContain(
      first.file.objectKey ?? "",
    );

    failing.mockRestore();
    await runJob("library-object-deletions");
    expect(await queuedKeys()).toEqual([]);
    expect(await blobSize(first.file.objectKey)).toBeUndefined();
  });

  it("expires uploads that were never registered after 14 days, and keeps registered ones", async () => {
    const { body } = await uploadTestObjects(server, alice, albumID);
    await alice.ok("POST", "/files", body);
    const { urls } = await alice.ok<{ urls: { objectKey: string; url: string }[] }>(
      "GET",
      "/files/upload-urls?count=2",
    );
    const [orphan, neverUploaded] = urls as [
      { objectKey: string; url: string },
      { objectKey: string; url: string },
    ];
    expect((await putBytes(orphan.url, new Uint8Array(randomBytes(100)))).status).toBe(200);
    // A record left behind for a registered key (restored from a backup, say).
    await server.database.db
      .insertInto("temp_objects")
      .values({
        object_key: body.file.objectKey,
        user_id: alice.userID,
        is_multipart: 0,
        expiration_time_us: server.context.nowUs(),
      })
      .execute();
    const records = async () =>
      (
        await server.database.db
          .selectFrom("temp_objects")
          .select("object_key")
          .orderBy("object_key")
          .execute()
      ).map((row) => row.object_key);

    server.clock.advanceMs(13 * dayMs);
    await runJob("library-upload-expiry");
    expect(await records()).toEqual([orphan.objectKey, neverUploaded.objectKey].sort());
    expect(await blobSize(orphan.objectKey)).toBe(100);
    expect(await blobSize(body.file.objectKey)).toBe(body.file.size);

    server.clock.advanceMs(2 * dayMs);
    await runJob("library-upload-expiry");
    expect(await records()).toEqual([]);
    expect(await blobSize(orphan.objectKey)).toBeUndefined();
    expect(await blobSize(body.file.objectKey)).toBe(body.file.size);
    expect(await blobSize(body.thumbnail.objectKey)).toBe(body.thumbnail.size);
  });

  it("runs under the scheduler's lock", async () => {
    const scheduler = createJobScheduler({
      db: server.database.db,
      log: server.libraryContext.log,
      nowMs: () => server.clock.nowMs,
    });
    for (const job of server.library.jobs) scheduler.add(job);
    for (const job of server.library.jobs) {
      expect(job.lockTtlMs).toBeGreaterThan(0);
      expect(job.intervalMs).toBeGreaterThan(0);
      expect(await scheduler.runNow(job.name)).toBe("ran");
    }
    await scheduler.stop();
  });
});
