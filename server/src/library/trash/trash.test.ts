import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemoteFileJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  createTestCollection,
  insertTestFiles,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";
import {
  insertTrashRows,
  pullCollectionDiff,
  pullTrashDiff,
  trashTestFiles,
  usageOf,
} from "../../../test-support/library-files";
import { microsecondsPerDay } from "../../time";

// `POST /files/trash` and the trash calls (wire-contract §5.3, §6), on every
// database.

describe.each(testDatabaseBackends())("trash on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let albumID: number;
  let otherAlbumID: number;

  beforeAll(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    albumID = (await createTestCollection(server, alice)).id;
    otherAlbumID = (await createTestCollection(server, alice)).id;
  });
  afterAll(async () => {
    await server.close();
  });

  const collectionTime = async (collectionID: number) =>
    (
      await alice.ok<{ collection: { updationTime: number } }>(
        "GET",
        `/collections/${String(collectionID)}`,
      )
    ).collection.updationTime;

  const entryIn = async (collectionID: number, fileID: number) =>
    (await pullCollectionDiff(alice, collectionID)).items.find((item) => item.id === fileID);

  it("takes files out of every collection and lists them in the trash for 30 days", async () => {
    const start = (await pullTrashDiff(alice)).lastTime;
    const shared = await uploadTestFile(server, alice, albumID);
    const single = await uploadTestFile(server, alice, albumID);
    await alice.ok("POST", "/collections/add-files", {
      collectionID: otherAlbumID,
      files: [await collectionFileItem(server, alice, shared, otherAlbumID)],
    });
    await trashTestFiles(alice, [shared, single]);

    for (const collectionID of [albumID, otherAlbumID]) {
      const entry = await entryIn(collectionID, shared.id);
      expect(entry?.isDeleted).toBe(true);
      expect(await collectionTime(collectionID)).toBeGreaterThanOrEqual(entry?.updationTime ?? 0);
    }
    // One call, one version: the two items come in no particular order.
    const items = (await pullTrashDiff(alice, start)).items.sort((a, b) => a.file.id - b.file.id);
    expect(items.map((item) => item.file.id)).toEqual([shared.id, single.id]);
    expect(items[0]?.updatedAt).toBe(items[1]?.updatedAt);
    const nowUs = server.context.nowUs();
    for (const [item, file] of [
      [items[0], shared],
      [items[1], single],
    ] as const) {
      expect(item).toMatchObject({
        isDeleted: false,
        isRestored: false,
        deleteBy: nowUs + 30 * microsecondsPerDay,
        createdAt: nowUs,
        file: {
          id: file.id,
          collectionID: albumID,
          encryptedKey: file.encryptedKey,
          keyDecryptionNonce: file.keyDecryptionNonce,
          metadata: file.metadata,
          info: file.info,
        },
      });
      expect(item?.updatedAt).toBeGreaterThan(start);
    }
    // Bob's trash knows nothing of it.
    expect((await pullTrashDiff(bob)).items).toEqual([]);
  });

  it("shows restores and permanent deletes in the trash diff, in order", async () => {
    const kept = await uploadTestFile(server, alice, albumID);
    const doomed = await uploadTestFile(server, alice, albumID);
    await trashTestFiles(alice, [kept, doomed]);
    const since = (await pullTrashDiff(alice)).lastTime;
    const usageBefore = await usageOf(server, alice.userID);

    await alice.ok("POST", "/collections/restore-files", {
      collectionID: otherAlbumID,
      files: [await collectionFileItem(server, alice, kept, otherAlbumID)],
    });
    await alice.ok("POST", "/trash/delete", { fileIDs: [doomed.id] });

    const { items } = await pullTrashDiff(alice, since);
    expect(items.map((item) => [item.file.id, item.isRestored, item.isDeleted])).toEqual([
      [kept.id, true, false],
      [doomed.id, false, true],
    ]);
    expect(items[1]?.updatedAt).toBeGreaterThan(items[0]?.updatedAt ?? Infinity);
    expect(items[1]?.file).toMatchObject({ isDeleted: true, metadata: { encryptedData: "-" } });
    expect(items[1]?.file.info).toBeUndefined();

    // The collection diffs: the restored file is live in its new album, the deleted one is gone.
    expect((await entryIn(otherAlbumID, kept.id))?.isDeleted).toBe(false);
    expect(await entryIn(albumID, doomed.id)).toMatchObject({
      isDeleted: true,
      metadata: { encryptedData: "-", decryptionHeader: "-" },
    });
    const doomedBytes = (doomed.file.size ?? 0) + (doomed.thumbnail.size ?? 0);
    expect(await usageOf(server, alice.userID)).toBe(usageBefore - doomedBytes);
    const objects = await server.database.db
      .selectFrom("object_keys")
      .select(["object_key", "is_deleted"])
      .where("file_id", "=", doomed.id)
      .execute();
    expect(objects.map((o) => o.is_deleted)).toEqual([1, 1]);
    const queued = await server.database.db
      .selectFrom("object_deletions")
      .select("object_key")
      .where(
        "object_key",
        "in",
        objects.map((o) => o.object_key),
      )
      .execute();
    expect(queued).toHaveLength(2);
    // A deleted file is nobody's to change any more.
    expect((await alice.call("POST", "/files/info", { fileIDs: [doomed.id] })).json()).toEqual({
      filesInfo: [{ id: doomed.id, fileInfo: { fileSize: -1, thumbSize: -1 } }],
    });
    expect(
      (
        await alice.call("POST", "/files/trash", {
          items: [{ fileID: doomed.id, collectionID: albumID }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it("deletes only files in the caller's trash, accepts a retry, and caps a call at 2500", async () => {
    const live = await uploadTestFile(server, alice, albumID);
    const trashed = await uploadTestFile(server, alice, albumID);
    await trashTestFiles(alice, [trashed]);
    const notTrashed = await alice.call("POST", "/trash/delete", {
      fileIDs: [trashed.id, live.id],
    });
    expect(notTrashed.statusCode).toBe(400);
    expect((await bob.call("POST", "/trash/delete", { fileIDs: [trashed.id] })).statusCode).toBe(
      400,
    );
    await alice.ok("POST", "/trash/delete", { fileIDs: [trashed.id] });
    await alice.ok("POST", "/trash/delete", { fileIDs: [trashed.id] });
    const tooMany = await alice.call("POST", "/trash/delete", {
      fileIDs: Array.from({ length: 2501 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: "BATCH_TOO_LARGE" });
  });

  it("empties the trash up to the given time", async () => {
    const first = await uploadTestFile(server, alice, albumID);
    await trashTestFiles(alice, [first]);
    const firstTime = (await pullTrashDiff(alice)).lastTime;
    server.clock.advanceMs(1000);
    const second = await uploadTestFile(server, alice, albumID);
    await trashTestFiles(alice, [second]);
    const secondTime = (await pullTrashDiff(alice)).lastTime;
    expect(secondTime).toBeGreaterThan(firstTime);

    await alice.ok("POST", "/trash/empty", { lastUpdatedAt: firstTime });
    const stateOf = async (fileID: number) => {
      const { items } = await pullTrashDiff(alice);
      const item = items.find((i) => i.file.id === fileID);
      return item === undefined
        ? undefined
        : { deleted: item.isDeleted, restored: item.isRestored };
    };
    expect(await stateOf(first.id)).toEqual({ deleted: true, restored: false });
    expect(await stateOf(second.id)).toEqual({ deleted: false, restored: false });
    await alice.ok("POST", "/trash/empty", { lastUpdatedAt: secondTime });
    expect(await stateOf(second.id)).toEqual({ deleted: true, restored: false });
    const live = await server.database.db
      .selectFrom("trash")
      .select("file_id")
      .where("user_id", "=", alice.userID)
      .where("is_deleted", "=", 0)
      .where("is_restored", "=", 0)
      .execute();
    expect(live).toEqual([]);
  });

  it("refuses to trash what the caller does not own, duplicates, and batches over 1000", async () => {
    const mine = await uploadTestFile(server, alice, albumID);
    const bobAlbum = await createTestCollection(server, bob);
    const bobs = await uploadTestFile(server, bob, bobAlbum.id);
    const trash = (items: { fileID: number; collectionID: number }[]) =>
      alice.call("POST", "/files/trash", { items });

    expect((await trash([{ fileID: bobs.id, collectionID: albumID }])).statusCode).toBe(403);
    expect((await trash([{ fileID: mine.id, collectionID: bobAlbum.id }])).statusCode).toBe(404);
    await shareTestCollection(server, bob, alice, bobAlbum.id, "COLLABORATOR");
    expect((await trash([{ fileID: mine.id, collectionID: bobAlbum.id }])).statusCode).toBe(403);
    const duplicate = await trash([
      { fileID: mine.id, collectionID: albumID },
      { fileID: mine.id, collectionID: albumID },
    ]);
    expect(duplicate.statusCode).toBe(400);
    const elsewhere = await trash([{ fileID: mine.id, collectionID: otherAlbumID }]);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: "FILE_NOT_FOUND_IN_ALBUM" });
    const tooMany = await trash(
      Array.from({ length: 1001 }, (_, i) => ({ fileID: i + 1, collectionID: albumID })),
    );
    expect(tooMany.statusCode).toBe(413);
    // Nothing of it happened.
    expect((await entryIn(albumID, mine.id))?.isDeleted).toBe(false);
  });

  it("pages the trash diff without splitting a version, even one of more than 2500 items", async () => {
    const user = await signUpTestUser(server, "many@example.org");
    const album = await createTestCollection(server, user);
    const context = server.libraryContext;
    const early = await insertTestFiles(context, {
      ownerID: user.userID,
      collectionID: album.id,
      count: 100,
    });
    const crowd = await insertTestFiles(context, {
      ownerID: user.userID,
      collectionID: album.id,
      count: 2600,
    });
    const baseUs = server.context.nowUs();
    const deleteByUs = baseUs + 30 * microsecondsPerDay;
    await insertTrashRows(context, {
      userID: user.userID,
      collectionID: album.id,
      fileIDs: early,
      versionUs: early.map((_, index) => baseUs + index),
      deleteByUs,
    });
    await insertTrashRows(context, {
      userID: user.userID,
      collectionID: album.id,
      fileIDs: crowd,
      versionUs: baseUs + 1000,
      deleteByUs,
    });

    const { items, pageSizes } = await pullTrashDiff(user);
    expect(pageSizes).toEqual([100, 2600, 0]);
    const ids = items.map((item) => item.file.id);
    expect(ids.slice(0, 100)).toEqual(early);
    // Rows of one version come in no particular order.
    expect(ids.slice(100).sort((a, b) => a - b)).toEqual(crowd);
    expect(new Set(items.map((item) => item.updatedAt)).size).toBe(101);

    // A page of 2500 distinct versions ends exactly at the limit.
    const more = await insertTestFiles(context, {
      ownerID: user.userID,
      collectionID: album.id,
      count: 2501,
    });
    await insertTrashRows(context, {
      userID: user.userID,
      collectionID: album.id,
      fileIDs: more,
      versionUs: more.map((_, index) => baseUs + 2000 + index),
      deleteByUs,
    });
    const tail = await pullTrashDiff(user, baseUs + 1000);
    expect(tail.pageSizes).toEqual([2500, 1]);
    expect(tail.items.map((item) => item.file.id)).toEqual(more);
  });

  it("keeps a file's trash entry in step when it is trashed again after a restore", async () => {
    const file = await uploadTestFile(server, alice, albumID);
    await trashTestFiles(alice, [file]);
    await alice.ok("POST", "/collections/restore-files", {
      collectionID: otherAlbumID,
      files: [await collectionFileItem(server, alice, file, otherAlbumID)],
    });
    const since = (await pullTrashDiff(alice)).lastTime;
    const restored = (await entryIn(otherAlbumID, file.id)) as RemoteFileJSON;
    await trashTestFiles(alice, [restored]);
    const { items } = await pullTrashDiff(alice, since);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      isRestored: false,
      isDeleted: false,
      file: { id: file.id, collectionID: otherAlbumID, encryptedKey: restored.encryptedKey },
    });
  });
});
