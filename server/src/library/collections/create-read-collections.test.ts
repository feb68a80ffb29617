import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RemoteCollectionJSON } from "../../../../shared/api/endpoints/library-schemas";
import { fromB64 } from "../../../../shared/crypto/base64";
import { boxSealOpen } from "../../../../shared/crypto/sealed-box";
import { newAccountKeys, TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionKeyOf,
  createTestCollection,
  newCollectionBody,
  openTestMagicMetadata,
  shareTestCollection,
  signUpTestUser,
  testCollectionName,
  unshareTestCollection,
} from "../../../test-support/library-client";
import { collectionListOverlapUs } from "./read-collections";

type Collections = { collections: RemoteCollectionJSON[] };
type OneCollection = { collection: RemoteCollectionJSON };

const strangerAnswer = { code: "NOT_FOUND", message: "No such collection" };

describe.each(testDatabaseBackends())("creating and reading collections on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
  });
  afterEach(async () => {
    await server.close();
  });

  const list = async (user: TestAccountClient, sinceTime?: number) =>
    (
      await user.ok<Collections>(
        "GET",
        sinceTime === undefined ? "/collections/v2" : `/collections/v2?sinceTime=${sinceTime}`,
      )
    ).collections;

  it("creates an album for its owner, with its key, name and metadata", async () => {
    const nowUs = server.context.nowUs();
    const album = await createTestCollection(server, alice, {
      name: "Holidays",
      magicMetadata: { visibility: 2 },
      pubMagicMetadata: { asc: true },
    });
    expect(album).toMatchObject({
      owner: { id: alice.userID, email: "alice@example.org" },
      type: "album",
      attributes: { version: 0 },
      sharees: [],
      publicURLs: [],
      app: "photos",
      magicMetadata: { version: 1, count: 1 },
      pubMagicMetadata: { version: 1, count: 1 },
    });
    expect(album.updationTime).toBeGreaterThanOrEqual(nowUs);
    expect(album).not.toHaveProperty("isDeleted");
    expect(album).not.toHaveProperty("sharedAt");
    expect(await testCollectionName(server, alice, album)).toBe("Holidays");
    const key = await collectionKeyOf(server, alice, album.id);
    expect(await openTestMagicMetadata(album.magicMetadata, key)).toEqual({ visibility: 2 });
    const fetched = await alice.ok<OneCollection>("GET", `/collections/${album.id}`);
    expect(fetched.collection).toEqual(album);
  });

  it("creates an album from the Ente web app's body, its absent parts sent as null", async () => {
    // What the May 2024 web app posts: every field it has no value for is null.
    const { body } = await newCollectionBody(alice, { name: "From Ente" });
    const { collection } = await alice.ok<OneCollection>("POST", "/collections", {
      ...body,
      id: null,
      owner: null,
      sharees: null,
      updationTime: null,
      attributes: { encryptedPath: null, pathDecryptionNonce: null, version: null },
      magicMetadata: null,
      pubMagicMetadata: null,
      sharedMagicMetadata: null,
    });
    expect(collection).toMatchObject({ type: "album", attributes: { version: 0 } });
    expect(collection.attributes).toEqual({ version: 0 });
    expect(collection).not.toHaveProperty("magicMetadata");
    expect(collection).not.toHaveProperty("pubMagicMetadata");
    expect(collection).not.toHaveProperty("sharedMagicMetadata");
    expect(await testCollectionName(server, alice, collection)).toBe("From Ente");
  });

  it("answers the existing favorites and uncategorized, one per user, even when created at once", async () => {
    for (const type of ["favorites", "uncategorized"] as const) {
      const first = await createTestCollection(server, alice, { type });
      const again = await createTestCollection(server, alice, { type });
      expect(again).toEqual(first);
      const raced = await Promise.all(
        [bob, bob, bob, bob].map((user) => createTestCollection(server, user, { type })),
      );
      expect(new Set(raced.map((c) => c.id)).size).toBe(1);
      expect(raced.every((c) => c.encryptedKey === raced[0]?.encryptedKey)).toBe(true);
    }
    const albums = await Promise.all([1, 2].map(() => createTestCollection(server, alice)));
    expect(albums[0]?.id).not.toBe(albums[1]?.id);
    const rows = await server.libraryContext.db
      .selectFrom("collections")
      .select(["owner_id", "type"])
      .where("type", "in", ["favorites", "uncategorized"])
      .execute();
    expect(rows).toHaveLength(4);
  });

  it("refuses a collection before the account has key attributes", async () => {
    const dave = new TestAccountClient(server, "dave@example.org");
    expect((await dave.sendCode("signup")).statusCode).toBe(200);
    dave.token = (await dave.verifyEmail()).token ?? "";
    dave.keys = await newAccountKeys();
    const { body } = await newCollectionBody(dave);
    const answer = await dave.call("POST", "/collections", body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(/key attributes/);
  });

  it("refuses malformed keys", async () => {
    const { body } = await newCollectionBody(alice);
    for (const broken of [
      { ...body, encryptedKey: body.keyDecryptionNonce },
      { ...body, keyDecryptionNonce: body.encryptedKey },
      { ...body, type: "hiddenItems" },
    ]) {
      expect((await alice.call("POST", "/collections", broken)).statusCode).toBe(400);
    }
  });

  it("shows a sharee its sealed key, its own metadata, the owner and the sharees; strangers get 404", async () => {
    const album = await createTestCollection(server, alice, {
      magicMetadata: { visibility: 1 },
      pubMagicMetadata: { asc: true },
    });
    await shareTestCollection(server, alice, bob, album.id, "COLLABORATOR");
    await shareTestCollection(server, alice, carol, album.id, "VIEWER");
    const { collection } = await bob.ok<OneCollection>("GET", `/collections/${album.id}`);
    expect(collection).toMatchObject({
      id: album.id,
      owner: { id: alice.userID, email: "alice@example.org" },
      sharees: [
        { id: bob.userID, email: "bob@example.org", role: "COLLABORATOR" },
        { id: carol.userID, email: "carol@example.org", role: "VIEWER" },
      ],
      pubMagicMetadata: { version: 1 },
    });
    expect(collection.sharedAt).toBeGreaterThan(0);
    expect(collection).not.toHaveProperty("keyDecryptionNonce");
    expect(collection).not.toHaveProperty("magicMetadata");
    expect(collection).not.toHaveProperty("sharedMagicMetadata");
    const opened = await boxSealOpen(
      fromB64(collection.encryptedKey),
      bob.keys.keyPair.publicKey,
      bob.keys.keyPair.secretKey,
    );
    expect(opened).toEqual(await collectionKeyOf(server, alice, album.id));

    const owners = await alice.ok<OneCollection>("GET", `/collections/${album.id}`);
    expect(owners.collection.sharees).toHaveLength(2);
    expect(owners.collection.magicMetadata).toMatchObject({ version: 1 });

    const dave = await signUpTestUser(server, "dave@example.org");
    const stranger = await dave.call("GET", `/collections/${album.id}`);
    const missing = await dave.call("GET", `/collections/${album.id + 1000}`);
    expect([stranger.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(stranger.json()).toEqual(strangerAnswer);
    expect(missing.json()).toEqual(strangerAnswer);

    await unshareTestCollection(server, album.id, carol.userID);
    expect((await carol.call("GET", `/collections/${album.id}`)).statusCode).toBe(404);
    const afterUnshare = await bob.ok<OneCollection>("GET", `/collections/${album.id}`);
    expect(afterUnshare.collection.sharees?.map((s) => s.id)).toEqual([bob.userID]);
  });

  it("lists owned collections of the app changed since a time, with an overlap before it", async () => {
    const favorites = await createTestCollection(server, alice, { type: "favorites" });
    const album = await createTestCollection(server, alice);
    await createTestCollection(server, bob);
    expect((await list(alice)).map((c) => c.id).sort()).toEqual([favorites.id, album.id].sort());

    // A collection of another app (Locker) never shows in the photos list.
    const { body } = await newCollectionBody(alice);
    await server.libraryContext.db
      .insertInto("collections")
      .values({
        collection_id: album.id + 100,
        owner_id: alice.userID,
        encrypted_key: body.encryptedKey,
        key_decryption_nonce: body.keyDecryptionNonce,
        encrypted_name: body.encryptedName,
        name_decryption_nonce: body.nameDecryptionNonce,
        type: "folder",
        attributes: "{}",
        magic_metadata: null,
        pub_magic_metadata: null,
        app: "locker",
        is_deleted: 0,
        created_at_us: server.context.nowUs(),
        updation_time_us: server.context.nowUs(),
      })
      .execute();
    expect(await list(alice)).toHaveLength(2);

    const sinceTime = Math.max(...(await list(alice)).map((c) => c.updationTime));
    // What changed in the overlap before sinceTime comes again.
    expect(await list(alice, sinceTime)).toHaveLength(2);
    server.clock.advanceMs(collectionListOverlapUs / 1000 + 1);
    await alice.ok("POST", "/collections/rename", {
      collectionID: album.id,
      encryptedName: album.encryptedName,
      nameDecryptionNonce: album.nameDecryptionNonce,
    });
    const changed = await list(alice, sinceTime);
    expect(changed.map((c) => c.id).sort()).toEqual([favorites.id, album.id].sort());
    const renamedTime = changed.find((c) => c.id === album.id)?.updationTime ?? 0;
    expect(renamedTime).toBeGreaterThan(sinceTime + collectionListOverlapUs);
    expect((await list(alice, renamedTime)).map((c) => c.id)).toEqual([album.id]);

    // A write that took an older version and committed late is still listed.
    // See: [Note: The collection list overlaps recent versions]
    await server.libraryContext.db
      .updateTable("collections")
      .set({ updation_time_us: renamedTime - 1000 })
      .where("collection_id", "=", favorites.id)
      .execute();
    expect((await list(alice, renamedTime)).map((c) => c.id).sort()).toEqual(
      [favorites.id, album.id].sort(),
    );
  });

  it("lists collections shared with the caller, and tombstones for ended shares and deleted collections", async () => {
    const album = await createTestCollection(server, alice);
    const other = await createTestCollection(server, alice);
    await shareTestCollection(server, alice, bob, album.id);
    await shareTestCollection(server, alice, bob, other.id);
    const shared = await list(bob);
    expect(shared.map((c) => c.id).sort()).toEqual([album.id, other.id].sort());
    expect(shared.every((c) => c.owner.email === "alice@example.org")).toBe(true);
    const sinceTime = Math.max(...shared.map((c) => c.updationTime));
    server.clock.advanceMs(collectionListOverlapUs / 1000 + 1);
    // Another owner's collection shared later is listed after its share.
    const carols = await createTestCollection(server, carol);
    await shareTestCollection(server, carol, bob, carols.id);
    const sharedLater = await list(bob, sinceTime + collectionListOverlapUs);
    expect(sharedLater.map((c) => c.id)).toEqual([carols.id]);

    await unshareTestCollection(server, album.id, bob.userID);
    const deleted = await alice.call(
      "DELETE",
      `/collections/v3/${other.id}?collectionID=${other.id}&keepFiles=true`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const tombstones = (await list(bob, sinceTime)).filter((c) => c.id !== carols.id);
    expect(tombstones.map((c) => c.id).sort()).toEqual([album.id, other.id].sort());
    for (const tombstone of tombstones) {
      expect(tombstone).toMatchObject({ isDeleted: true, sharees: [], owner: { email: "" } });
      expect(tombstone.updationTime).toBeGreaterThan(sinceTime);
    }
    const owned = await list(alice, sinceTime);
    expect(owned.map((c) => c.id).sort()).toEqual([album.id, other.id].sort());
    expect(owned.find((c) => c.id === other.id)).toMatchObject({ isDeleted: true, sharees: [] });
    expect(owned.find((c) => c.id === album.id)).not.toHaveProperty("isDeleted");

    // A former sharee's tombstone carries no content, and later changes do not bring it back.
    // See: [Note: A former sharee learns nothing new from a tombstone]
    const ended = tombstones.find((c) => c.id === album.id);
    expect(ended).not.toHaveProperty("encryptedName");
    expect(ended).not.toHaveProperty("pubMagicMetadata");
    const endedAt = ended?.updationTime ?? 0;
    server.clock.advanceMs(collectionListOverlapUs / 1000 + 1);
    await alice.ok("POST", "/collections/rename", {
      collectionID: album.id,
      encryptedName: other.encryptedName,
      nameDecryptionNonce: other.nameDecryptionNonce,
    });
    const afterRename = await list(bob, endedAt + collectionListOverlapUs);
    expect(afterRename.map((c) => c.id)).not.toContain(album.id);

    // A deleted collection is still answered to its owner, as the trash needs its key.
    const { collection } = await alice.ok<OneCollection>("GET", `/collections/${other.id}`);
    expect(collection).toMatchObject({ id: other.id, isDeleted: true });
    expect(collection.keyDecryptionNonce).toBe(other.keyDecryptionNonce);
  });
});
