import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  libraryLimits,
  type CollectionFileItem,
  type RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  createTestCollection,
  pullTestCollectionDiff,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";
import { trashTestFiles, usageOf } from "../../../test-support/library-files";
import { storageOverflowBytes } from "../quota";

// `POST /files/copy` refused with the reference's statuses, and copies that
// fail halfway, on every database: whatever goes wrong, Alice's album, usage
// and folder are as before. See: [Note: Who may copy a file]
// See: [Note: An interrupted copy leaves nothing behind]

const dayMs = 24 * 60 * 60 * 1000;
const freeStorageBytes = 10 * 1024 ** 3;

describe.each(testDatabaseBackends())("refused and failed file copies on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  /** Bob's album shared with Alice as a viewer, its files as she sees them. */
  let sharedID: number;
  let shared: RemoteFileJSON[];
  let aliceAlbumID: number;

  beforeAll(async () => {
    server = await startTestAccountsServer(backend, { freeStorageBytes });
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    sharedID = (await createTestCollection(server, bob)).id;
    for (let i = 0; i < 3; i++) await uploadTestFile(server, bob, sharedID);
    await shareTestCollection(server, bob, alice, sharedID, "VIEWER");
    shared = (await pullTestCollectionDiff(alice, sharedID)).entries;
    aliceAlbumID = (await createTestCollection(server, alice)).id;
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const itemsFor = (files: readonly RemoteFileJSON[], dstCollectionID = aliceAlbumID) =>
    Promise.all(files.map((file) => collectionFileItem(server, alice, file, dstCollectionID)));

  const copy = (body: { srcCollectionID?: unknown; dstCollectionID?: unknown; files?: unknown }) =>
    alice.call("POST", "/files/copy", {
      srcCollectionID: sharedID,
      dstCollectionID: aliceAlbumID,
      ...body,
    });

  /** What Alice would notice of a copy: her album's files, her usage, her folder, her pending uploads. */
  const aliceState = async () => ({
    album: (await pullTestCollectionDiff(alice, aliceAlbumID)).entries.map((file) => file.id),
    usageBytes: await usageOf(server, alice.userID),
    folder: await server.libraryContext.blobStore.listKeys(`${String(alice.userID)}/`),
    pendingUploads: (
      await server.database.db
        .selectFrom("temp_objects")
        .select("object_key")
        .where("user_id", "=", alice.userID)
        .execute()
    ).length,
  });

  it("copies nothing for an empty list", async () => {
    const before = await aliceState();
    const answer = await copy({ files: [] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ oldToNewFileIDMap: {} });
    expect(await aliceState()).toEqual(before);
  });

  it("refuses a file that is not in the source collection with 404, whether or not it exists", async () => {
    const before = await aliceState();
    const elsewhere = await uploadTestFile(
      server,
      bob,
      (await createTestCollection(server, bob)).id,
    );
    const [item] = await itemsFor(shared.slice(0, 1));
    if (item === undefined) throw new Error("an item");
    for (const id of [elsewhere.id, 99_999_999]) {
      const answer = await copy({ files: [item, { ...item, id }] });
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toMatchObject({ code: "FILE_NOT_FOUND_IN_ALBUM" });
    }
    expect(await aliceState()).toEqual(before);
  });

  it("refuses the caller's own file with 400: it is added, not copied", async () => {
    const together = (await createTestCollection(server, bob)).id;
    await shareTestCollection(server, bob, alice, together, "COLLABORATOR");
    const own = await uploadTestFile(server, alice, aliceAlbumID);
    await alice.ok("POST", "/collections/add-files", {
      collectionID: together,
      files: [await collectionFileItem(server, alice, own, together)],
    });
    const before = await aliceState();
    const answer = await copy({
      srcCollectionID: together,
      files: await itemsFor([own]),
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(await aliceState()).toEqual(before);
  });

  it("copies only into a live collection the caller owns: 403 for a sharee, 404 otherwise", async () => {
    const bobsOther = (await createTestCollection(server, bob)).id;
    await shareTestCollection(server, bob, alice, bobsOther, "COLLABORATOR");
    const carols = (await createTestCollection(server, carol)).id;
    const doomed = (await createTestCollection(server, alice)).id;
    const doomedItems = await itemsFor(shared.slice(0, 1), doomed);
    await alice.ok(
      "DELETE",
      `/collections/v3/${String(doomed)}?collectionID=${String(doomed)}&keepFiles=false`,
    );
    const before = await aliceState();
    const sharee = await copy({
      dstCollectionID: bobsOther,
      files: await itemsFor(shared.slice(0, 1), bobsOther),
    });
    expect(sharee.statusCode, sharee.body).toBe(403);
    const stranger = await copy({ dstCollectionID: carols, files: await itemsFor(shared) });
    expect(stranger.statusCode, stranger.body).toBe(404);
    const missing = await copy({ dstCollectionID: 1_580_559_999_999_999, files: [] });
    expect(missing.statusCode).toBe(404);
    const deleted = await copy({ dstCollectionID: doomed, files: doomedItems });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ code: "COLLECTION_DELETED" });
    expect(await aliceState()).toEqual(before);
  });

  it("copies only out of a collection shared with the caller: 404 otherwise", async () => {
    const unshared = (await createTestCollection(server, bob)).id;
    const hidden = await uploadTestFile(server, bob, unshared);
    const before = await aliceState();
    const answer = await copy({
      srcCollectionID: unshared,
      files: [
        { ...((await itemsFor(shared.slice(0, 1)))[0] as CollectionFileItem), id: hidden.id },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(await aliceState()).toEqual(before);
  });

  it("takes 100 files a request: 400 past it, and for a file listed twice", async () => {
    const [item] = await itemsFor(shared.slice(0, 1));
    if (item === undefined) throw new Error("an item");
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ ...item, id: 90_000_000 + index }));
    const before = await aliceState();
    const tooMany = await copy({ files: many(libraryLimits.copyBatch + 1) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: "BAD_REQUEST" });
    // The cap itself passes the batch check; these files are not in the album.
    const atCap = await copy({ files: many(libraryLimits.copyBatch) });
    expect(atCap.statusCode).toBe(404);
    const twice = await copy({ files: [item, item] });
    expect(twice.statusCode).toBe(400);
    expect(await aliceState()).toEqual(before);
  });

  it.each([
    { what: "no files", body: { files: undefined } },
    { what: "files null", body: { files: null } },
    { what: "no source", body: { srcCollectionID: undefined, files: [] } },
    { what: "a source of 0", body: { srcCollectionID: 0, files: [] } },
    { what: "a destination as text", body: { dstCollectionID: "1", files: [] } },
    {
      what: "a key of the wrong length",
      body: { files: [{ id: 10_000_000, encryptedKey: "AAAA", keyDecryptionNonce: "AAAA" }] },
    },
    { what: "an item without an ID", body: { files: [{}] } },
  ])("refuses a body with $what: 400", async ({ body }) => {
    const answer = await copy(body);
    expect(answer.statusCode, answer.body).toBe(400);
  });

  it("refuses a copy past the quota with 426, and lets one that fits through", async () => {
    const files = shared.slice(0, 1);
    const copiedBytes = files.reduce(
      (sum, file) => sum + (file.info?.fileSize ?? 0) + (file.info?.thumbSize ?? 0),
      0,
    );
    const setUsage = (bytes: number) =>
      server.database.db
        .updateTable("usage")
        .set({ storage_consumed: bytes })
        .where("user_id", "=", alice.userID)
        .execute();
    const usage = await usageOf(server, alice.userID);
    const limit = freeStorageBytes + storageOverflowBytes;
    await setUsage(limit - copiedBytes + 1);
    const before = await aliceState();
    const refused = await copy({ files: await itemsFor(files) });
    expect(refused.statusCode, refused.body).toBe(426);
    expect(refused.json()).toMatchObject({ code: "STORAGE_LIMIT_EXCEEDED" });
    expect(await aliceState()).toEqual(before);

    await setUsage(limit - copiedBytes);
    expect((await copy({ files: await itemsFor(files) })).statusCode).toBe(200);
    expect(await usageOf(server, alice.userID)).toBe(limit);
    await setUsage(usage + copiedBytes);
  });

  it("leaves nothing behind when an object copy fails halfway", async () => {
    const store = server.libraryContext.blobStore;
    const realCopy = store.copy.bind(store);
    let calls = 0;
    vi.spyOn(store, "copy").mockImplementation((from, to) => {
      calls += 1;
      return calls === 3 ? Promise.reject(new Error("store down")) : realCopy(from, to);
    });
    const before = await aliceState();
    const answer = await copy({ files: await itemsFor(shared.slice(0, 2)) });
    expect(answer.statusCode).toBe(500);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(await aliceState()).toEqual(before);
  });

  it("answers 409 when an original's object is gone by the time it is copied", async () => {
    const store = server.libraryContext.blobStore;
    const realCopy = store.copy.bind(store);
    let calls = 0;
    vi.spyOn(store, "copy").mockImplementation((from, to) => {
      calls += 1;
      return calls === 2 ? Promise.resolve(false) : realCopy(from, to);
    });
    const before = await aliceState();
    const answer = await copy({ files: await itemsFor(shared.slice(0, 2)) });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(await aliceState()).toEqual(before);
  });

  it("refuses a file trashed while it was being copied, and leaves nothing behind", async () => {
    const victim = await uploadTestFile(server, bob, sharedID);
    const [seen] = (await pullTestCollectionDiff(alice, sharedID)).entries.filter(
      (file) => file.id === victim.id,
    );
    if (seen === undefined) throw new Error("the new file");
    const store = server.libraryContext.blobStore;
    const realCopy = store.copy.bind(store);
    let trashed = false;
    vi.spyOn(store, "copy").mockImplementation(async (from, to) => {
      if (!trashed) {
        trashed = true;
        await trashTestFiles(bob, [victim]);
      }
      return realCopy(from, to);
    });
    const before = await aliceState();
    const answer = await copy({ files: await itemsFor([seen]) });
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json()).toMatchObject({ code: "FILE_NOT_FOUND_IN_ALBUM" });
    expect(await aliceState()).toEqual(before);
  });

  it("leaves the objects of a copy it could not clean up to the upload expiry", async () => {
    const store = server.libraryContext.blobStore;
    const realCopy = store.copy.bind(store);
    let calls = 0;
    vi.spyOn(store, "copy").mockImplementation((from, to) => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error("store down")) : realCopy(from, to);
    });
    // The store fails the clean-up too, as a server that dies mid-copy never runs it.
    const deleting = vi.spyOn(store, "delete").mockRejectedValue(new Error("store down"));
    const before = await aliceState();
    expect((await copy({ files: await itemsFor(shared.slice(0, 1)) })).statusCode).toBe(500);
    const left = await aliceState();
    expect(left.pendingUploads).toBe(before.pendingUploads + 2);
    expect(left.folder.length).toBe(before.folder.length + 1);
    deleting.mockRestore();

    server.clock.advanceMs(15 * dayMs);
    const expiry = server.library.jobs.find((job) => job.name === "library-upload-expiry");
    await expiry?.run(new AbortController().signal);
    expect(await aliceState()).toEqual(before);
  });
});
