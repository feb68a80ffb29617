import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CollectionActionJSON } from "../../../../shared/api/endpoints/collection-actions";
import type {
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import { deleteTestAccount, type TestAccountClient } from "../../../test-support/account-client";
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
import { trashTestFiles } from "../../../test-support/library-files";

// `POST /collections/suggest-delete` and the queues of collection actions
// (wire-contract §3.2).
// See: [Note: A deletion suggestion takes the files out and asks their owners]

interface ActionQueue {
  actions: CollectionActionJSON[];
  hasMore: boolean;
}

describe.each(testDatabaseBackends())("collection actions on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  let dave: TestAccountClient;
  /** Alice's, shared with Bob and Carol (collaborators) and Dave (viewer). */
  let album: RemoteCollectionJSON;
  let aliceFile: RemoteFileJSON;
  /** Bob's two files and Carol's one, uploaded to their own albums and added to `album`. */
  let bobFiles: RemoteFileJSON[];
  let carolFile: RemoteFileJSON;

  const addToAlbum = async (user: TestAccountClient, file: RemoteFileJSON) => {
    await user.ok("POST", "/collections/add-files", {
      collectionID: album.id,
      files: [await collectionFileItem(server, user, file, album.id)],
    });
  };
  const uploadToOwnAlbum = async (user: TestAccountClient, count: number) => {
    const own = await createTestCollection(server, user, { name: "Own" });
    const files: RemoteFileJSON[] = [];
    for (let i = 0; i < count; i++) files.push(await uploadTestFile(server, user, own.id));
    return files;
  };

  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    dave = await signUpTestUser(server, "dave@example.org");
    album = await createTestCollection(server, alice, { name: "Trip" });
    await shareTestCollection(server, alice, bob, album.id, "COLLABORATOR");
    await shareTestCollection(server, alice, carol, album.id, "COLLABORATOR");
    await shareTestCollection(server, alice, dave, album.id, "VIEWER");
    aliceFile = await uploadTestFile(server, alice, album.id);
    bobFiles = await uploadToOwnAlbum(bob, 2);
    [carolFile] = (await uploadToOwnAlbum(carol, 1)) as [RemoteFileJSON];
    for (const file of bobFiles) await addToAlbum(bob, file);
    await addToAlbum(carol, carolFile);
  });
  afterEach(async () => {
    // See: [Note: A collection is never older than its files]
    expect(await collectionsBehindTheirFiles(server.libraryContext)).toEqual([]);
    await server.close();
  });

  const [bob1, bob2] = [0, 1].map((i) => () => bobFiles[i] as RemoteFileJSON) as [
    () => RemoteFileJSON,
    () => RemoteFileJSON,
  ];

  const suggest = (user: TestAccountClient, fileIDs: number[], collectionID = album.id) =>
    user.call("POST", "/collections/suggest-delete", { collectionID, fileIDs });
  const suggestions = (user: TestAccountClient, sinceTime?: number) =>
    user.ok<ActionQueue>(
      "GET",
      `/collection-actions/delete-suggestions${sinceTime === undefined ? "" : `?sinceTime=${String(sinceTime)}`}`,
    );
  const suggestedFileIDs = async (user: TestAccountClient) =>
    (await suggestions(user)).actions.map((action) => action.fileID);
  const pendingRemovals = (user: TestAccountClient) =>
    user.ok<ActionQueue>("GET", "/collection-actions/pending-remove");
  const reject = (user: TestAccountClient, fileIDs: number[]) =>
    user.call("POST", "/collection-actions/reject-delete-suggestions", { fileIDs });
  /** The album's entries as `user`'s diff answers them, by file ID. */
  const albumAsSeenBy = async (user: TestAccountClient) =>
    new Map(
      (await pullTestCollectionDiff(user, album.id)).entries.map((entry) => [entry.id, entry]),
    );
  const liveInAlbum = async (user: TestAccountClient) =>
    [...(await albumAsSeenBy(user)).values()]
      .filter((entry) => !entry.isDeleted)
      .map((entry) => entry.id)
      .sort((a, b) => a - b);

  it("takes the suggested files out of the album and asks each file's owner", async () => {
    const suggested = await suggest(alice, [bob1().id, bob2().id, carolFile.id]);
    expect(suggested.statusCode, suggested.body).toBe(200);

    const seenByAlice = await albumAsSeenBy(alice);
    for (const file of [bob1(), bob2(), carolFile]) {
      expect(seenByAlice.get(file.id)?.isDeleted).toBe(true);
    }
    expect(await liveInAlbum(alice)).toEqual([aliceFile.id]);
    expect(await liveInAlbum(dave)).toEqual([aliceFile.id]);
    // The files stay in their owners' own albums.
    const bobsOwn = await pullTestCollectionDiff(bob, bob1().collectionID);
    expect(bobsOwn.entries.filter((entry) => !entry.isDeleted)).toHaveLength(2);

    const bobs = await suggestions(bob);
    expect(bobs.hasMore).toBe(false);
    expect(bobs.actions.map((action) => action.fileID).sort()).toEqual(
      [bob1().id, bob2().id].sort(),
    );
    for (const action of bobs.actions) {
      expect(action).toMatchObject({
        userID: bob.userID,
        actorUserID: alice.userID,
        collectionID: album.id,
        action: "DELETE_SUGGESTED",
        isPending: true,
      });
      expect(action.id).toMatch(/^cact_[0-9A-Za-z]{22}$/);
      expect(action.updatedAt).toBe(action.createdAt);
    }
    expect(new Set(bobs.actions.map((action) => action.id)).size).toBe(2);
    const carols = await suggestions(carol);
    expect(carols.actions).toMatchObject([
      { userID: carol.userID, actorUserID: alice.userID, collectionID: album.id },
    ]);
    expect(carols.actions[0]?.fileID).toBe(carolFile.id);
    expect((await suggestions(alice)).actions).toEqual([]);
    expect((await suggestions(dave)).actions).toEqual([]);

    // Only an admin's suggestion about the album owner's files asks for a removal.
    for (const user of [alice, bob, carol, dave]) {
      expect(await pendingRemovals(user)).toEqual({ actions: [], hasMore: false });
    }
    // The older mobile app asks with a trailing slash.
    expect(await alice.ok("GET", "/collection-actions/pending-remove/?sinceTime=0")).toEqual({
      actions: [],
      hasMore: false,
    });
  });

  it("leaves a suggestion the owner rejected, or acted on by trashing the file", async () => {
    await alice.ok("POST", "/collections/suggest-delete", {
      collectionID: album.id,
      fileIDs: [bob1().id, bob2().id, carolFile.id],
    });

    const rejected = await reject(bob, [bob1().id]);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({ updated: 1 });
    expect(await suggestedFileIDs(bob)).toEqual([bob2().id]);
    // Rejecting again, or someone else's file, changes nothing.
    expect((await reject(bob, [bob1().id])).json()).toEqual({ updated: 0 });
    expect((await reject(alice, [carolFile.id, bob2().id])).json()).toEqual({ updated: 0 });
    expect(await suggestedFileIDs(carol)).toEqual([carolFile.id]);

    await trashTestFiles(bob, [bob2()]);
    expect(await suggestedFileIDs(bob)).toEqual([]);
    // Resolved, it stays so when the file comes back from the trash.
    await bob.ok("POST", "/collections/restore-files", {
      collectionID: bob2().collectionID,
      files: [await collectionFileItem(server, bob, bob2(), bob2().collectionID)],
    });
    expect(await suggestedFileIDs(bob)).toEqual([]);
    const resolved = await server.libraryContext.db
      .selectFrom("collection_actions")
      .select(["file_id", "is_pending"])
      .where("user_id", "=", bob.userID)
      .orderBy("file_id")
      .execute();
    expect(resolved).toEqual(
      [bob1().id, bob2().id].sort((a, b) => a - b).map((id) => ({ file_id: id, is_pending: 0 })),
    );
  });

  it("resolves a suggestion whose file was deleted for good", async () => {
    await alice.ok("POST", "/collections/suggest-delete", {
      collectionID: album.id,
      fileIDs: [carolFile.id],
    });
    await trashTestFiles(carol, [carolFile]);
    await carol.ok("POST", "/trash/delete", { fileIDs: [carolFile.id] });
    expect(await suggestedFileIDs(carol)).toEqual([]);
  });

  it("refuses the actor's own files (403) and changes nothing", async () => {
    const refused = await suggest(alice, [bob1().id, aliceFile.id]);
    expect(refused.statusCode).toBe(403);
    expect(await liveInAlbum(bob)).toEqual(
      [aliceFile.id, bob1().id, bob2().id, carolFile.id].sort((a, b) => a - b),
    );
    expect((await suggestions(bob)).actions).toEqual([]);
  });

  it("lets only the owner or an admin suggest: a collaborator or a viewer 403, a stranger 404", async () => {
    const before = await liveInAlbum(alice);
    expect((await suggest(bob, [carolFile.id])).statusCode).toBe(403);
    expect((await suggest(dave, [carolFile.id])).statusCode).toBe(403);
    const eve = await signUpTestUser(server, "eve@example.org");
    const stranger = await suggest(eve, [carolFile.id]);
    const missing = await suggest(eve, [carolFile.id], album.id + 1000);
    expect([stranger.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(stranger.json()).toEqual(missing.json());
    expect(await liveInAlbum(alice)).toEqual(before);
    expect((await suggestions(carol)).actions).toEqual([]);
  });

  it("passes over files already out of the album, and refuses files never in it (404)", async () => {
    await alice.ok("POST", "/collections/suggest-delete", {
      collectionID: album.id,
      fileIDs: [bob1().id],
    });
    expect((await suggest(alice, [bob1().id])).statusCode).toBe(200);
    expect((await suggest(alice, [])).statusCode).toBe(200);
    expect(await suggestedFileIDs(bob)).toEqual([bob1().id]);

    const [outsider] = await uploadToOwnAlbum(bob, 1);
    const notThere = await suggest(alice, [bob2().id, (outsider as RemoteFileJSON).id]);
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json()).toMatchObject({ code: "FILE_NOT_FOUND_IN_ALBUM" });
    expect(await liveInAlbum(alice)).toContain(bob2().id);
  });

  it("has an admin's suggestion mark the album owner's file for the owner to move", async () => {
    const eve = await signUpTestUser(server, "eve@example.org");
    await shareTestCollection(server, alice, eve, album.id, "ADMIN");
    expect((await suggest(eve, [aliceFile.id, bob1().id])).statusCode).toBe(200);

    // Everyone else sees Alice's file leave; Alice still has it, marked.
    expect(await liveInAlbum(bob)).toEqual([bob2().id, carolFile.id].sort((a, b) => a - b));
    expect((await albumAsSeenBy(dave)).get(aliceFile.id)?.isDeleted).toBe(true);
    expect((await albumAsSeenBy(alice)).get(aliceFile.id)).toMatchObject({
      isDeleted: false,
      action: "REMOVE",
      actionUser: eve.userID,
    });

    const removals = await pendingRemovals(alice);
    expect(removals.actions).toMatchObject([
      {
        userID: alice.userID,
        actorUserID: eve.userID,
        collectionID: album.id,
        fileID: aliceFile.id,
        action: "REMOVE",
        isPending: true,
      },
    ]);
    expect(await suggestedFileIDs(alice)).toEqual([aliceFile.id]);
    expect(await suggestedFileIDs(bob)).toEqual([bob1().id]);
    for (const user of [bob, eve]) {
      expect((await pendingRemovals(user)).actions).toEqual([]);
    }
    // Marked, the file is passed over by another suggestion.
    expect((await suggest(eve, [aliceFile.id])).statusCode).toBe(200);
    expect((await pendingRemovals(alice)).actions).toHaveLength(1);

    // As the Ente apps do: Alice moves the file out of the album.
    const elsewhere = await createTestCollection(server, alice, { name: "Elsewhere" });
    await alice.ok("POST", "/collections/move-files", {
      fromCollectionID: album.id,
      toCollectionID: elsewhere.id,
      files: [await collectionFileItem(server, alice, aliceFile, elsewhere.id)],
    });
    expect((await pendingRemovals(alice)).actions).toEqual([]);
    // The deletion suggestion is another matter: Alice still has the file.
    expect(await suggestedFileIDs(alice)).toEqual([aliceFile.id]);
  });

  it("answers the actions versioned after sinceTime", async () => {
    await alice.ok("POST", "/collections/suggest-delete", {
      collectionID: album.id,
      fileIDs: [bob1().id],
    });
    await alice.ok("POST", "/collections/suggest-delete", {
      collectionID: album.id,
      fileIDs: [bob2().id],
    });
    const [first, second] = (await suggestions(bob, 0)).actions;
    if (first === undefined || second === undefined) throw new Error("Two suggestions expected");
    expect([first.fileID, second.fileID]).toEqual([bob1().id, bob2().id]);
    expect(second.updatedAt).toBeGreaterThan(first.updatedAt);
    expect(await suggestions(bob, first.updatedAt)).toEqual({ actions: [second], hasMore: false });
    expect(await suggestions(bob, second.updatedAt)).toEqual({ actions: [], hasMore: false });
  });

  it("forgets the actions a deleted account asked for", async () => {
    await alice.ok("POST", "/collections/suggest-delete", {
      collectionID: album.id,
      fileIDs: [bob1().id],
    });
    await deleteTestAccount(alice);
    expect((await suggestions(bob)).actions).toEqual([]);
  });

  it("answers 400 to bad input and 401 without a session", async () => {
    const badSuggestions: unknown[] = [
      { collectionID: album.id },
      { collectionID: album.id, fileIDs: ["x"] },
      { collectionID: -1, fileIDs: [bob1().id] },
      { collectionID: album.id, fileIDs: [bob1().id, bob1().id] },
    ];
    for (const body of badSuggestions) {
      const answer = await alice.call("POST", "/collections/suggest-delete", body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooMany = Array.from({ length: 1001 }, (_, i) => bob1().id + i);
    expect((await suggest(alice, tooMany)).statusCode).toBe(413);
    for (const fileIDs of [[], [0], Array.from({ length: 2001 }, (_, i) => i + 1)]) {
      expect((await reject(bob, fileIDs)).statusCode, String(fileIDs.length)).toBe(400);
    }
    for (const path of ["delete-suggestions", "pending-remove"]) {
      for (const sinceTime of ["-1", "soon"]) {
        const answer = await bob.call("GET", `/collection-actions/${path}?sinceTime=${sinceTime}`);
        expect(answer.statusCode, `${path} ${sinceTime}`).toBe(400);
      }
    }
    expect(await liveInAlbum(alice)).toHaveLength(4);

    const anonymous = [
      alice.call(
        "POST",
        "/collections/suggest-delete",
        { collectionID: album.id, fileIDs: [] },
        "",
      ),
      bob.call("GET", "/collection-actions/delete-suggestions", undefined, ""),
      bob.call("POST", "/collection-actions/reject-delete-suggestions", { fileIDs: [1] }, ""),
      bob.call("GET", "/collection-actions/pending-remove", undefined, ""),
    ];
    for (const answer of await Promise.all(anonymous)) expect(answer.statusCode).toBe(401);
  });
});
