import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  RemoteCollectionJSON,
  RemoteFileJSON,
  RemoteTrashItemJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  collectionsBehindTheirFiles,
  createTestCollection,
  fileKeyOf,
  pullTestCollectionDiff,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";

// add-files, move-files, restore-files and v3/remove-files (wire-contract §3.2).

describe.each(testDatabaseBackends())("the files of collections on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  /** Alice's, shared with Bob (collaborator) and Carol (viewer). */
  let shared: RemoteCollectionJSON;
  /** Alice's, shared with nobody. */
  let own: RemoteCollectionJSON;
  /** Alice's file in `shared`. */
  let aliceFile: RemoteFileJSON;
  /** Bob's file in his own album. */
  let bobFile: RemoteFileJSON;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    shared = await createTestCollection(server, alice, { name: "Shared" });
    own = await createTestCollection(server, alice, { name: "Own" });
    await shareTestCollection(server, alice, bob, shared.id, "COLLABORATOR");
    await shareTestCollection(server, alice, carol, shared.id, "VIEWER");
    aliceFile = await uploadTestFile(server, alice, shared.id);
    const bobs = await createTestCollection(server, bob, { name: "Bob's" });
    bobFile = await uploadTestFile(server, bob, bobs.id);
  });
  afterEach(async () => {
    // See: [Note: A collection is never older than its files]
    expect(await collectionsBehindTheirFiles(server.libraryContext)).toEqual([]);
    await server.close();
  });

  const liveIDs = async (user: TestAccountClient, collectionID: number) => {
    const { entries } = await pullTestCollectionDiff(user, collectionID);
    return entries.filter((e) => !e.isDeleted).map((e) => e.id);
  };
  const entryOf = async (user: TestAccountClient, collectionID: number, fileID: number) => {
    const { entries } = await pullTestCollectionDiff(user, collectionID);
    const entry = entries.find((e) => e.id === fileID);
    if (entry === undefined) throw new Error(`File ${fileID} is not in ${collectionID}'s diff`);
    return entry;
  };
  const collectionTime = async (collectionID: number) =>
    (
      await server.libraryContext.db
        .selectFrom("collections")
        .select("updation_time_us")
        .where("collection_id", "=", collectionID)
        .executeTakeFirstOrThrow()
    ).updation_time_us;
  const add = async (user: TestAccountClient, file: RemoteFileJSON, collectionID: number) =>
    user.call("POST", "/collections/add-files", {
      collectionID,
      files: [await collectionFileItem(server, user, file, collectionID)],
    });
  const trash = (user: TestAccountClient, file: RemoteFileJSON) =>
    user.ok("POST", "/files/trash", {
      items: [{ fileID: file.id, collectionID: file.collectionID }],
    });

  describe("add-files", () => {
    it("adds the caller's file with its key under the collection's key", async () => {
      expect((await add(alice, aliceFile, own.id)).statusCode).toBe(200);
      const entry = await entryOf(alice, own.id, aliceFile.id);
      expect(entry).toMatchObject({
        isDeleted: false,
        ownerID: alice.userID,
        collectionID: own.id,
      });
      expect(entry.updationTime).toBe(await collectionTime(own.id));
      expect(await fileKeyOf(server, alice, entry)).toEqual(
        await fileKeyOf(server, alice, aliceFile),
      );
      expect(await liveIDs(alice, shared.id)).toEqual([aliceFile.id]);
    });

    it("lets a collaborator add its own files, not a viewer, and not someone else's", async () => {
      expect((await add(bob, bobFile, shared.id)).statusCode).toBe(200);
      const entry = await entryOf(alice, shared.id, bobFile.id);
      expect(entry).toMatchObject({ ownerID: bob.userID, collectionOwnerID: alice.userID });

      const carols = await createTestCollection(server, carol);
      const carolFile = await uploadTestFile(server, carol, carols.id);
      const viewer = await add(carol, carolFile, shared.id);
      expect(viewer.statusCode).toBe(403);

      const item = await collectionFileItem(server, alice, aliceFile, shared.id);
      const notOwned = await bob.call("POST", "/collections/add-files", {
        collectionID: shared.id,
        files: [item],
      });
      const missing = await bob.call("POST", "/collections/add-files", {
        collectionID: shared.id,
        files: [{ ...item, id: aliceFile.id + 1000 }],
      });
      expect([notOwned.statusCode, missing.statusCode]).toEqual([403, 403]);
      expect(notOwned.json()).toEqual(missing.json());
    });

    it("answers 404 alike for a stranger's collection and a missing one", async () => {
      const item = await collectionFileItem(server, bob, bobFile, bobFile.collectionID);
      const stranger = await bob.call("POST", "/collections/add-files", {
        collectionID: own.id,
        files: [item],
      });
      const missing = await bob.call("POST", "/collections/add-files", {
        collectionID: own.id + 1000,
        files: [item],
      });
      expect([stranger.statusCode, missing.statusCode]).toEqual([404, 404]);
      expect(stranger.json()).toEqual(missing.json());
    });

    it("refuses trashed files (409), oversized batches (413) and repeated files (400)", async () => {
      await trash(alice, aliceFile);
      const trashed = await add(alice, aliceFile, own.id);
      expect(trashed.statusCode).toBe(409);
      expect(trashed.json()).toMatchObject({ code: "FILE_IN_TRASH" });

      const item = await collectionFileItem(server, bob, bobFile, shared.id);
      const tooMany = await bob.call("POST", "/collections/add-files", {
        collectionID: shared.id,
        files: Array.from({ length: 1001 }, (_, i) => ({ ...item, id: item.id + i })),
      });
      expect(tooMany.statusCode).toBe(413);
      expect(tooMany.json()).toMatchObject({ code: "BATCH_TOO_LARGE" });
      const twice = await bob.call("POST", "/collections/add-files", {
        collectionID: shared.id,
        files: [item, item],
      });
      expect(twice.statusCode).toBe(400);
      expect(await liveIDs(alice, shared.id)).toEqual([]);
    });

    it("revives a removed file's row, added anew", async () => {
      expect((await add(bob, bobFile, shared.id)).statusCode).toBe(200);
      const first = await entryOf(bob, shared.id, bobFile.id);
      server.clock.advanceMs(1000);
      await alice.ok("POST", "/collections/v3/remove-files", {
        collectionID: shared.id,
        fileIDs: [bobFile.id],
      });
      expect((await entryOf(bob, shared.id, bobFile.id)).isDeleted).toBe(true);
      server.clock.advanceMs(1000);
      expect((await add(bob, bobFile, shared.id)).statusCode).toBe(200);
      const revived = await entryOf(bob, shared.id, bobFile.id);
      expect(revived.isDeleted).toBe(false);
      expect(revived.collectionAddedAt).toBeGreaterThan(first.collectionAddedAt ?? 0);
      expect(revived.updationTime).toBeGreaterThan(first.updationTime);
    });

    it("refuses a deleted collection", async () => {
      const empty = await createTestCollection(server, alice);
      await alice.ok(
        "DELETE",
        `/collections/v3/${empty.id}?collectionID=${empty.id}&keepFiles=true`,
      );
      const answer = await add(alice, aliceFile, empty.id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: "COLLECTION_DELETED" });
    });
  });

  describe("move-files", () => {
    it("moves between two owned collections at one version", async () => {
      const item = await collectionFileItem(server, alice, aliceFile, own.id);
      await alice.ok("POST", "/collections/move-files", {
        fromCollectionID: shared.id,
        toCollectionID: own.id,
        files: [item],
      });
      const left = await entryOf(alice, shared.id, aliceFile.id);
      const arrived = await entryOf(alice, own.id, aliceFile.id);
      expect(left.isDeleted).toBe(true);
      expect(arrived.isDeleted).toBe(false);
      expect(left.updationTime).toBe(arrived.updationTime);
      expect(await collectionTime(shared.id)).toBe(arrived.updationTime);
      expect(await collectionTime(own.id)).toBe(arrived.updationTime);
      // The sharees see it leave.
      expect((await entryOf(carol, shared.id, aliceFile.id)).isDeleted).toBe(true);
    });

    it("refuses the same collection twice, collections not owned, files not owned or trashed", async () => {
      const item = await collectionFileItem(server, alice, aliceFile, own.id);
      const move = (user: TestAccountClient, from: number, to: number, files = [item]) =>
        user.call("POST", "/collections/move-files", {
          fromCollectionID: from,
          toCollectionID: to,
          files,
        });
      expect((await move(alice, own.id, own.id)).statusCode).toBe(400);
      // Bob collaborates on `shared` but owns neither: 403; `own` is a stranger's to him: 404.
      const bobItem = await collectionFileItem(server, bob, bobFile, shared.id);
      expect((await move(bob, bobFile.collectionID, shared.id, [bobItem])).statusCode).toBe(403);
      expect((await move(bob, bobFile.collectionID, own.id, [bobItem])).statusCode).toBe(404);
      expect((await move(alice, shared.id, own.id, [{ ...bobItem }])).statusCode).toBe(403);
      await trash(alice, aliceFile);
      const trashed = await move(alice, shared.id, own.id);
      expect(trashed.statusCode).toBe(409);
      expect(trashed.json()).toMatchObject({ code: "FILE_IN_TRASH" });
    });
  });

  describe("restore-files", () => {
    it("restores a trashed file into an owned collection and marks the trash entry restored", async () => {
      await trash(alice, aliceFile);
      const trashDiff = async () =>
        (await alice.ok<{ diff: RemoteTrashItemJSON[] }>("GET", "/trash/v2/diff?sinceTime=0")).diff;
      const [trashed] = await trashDiff();
      expect(trashed).toMatchObject({ isRestored: false, file: { id: aliceFile.id } });
      await alice.ok("POST", "/collections/restore-files", {
        collectionID: own.id,
        files: [await collectionFileItem(server, alice, aliceFile, own.id)],
      });
      const [restored] = await trashDiff();
      expect(restored).toMatchObject({ isRestored: true, isDeleted: false });
      expect(restored?.updatedAt).toBeGreaterThan(trashed?.updatedAt ?? 0);
      expect(await liveIDs(alice, own.id)).toEqual([aliceFile.id]);
      expect(await liveIDs(alice, shared.id)).toEqual([]);
    });

    it("refuses files outside the trash (400), others' files (403) and others' collections (404)", async () => {
      const item = await collectionFileItem(server, alice, aliceFile, own.id);
      const restore = (user: TestAccountClient, collectionID: number, files = [item]) =>
        user.call("POST", "/collections/restore-files", { collectionID, files });
      expect((await restore(alice, own.id)).statusCode).toBe(400);
      const bobItem = await collectionFileItem(server, bob, bobFile, bobFile.collectionID);
      expect((await restore(alice, own.id, [bobItem])).statusCode).toBe(403);
      await trash(alice, aliceFile);
      expect((await restore(alice, bobFile.collectionID)).statusCode).toBe(404);
      expect((await restore(bob, own.id, [bobItem])).statusCode).toBe(404);
    });
  });

  describe("v3/remove-files", () => {
    const remove = (user: TestAccountClient, collectionID: number, fileIDs: number[]) =>
      user.call("POST", "/collections/v3/remove-files", { collectionID, fileIDs });

    beforeEach(async () => {
      expect((await add(bob, bobFile, shared.id)).statusCode).toBe(200);
    });

    it("lets the owner remove others' files, never its own (400)", async () => {
      const own = await remove(alice, shared.id, [aliceFile.id]);
      expect(own.statusCode).toBe(400);
      expect(own.json<{ message: string }>().message).toMatch(/mov/);
      expect((await remove(alice, shared.id, [bobFile.id])).statusCode).toBe(200);
      expect(await liveIDs(carol, shared.id)).toEqual([aliceFile.id]);
      expect((await entryOf(bob, shared.id, bobFile.id)).isDeleted).toBe(true);
      // Bob's file is untouched in his own album.
      expect(await liveIDs(bob, bobFile.collectionID)).toEqual([bobFile.id]);
    });

    it("lets a sharee remove only its own files", async () => {
      expect((await remove(bob, shared.id, [aliceFile.id])).statusCode).toBe(403);
      expect((await remove(carol, shared.id, [bobFile.id])).statusCode).toBe(403);
      expect((await remove(bob, shared.id, [bobFile.id])).statusCode).toBe(200);
      expect(await liveIDs(alice, shared.id)).toEqual([aliceFile.id]);
    });

    it("answers 404 for files not in the collection and for strangers", async () => {
      const notThere = await remove(alice, shared.id, [bobFile.id + 1000]);
      expect(notThere.statusCode).toBe(404);
      expect(notThere.json()).toMatchObject({ code: "FILE_NOT_FOUND_IN_ALBUM" });
      expect((await remove(bob, own.id, [aliceFile.id])).statusCode).toBe(404);
      expect((await remove(alice, shared.id, [bobFile.id, bobFile.id])).statusCode).toBe(400);
      const tooMany = Array.from({ length: 1001 }, (_, i) => bobFile.id + i);
      expect((await remove(alice, shared.id, tooMany)).statusCode).toBe(413);
    });
  });
});
