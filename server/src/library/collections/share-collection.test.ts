import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  CollectionUser,
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import { fromB64, toB64 } from "../../../../shared/crypto/base64";
import { boxSeal, boxSealOpen } from "../../../../shared/crypto/sealed-box";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  collectionKeyOf,
  collectionsBehindTheirFiles,
  createTestCollection,
  pullTestCollectionDiff,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";

// Sharing with people: share, unshare, leave, sharees (wire-contract §3.2).

type Sharees = { sharees: CollectionUser[] };
type Collections = { collections: RemoteCollectionJSON[] };

describe.each(testDatabaseBackends())("sharing collections on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  let album: RemoteCollectionJSON;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    album = await createTestCollection(server, alice, { name: "Holidays" });
  });
  afterEach(async () => {
    expect(await collectionsBehindTheirFiles(server.libraryContext)).toEqual([]);
    await server.close();
  });

  /** The body of a share of `collectionID` by `by` with `to`, its key sealed to `to`'s public key. */
  const shareBody = async (
    by: TestAccountClient,
    to: TestAccountClient,
    role?: string,
    collectionID = album.id,
  ) => ({
    collectionID,
    email: to.email,
    encryptedKey: toB64(
      await boxSeal(await collectionKeyOf(server, by, collectionID), to.keys.keyPair.publicKey),
    ),
    ...(role === undefined ? {} : { role }),
  });
  const share = async (by: TestAccountClient, to: TestAccountClient, role?: string) =>
    by.call("POST", "/collections/share", await shareBody(by, to, role));
  const shared = async (by: TestAccountClient, to: TestAccountClient, role?: string) =>
    (await by.ok<Sharees>("POST", "/collections/share", await shareBody(by, to, role))).sharees;
  const unshare = (by: TestAccountClient, email: string) =>
    by.call("POST", "/collections/unshare", { collectionID: album.id, email });
  const leave = (user: TestAccountClient, collectionID = album.id) =>
    user.call("POST", `/collections/leave/${String(collectionID)}`);
  const listed = async (user: TestAccountClient) =>
    (await user.ok<Collections>("GET", "/collections/v2?sinceTime=0")).collections.find(
      (c) => c.id === album.id,
    );
  const liveIDs = async (user: TestAccountClient) => {
    const { entries } = await pullTestCollectionDiff(user, album.id);
    return entries.filter((e) => !e.isDeleted).map((e) => e.id);
  };
  const addOwnFile = async (user: TestAccountClient): Promise<RemoteFileJSON> => {
    const own = await createTestCollection(server, user, { name: "Own" });
    const file = await uploadTestFile(server, user, own.id);
    await user.ok("POST", "/collections/add-files", {
      collectionID: album.id,
      files: [await collectionFileItem(server, user, file, album.id)],
    });
    return file;
  };

  describe("share", () => {
    it("gives the sharee the collection under its own key pair, with the owner's email", async () => {
      const sharees = await shared(alice, bob, "COLLABORATOR");
      expect(sharees).toEqual([
        { id: bob.userID, email: "bob@example.org", name: "", role: "COLLABORATOR" },
      ]);
      const seen = await listed(bob);
      expect(seen?.owner).toMatchObject({ id: alice.userID, email: "alice@example.org" });
      expect(seen?.keyDecryptionNonce).toBeUndefined();
      const opened = await boxSealOpen(
        fromB64(seen?.encryptedKey ?? ""),
        bob.keys.keyPair.publicKey,
        bob.keys.keyPair.secretKey,
      );
      expect(opened).toEqual(await collectionKeyOf(server, alice, album.id));
      expect((await listed(alice))?.sharees).toEqual(sharees);
    });

    it("is a viewer's share when no role is given, and sharing again changes the role", async () => {
      expect((await shared(alice, bob))[0]?.role).toBe("VIEWER");
      const first = await listed(bob);
      expect((await shared(alice, bob, "COLLABORATOR"))[0]?.role).toBe("COLLABORATOR");
      const second = await listed(bob);
      expect(second?.sharedAt).toBe(first?.sharedAt);
      expect(second?.updationTime).toBeGreaterThan(first?.updationTime ?? Infinity);
    });

    it("lets an ADMIN sharee share, but not a collaborator or a viewer (403)", async () => {
      await shared(alice, bob, "ADMIN");
      await shared(alice, carol, "COLLABORATOR");
      const dave = await signUpTestUser(server, "dave@example.org");
      expect((await share(carol, dave)).statusCode).toBe(403);
      const byAdmin = await shared(bob, dave, "VIEWER");
      expect(byAdmin.map((s) => s.email)).toEqual([
        "bob@example.org",
        "carol@example.org",
        "dave@example.org",
      ]);
      expect((await listed(dave))?.owner.id).toBe(alice.userID);
      // Nobody is made a sharee of their own collection.
      expect((await share(bob, alice)).statusCode).toBe(400);
    });

    it("refuses an unknown email (404), oneself (400) and uncategorized (400)", async () => {
      const unknown = await alice.call("POST", "/collections/share", {
        ...(await shareBody(alice, bob)),
        email: "nobody@example.org",
      });
      expect(unknown.statusCode).toBe(404);
      expect((await share(alice, alice)).statusCode).toBe(400);
      const uncategorized = await createTestCollection(server, alice, { type: "uncategorized" });
      const refused = await alice.call(
        "POST",
        "/collections/share",
        await shareBody(alice, bob, undefined, uncategorized.id),
      );
      expect(refused.statusCode).toBe(400);
      expect(await listed(bob)).toBeUndefined();
    });

    it("answers a stranger as for a collection that does not exist (404)", async () => {
      const body = await shareBody(alice, bob);
      const stranger = await carol.call("POST", "/collections/share", body);
      expect(stranger.statusCode).toBe(404);
      const missing = await carol.call("POST", "/collections/share", {
        ...body,
        collectionID: album.id + 1000,
      });
      expect(missing.json()).toEqual(stranger.json());
    });

    it("refuses a key that is not a sealed 32-byte key (400)", async () => {
      const body = await shareBody(alice, bob);
      const short = { ...body, encryptedKey: toB64(new Uint8Array(48)) };
      expect((await alice.call("POST", "/collections/share", short)).statusCode).toBe(400);
      expect(await listed(bob)).toBeUndefined();
    });
  });

  describe("unshare", () => {
    it("ends the share: the sharee gets a tombstone and loses access", async () => {
      await shared(alice, bob, "VIEWER");
      const response = await unshare(alice, "bob@example.org");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ sharees: [] });
      expect(await listed(bob)).toMatchObject({ isDeleted: true, sharees: [] });
      expect((await bob.call("GET", `/collections/${String(album.id)}`)).statusCode).toBe(404);
      expect((await listed(alice))?.sharees).toEqual([]);
    });

    it("takes the files the sharee added out of the collection, and only those", async () => {
      await shared(alice, bob, "COLLABORATOR");
      const alicesFile = await uploadTestFile(server, alice, album.id);
      const bobsFile = await addOwnFile(bob);
      expect((await liveIDs(alice)).sort()).toEqual([alicesFile.id, bobsFile.id].sort());
      await unshare(alice, "bob@example.org");
      expect(await liveIDs(alice)).toEqual([alicesFile.id]);
      // Still Bob's, in his own album.
      const { entries } = await pullTestCollectionDiff(bob, bobsFile.collectionID);
      expect(entries.filter((e) => !e.isDeleted).map((e) => e.id)).toEqual([bobsFile.id]);
    });

    it("is refused to viewers and collaborators (403), for oneself and for the owner (403)", async () => {
      await shared(alice, bob, "ADMIN");
      await shared(alice, carol, "COLLABORATOR");
      expect((await unshare(carol, "bob@example.org")).statusCode).toBe(403);
      expect((await unshare(bob, "bob@example.org")).statusCode).toBe(403);
      expect((await unshare(bob, "alice@example.org")).statusCode).toBe(403);
      expect((await unshare(alice, "nobody@example.org")).statusCode).toBe(404);
      const byAdmin = await bob.ok<Sharees>("POST", "/collections/unshare", {
        collectionID: album.id,
        email: "carol@example.org",
      });
      expect(byAdmin.sharees.map((s) => s.email)).toEqual(["bob@example.org"]);
    });

    it("can be undone by sharing again, as a new share", async () => {
      await shared(alice, bob);
      const before = await listed(bob);
      await unshare(alice, "bob@example.org");
      await shared(alice, bob);
      const revived = await listed(bob);
      expect(revived?.isDeleted).toBeUndefined();
      expect(revived?.sharedAt).toBeGreaterThan(before?.sharedAt ?? Infinity);
    });
  });

  describe("leave", () => {
    it("ends the sharee's own share and takes its files out; leaving again changes nothing", async () => {
      await shared(alice, bob, "COLLABORATOR");
      await addOwnFile(bob);
      expect((await leave(bob)).statusCode).toBe(200);
      expect(await listed(bob)).toMatchObject({ isDeleted: true });
      expect(await liveIDs(alice)).toEqual([]);
      expect((await listed(alice))?.sharees).toEqual([]);
      const after = (await listed(alice))?.updationTime;
      expect((await leave(bob)).statusCode).toBe(200);
      expect((await listed(alice))?.updationTime).toBe(after);
    });

    it("refuses the owner (403) and tells a stranger nothing", async () => {
      expect((await leave(alice)).statusCode).toBe(403);
      const before = (await listed(alice))?.updationTime;
      expect((await leave(carol)).statusCode).toBe(200);
      expect((await leave(carol, album.id + 1000)).statusCode).toBe(200);
      expect((await listed(alice))?.updationTime).toBe(before);
    });
  });

  describe("sharees", () => {
    it("are listed to every participant and to nobody else (404)", async () => {
      await shared(alice, bob, "VIEWER");
      const path = `/collections/sharees?collectionID=${String(album.id)}`;
      const expected = {
        sharees: [{ id: bob.userID, email: "bob@example.org", name: "", role: "VIEWER" }],
      };
      expect(await alice.ok("GET", path)).toEqual(expected);
      expect(await bob.ok("GET", path)).toEqual(expected);
      expect((await carol.call("GET", path)).statusCode).toBe(404);
    });
  });
});
