import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemoteFileJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testBlobStoreBackends } from "../../../test-support/blob-stores";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  collectionsBehindTheirFiles,
  createTestCollection,
  fileKeyOf,
  openTestMagicMetadata,
  pullTestCollectionDiff,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";
import { trashTestFiles, usageOf } from "../../../test-support/library-files";

// `POST /files/copy` (wire-contract §5.3) on every database and both blob
// stores: Bob shares an album with Alice, who saves two of its files into
// an album of her own. See: [Note: A copy of another's file is a new upload]

const backends = testDatabaseBackends().flatMap((database) =>
  testBlobStoreBackends().map((blobs) => ({
    database,
    blobs,
    name: `${database.name} + ${blobs.name}`,
  })),
);

describe.each(backends)("file copies on $name", ({ database, blobs }) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let bobAlbumID: number;
  let aliceAlbumID: number;
  /** Bob's files as Alice sees them in his album. */
  let shared: RemoteFileJSON[];

  beforeAll(async () => {
    server = await startTestAccountsServer(database, { blobStore: blobs });
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    bobAlbumID = (await createTestCollection(server, bob, { name: "Holidays" })).id;
    for (const [index, bytes] of [70_000, 3000, 500].entries()) {
      await uploadTestFile(server, bob, bobAlbumID, {
        bytes: new Uint8Array(randomBytes(bytes)),
        pubMagicMetadata: { caption: `beach ${String(index)}` },
        magicMetadata: { visibility: 1 },
      });
    }
    await shareTestCollection(server, bob, alice, bobAlbumID, "VIEWER");
    aliceAlbumID = (await createTestCollection(server, alice, { name: "Favourites" })).id;
    shared = (await pullTestCollectionDiff(alice, bobAlbumID)).entries;
  });
  afterAll(async () => {
    await server.close();
  });

  /** The ciphertext a download of the file answers to the user. */
  const downloaded = async (
    user: TestAccountClient,
    kind: "download" | "preview",
    fileID: number,
  ): Promise<Buffer> => {
    const answer = await server.request({
      method: "GET",
      url: `/files/${kind}/${String(fileID)}?token=${encodeURIComponent(user.token)}`,
      headers: { "x-client-package": user.clientPackage },
    });
    expect(answer.statusCode, answer.body).toBe(307);
    const blob = await fetch(answer.headers.location as string);
    expect(blob.status).toBe(200);
    return Buffer.from(await blob.arrayBuffer());
  };

  const liveObjectKeysOf = async (fileIDs: readonly number[]) =>
    (
      await server.database.db
        .selectFrom("object_keys")
        .select("object_key")
        .where("file_id", "in", [...fileIDs])
        .where("is_deleted", "=", 0)
        .execute()
    ).map((row) => row.object_key);

  const copyAsAlice = async (files: readonly RemoteFileJSON[]) =>
    alice.call("POST", "/files/copy", {
      srcCollectionID: bobAlbumID,
      dstCollectionID: aliceAlbumID,
      files: await Promise.all(
        files.map((file) => collectionFileItem(server, alice, file, aliceAlbumID)),
      ),
    });

  it("saves two shared files into the caller's album as files of hers, with the same ciphertext", async () => {
    const originals = shared.slice(0, 2);
    const [aliceUsage, bobUsage] = [
      await usageOf(server, alice.userID),
      await usageOf(server, bob.userID),
    ];
    const { sinceTime } = await pullTestCollectionDiff(alice, aliceAlbumID);
    const bobAlbumBefore = await alice.ok<{ collection: { updationTime: number } }>(
      "GET",
      `/collections/${String(bobAlbumID)}`,
    );

    const answer = await copyAsAlice(originals);
    expect(answer.statusCode, answer.body).toBe(200);
    const { oldToNewFileIDMap } = answer.json<{ oldToNewFileIDMap: Record<string, number> }>();
    expect(Object.keys(oldToNewFileIDMap).sort()).toEqual(
      originals.map((file) => String(file.id)).sort(),
    );
    const newIDs = Object.values(oldToNewFileIDMap);
    expect(new Set(newIDs).size).toBe(2);
    for (const id of newIDs) expect(shared.map((file) => file.id)).not.toContain(id);

    // The copies appear in Alice's album's diff, hers, carrying what the originals carry.
    const { entries } = await pullTestCollectionDiff(alice, aliceAlbumID, sinceTime);
    expect(entries.map((entry) => entry.id).sort()).toEqual([...newIDs].sort());
    for (const original of originals) {
      const copy = entries.find((entry) => entry.id === oldToNewFileIDMap[String(original.id)]);
      expect(copy).toMatchObject({
        ownerID: alice.userID,
        collectionID: aliceAlbumID,
        collectionOwnerID: alice.userID,
        isDeleted: false,
        file: { decryptionHeader: original.file.decryptionHeader },
        thumbnail: { decryptionHeader: original.thumbnail.decryptionHeader },
        metadata: original.metadata,
        pubMagicMetadata: original.pubMagicMetadata,
        info: original.info,
      });
      if (copy === undefined) throw new Error("copy missing from the diff");
      // Bob's private magic metadata stays his.
      expect(copy).not.toHaveProperty("magicMetadata");
      // Alice opens the copy's key with her album's key: the original's file key.
      const fileKey = await fileKeyOf(server, alice, copy);
      expect(Buffer.from(fileKey)).toEqual(Buffer.from(await fileKeyOf(server, alice, original)));
      expect(await openTestMagicMetadata(copy.pubMagicMetadata, fileKey)).toEqual({
        caption: expect.stringMatching(/^beach/) as unknown,
      });
      // The same ciphertext, file and thumbnail.
      expect(await downloaded(alice, "download", copy.id)).toEqual(
        await downloaded(bob, "download", original.id),
      );
      expect(await downloaded(alice, "preview", copy.id)).toEqual(
        await downloaded(bob, "preview", original.id),
      );
    }

    // New objects in Alice's folder, counted against her; Bob's usage is his.
    const copiedKeys = await liveObjectKeysOf(newIDs);
    expect(copiedKeys).toHaveLength(4);
    for (const key of copiedKeys) expect(key.startsWith(`${String(alice.userID)}/`)).toBe(true);
    const copiedBytes = originals.reduce(
      (sum, file) => sum + (file.info?.fileSize ?? 0) + (file.info?.thumbSize ?? 0),
      0,
    );
    expect(copiedBytes).toBeGreaterThan(70_000);
    expect(await usageOf(server, alice.userID)).toBe(aliceUsage + copiedBytes);
    expect(await usageOf(server, bob.userID)).toBe(bobUsage);
    // Nothing left as an unregistered upload.
    const records = await server.database.db
      .selectFrom("temp_objects")
      .select("object_key")
      .where("object_key", "in", copiedKeys)
      .execute();
    expect(records).toEqual([]);
    expect(await collectionsBehindTheirFiles(server.libraryContext)).toEqual([]);
    // Bob's album did not change.
    const bobAlbumAfter = await alice.ok<{ collection: { updationTime: number } }>(
      "GET",
      `/collections/${String(bobAlbumID)}`,
    );
    expect(bobAlbumAfter.collection.updationTime).toBe(bobAlbumBefore.collection.updationTime);
  });

  it("keeps the copies whole when Bob deletes his originals for good", async () => {
    const [original] = shared.slice(2);
    if (original === undefined) throw new Error("a third file");
    const answer = await copyAsAlice([original]);
    expect(answer.statusCode, answer.body).toBe(200);
    const copyID = answer.json<{ oldToNewFileIDMap: Record<string, number> }>().oldToNewFileIDMap[
      String(original.id)
    ];
    if (copyID === undefined) throw new Error("no copy");
    const [file, thumbnail] = [
      await downloaded(bob, "download", original.id),
      await downloaded(bob, "preview", original.id),
    ];
    const originalKeys = await liveObjectKeysOf([original.id]);
    const aliceUsage = await usageOf(server, alice.userID);

    await trashTestFiles(bob, [original]);
    await bob.ok("POST", "/trash/delete", { fileIDs: [original.id] });
    const deletions = server.library.jobs.find((job) => job.name === "library-object-deletions");
    await deletions?.run(new AbortController().signal);
    for (const key of originalKeys) {
      expect(await server.libraryContext.blobStore.sizeBytes(key)).toBeUndefined();
    }

    expect(await downloaded(alice, "download", copyID)).toEqual(file);
    expect(await downloaded(alice, "preview", copyID)).toEqual(thumbnail);
    expect(await usageOf(server, alice.userID)).toBe(aliceUsage);
    const { entries } = await pullTestCollectionDiff(alice, aliceAlbumID);
    expect(entries.find((entry) => entry.id === copyID)?.isDeleted).toBe(false);
  });
});
