import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  RemoteCollectionJSON,
  RemoteFileJSON,
  RemoteTrashItemJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import { microsecondsPerDay } from "../../time";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  collectionsBehindTheirFiles,
  createTestCollection,
  pullTestCollectionDiff,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";

describe.each(testDatabaseBackends())("deleting collections on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let album: RemoteCollectionJSON;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    album = await createTestCollection(server, alice);
    await shareTestCollection(server, alice, bob, album.id, "COLLABORATOR");
  });
  afterEach(async () => {
    // See: [Note: A collection is never older than its files]
    expect(await collectionsBehindTheirFiles(server.libraryContext)).toEqual([]);
    await server.close();
  });

  const remove = (
    user: TestAccountClient,
    collectionID: number,
    keepFiles: boolean,
    pathID = collectionID,
  ) =>
    user.call(
      "DELETE",
      `/collections/v3/${pathID}?collectionID=${collectionID}&keepFiles=${String(keepFiles)}`,
    );
  const trashOf = async (user: TestAccountClient) =>
    (await user.ok<{ diff: RemoteTrashItemJSON[] }>("GET", "/trash/v2/diff?sinceTime=0")).diff;
  const liveIDs = async (user: TestAccountClient, collectionID: number) =>
    (await pullTestCollectionDiff(user, collectionID)).entries
      .filter((e) => !e.isDeleted)
      .map((e) => e.id)
      .sort();

  it("with keepFiles, deletes only an empty collection (409 otherwise)", async () => {
    const file = await uploadTestFile(server, alice, album.id);
    const full = await remove(alice, album.id, true);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: "COLLECTION_NOT_EMPTY" });

    const other = await createTestCollection(server, alice);
    await alice.ok("POST", "/collections/move-files", {
      fromCollectionID: album.id,
      toCollectionID: other.id,
      files: [await collectionFileItem(server, alice, file, other.id)],
    });
    expect((await remove(alice, album.id, true)).statusCode).toBe(200);
    const { collection } = await alice.ok<{ collection: RemoteCollectionJSON }>(
      "GET",
      `/collections/${album.id}`,
    );
    expect(collection).toMatchObject({ isDeleted: true, sharees: [] });
    expect(await trashOf(alice)).toEqual([]);
    expect(await liveIDs(alice, other.id)).toEqual([file.id]);
  });

  it("trashes the owner's files found nowhere else, and only removes the rest", async () => {
    const onlyHere = await uploadTestFile(server, alice, album.id);
    const alsoElsewhere = await uploadTestFile(server, alice, album.id);
    const other = await createTestCollection(server, alice);
    await alice.ok("POST", "/collections/add-files", {
      collectionID: other.id,
      files: [await collectionFileItem(server, alice, alsoElsewhere, other.id)],
    });
    const bobs = await createTestCollection(server, bob);
    const bobFile = await uploadTestFile(server, bob, bobs.id);
    await bob.ok("POST", "/collections/add-files", {
      collectionID: album.id,
      files: [await collectionFileItem(server, bob, bobFile, album.id)],
    });
    const before = await pullTestCollectionDiff(bob, album.id);

    expect((await remove(alice, album.id, false)).statusCode).toBe(200);

    const trash = await trashOf(alice);
    expect(trash.map((item) => item.file.id)).toEqual([onlyHere.id]);
    const nowUs = server.context.nowUs();
    expect(trash[0]).toMatchObject({
      isDeleted: false,
      isRestored: false,
      deleteBy: nowUs + 30 * microsecondsPerDay,
      file: { collectionID: album.id },
    });
    expect(await trashOf(bob)).toEqual([]);
    expect(await liveIDs(alice, other.id)).toEqual([alsoElsewhere.id]);
    expect(await liveIDs(bob, bobs.id)).toEqual([bobFile.id]);

    // Every row of the collection is now a deletion, newer than before.
    const after = await pullTestCollectionDiff(alice, album.id, before.sinceTime);
    expect(after.entries.map((e: RemoteFileJSON) => e.id).sort()).toEqual(
      [onlyHere.id, alsoElsewhere.id, bobFile.id].sort(),
    );
    expect(after.entries.every((e) => e.isDeleted)).toBe(true);

    // The share ended: Bob no longer reaches the collection, and lists its tombstone.
    expect((await bob.call("GET", `/collections/${album.id}`)).statusCode).toBe(404);
    const listed = await bob.ok<{ collections: RemoteCollectionJSON[] }>(
      "GET",
      "/collections/v2?sinceTime=0",
    );
    expect(listed.collections.find((c) => c.id === album.id)).toMatchObject({ isDeleted: true });
    // Deleting again changes nothing.
    expect((await remove(alice, album.id, false)).statusCode).toBe(200);
    expect(await trashOf(alice)).toEqual(trash);
  });

  it("reads the collection from the query, not the path", async () => {
    const decoy = await createTestCollection(server, alice);
    expect((await remove(alice, album.id, true, decoy.id)).statusCode).toBe(200);
    const get = (id: number) =>
      alice.ok<{ collection: RemoteCollectionJSON }>("GET", `/collections/${id}`);
    expect((await get(album.id)).collection.isDeleted).toBe(true);
    expect((await get(decoy.id)).collection).not.toHaveProperty("isDeleted");
    expect((await alice.call("DELETE", `/collections/v3/${decoy.id}`)).statusCode).toBe(400);
  });

  it("refuses favorites and uncategorized (400), sharees (403) and strangers (404)", async () => {
    for (const type of ["favorites", "uncategorized"] as const) {
      const special = await createTestCollection(server, alice, { type });
      expect((await remove(alice, special.id, true)).statusCode).toBe(400);
    }
    expect((await remove(bob, album.id, true)).statusCode).toBe(403);
    const carol = await signUpTestUser(server, "carol@example.org");
    const stranger = await remove(carol, album.id, true);
    const missing = await remove(carol, album.id + 1000, true);
    expect([stranger.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(stranger.json()).toEqual(missing.json());
  });
});
