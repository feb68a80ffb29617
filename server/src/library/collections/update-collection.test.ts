import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RemoteCollectionJSON } from "../../../../shared/api/endpoints/library-schemas";
import { toB64 } from "../../../../shared/crypto/base64";
import { encryptBox } from "../../../../shared/crypto/box";
import { utf8ToBytes } from "../../../../shared/crypto/utf8";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionKeyOf,
  createTestCollection,
  openTestMagicMetadata,
  shareTestCollection,
  signUpTestUser,
  testCollectionName,
  testMagicMetadata,
} from "../../../test-support/library-client";

type OneCollection = { collection: RemoteCollectionJSON };

describe.each(testDatabaseBackends())("updating collections on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  let album: RemoteCollectionJSON;
  let key: Uint8Array;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    album = await createTestCollection(server, alice, { name: "Before" });
    key = await collectionKeyOf(server, alice, album.id);
    await shareTestCollection(server, alice, bob, album.id, "ADMIN");
  });
  afterEach(async () => {
    await server.close();
  });

  const get = async (user: TestAccountClient) =>
    (await user.ok<OneCollection>("GET", `/collections/${album.id}`)).collection;

  const renameBody = async (name: string) => {
    const { encryptedData, nonce } = await encryptBox(utf8ToBytes(name), key);
    return {
      collectionID: album.id,
      encryptedName: toB64(encryptedData),
      nameDecryptionNonce: toB64(nonce),
    };
  };

  it("renames for the owner and moves the collection's version for every participant", async () => {
    const before = await get(bob);
    await alice.ok("POST", "/collections/rename", await renameBody("After"));
    const owners = await get(alice);
    expect(await testCollectionName(server, alice, owners)).toBe("After");
    const sharees = await get(bob);
    expect(await testCollectionName(server, bob, sharees)).toBe("After");
    expect(sharees.updationTime).toBeGreaterThan(before.updationTime);
    expect(owners.updationTime).toBe(sharees.updationTime);
  });

  it("refuses a rename by a sharee (403), a stranger (404) and of a deleted collection", async () => {
    const body = await renameBody("Taken");
    expect((await bob.call("POST", "/collections/rename", body)).statusCode).toBe(403);
    const stranger = await carol.call("POST", "/collections/rename", body);
    expect(stranger.statusCode).toBe(404);
    const missing = await carol.call("POST", "/collections/rename", {
      ...body,
      collectionID: album.id + 1000,
    });
    expect(missing.json()).toEqual(stranger.json());
    await alice.ok("DELETE", `/collections/v3/${album.id}?collectionID=${album.id}&keepFiles=true`);
    const deleted = await alice.call("POST", "/collections/rename", body);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ code: "COLLECTION_DELETED" });
    expect(await testCollectionName(server, alice, await get(alice))).toBe("Before");
  });

  it("stores the owner's magic metadata at the version sent plus one, without a version check", async () => {
    for (const [path, field] of [
      ["/collections/magic-metadata", "magicMetadata"],
      ["/collections/public-magic-metadata", "pubMagicMetadata"],
    ] as const) {
      const before = await get(alice);
      await alice.ok("PUT", path, {
        id: album.id,
        magicMetadata: await testMagicMetadata({ visibility: 2, order: 3 }, key, 0),
      });
      const after = await get(alice);
      expect(after[field]).toMatchObject({ version: 1, count: 2 });
      expect(await openTestMagicMetadata(after[field], key)).toEqual({ visibility: 2, order: 3 });
      expect(after.updationTime).toBeGreaterThan(before.updationTime);
      // A stale version is no conflict for collections.
      await alice.ok("PUT", path, {
        id: album.id,
        magicMetadata: await testMagicMetadata({ visibility: 0 }, key, 7),
      });
      expect((await get(alice))[field]).toMatchObject({ version: 8, count: 1 });
      expect(
        (await bob.call("PUT", path, { id: album.id, magicMetadata: after[field] })).statusCode,
      ).toBe(403);
      const stranger = await carol.call("PUT", path, {
        id: album.id,
        magicMetadata: await testMagicMetadata({ visibility: 0 }, key),
      });
      expect(stranger.statusCode).toBe(404);
    }
    // The sharee sees the public metadata, never the owner's private one.
    const sharees = await get(bob);
    expect(sharees.pubMagicMetadata).toMatchObject({ version: 8 });
    expect(sharees).not.toHaveProperty("magicMetadata");
  });

  it("keeps a sharee's own metadata on its share, for it alone", async () => {
    const before = await get(alice);
    await bob.ok("PUT", "/collections/sharee-magic-metadata", {
      id: album.id,
      magicMetadata: await testMagicMetadata({ visibility: 1 }, key, 4),
    });
    const sharees = await get(bob);
    expect(sharees.sharedMagicMetadata).toMatchObject({ version: 5, count: 1 });
    expect(await openTestMagicMetadata(sharees.sharedMagicMetadata, key)).toEqual({
      visibility: 1,
    });
    const owners = await get(alice);
    expect(owners).not.toHaveProperty("sharedMagicMetadata");
    expect(owners.updationTime).toBeGreaterThan(before.updationTime);
    const listed = await bob.ok<{ collections: RemoteCollectionJSON[] }>(
      "GET",
      `/collections/v2?sinceTime=${before.updationTime}`,
    );
    expect(listed.collections.map((c) => c.id)).toEqual([album.id]);

    const metadata = await testMagicMetadata({ visibility: 2 }, key);
    const ownerTries = await alice.call("PUT", "/collections/sharee-magic-metadata", {
      id: album.id,
      magicMetadata: metadata,
    });
    expect(ownerTries.statusCode).toBe(403);
    const stranger = await carol.call("PUT", "/collections/sharee-magic-metadata", {
      id: album.id,
      magicMetadata: metadata,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("refuses malformed magic metadata", async () => {
    const metadata = await testMagicMetadata({ visibility: 1 }, key);
    for (const broken of [
      { ...metadata, count: 0 },
      { ...metadata, header: "short" },
      { ...metadata, version: -1 },
    ]) {
      const answer = await alice.call("PUT", "/collections/magic-metadata", {
        id: album.id,
        magicMetadata: broken,
      });
      expect(answer.statusCode).toBe(400);
    }
  });
});
