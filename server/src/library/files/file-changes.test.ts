import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemoteFileJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  createTestCollection,
  fileKeyOf,
  signUpTestUser,
  testMagicMetadata,
  uploadTestFile,
  uploadTestObjects,
} from "../../../test-support/library-client";
import { pullCollectionDiff, usageOf } from "../../../test-support/library-files";

// `PUT /files/update`, the file magic-metadata calls and the size reads
// (wire-contract §5.3), on every database.

describe.each(testDatabaseBackends())("file changes on $name", (backend) => {
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

  /** The file as the collection's diff answers it now. */
  const diffEntry = async (collectionID: number, fileID: number) => {
    const { items } = await pullCollectionDiff(alice, collectionID);
    const entry = items.find((item) => item.id === fileID);
    if (entry === undefined) throw new Error(`File ${String(fileID)} is not in the diff`);
    return entry;
  };

  /** A file in both of alice's albums. */
  const fileInTwoAlbums = async () => {
    const file = await uploadTestFile(server, alice, albumID);
    await alice.ok("POST", "/collections/add-files", {
      collectionID: otherAlbumID,
      files: [await collectionFileItem(server, alice, file, otherAlbumID)],
    });
    return file;
  };

  describe("PUT /files/update", () => {
    it("replaces the objects, queues the old ones and shows the file anew in every collection", async () => {
      const file = await fileInTwoAlbums();
      const usageBefore = await usageOf(server, alice.userID);
      const { body } = await uploadTestObjects(server, alice, albumID, {
        bytes: new Uint8Array(5000),
      });
      const { id, updationTime } = await alice.ok<{ id: number; updationTime: number }>(
        "PUT",
        "/files/update",
        { ...body, id: file.id },
      );
      expect(id).toBe(file.id);
      expect(updationTime).toBeGreaterThan(file.updationTime);
      for (const collectionID of [albumID, otherAlbumID]) {
        const entry = await diffEntry(collectionID, file.id);
        expect(entry).toMatchObject({
          updationTime,
          isDeleted: false,
          metadata: { encryptedData: body.metadata.encryptedData },
          file: { decryptionHeader: body.file.decryptionHeader },
          info: { fileSize: body.file.size, thumbSize: body.thumbnail.size },
        });
        // The key under each collection is kept.
        expect(entry.encryptedKey).not.toBe(body.encryptedKey);
        expect(await collectionTime(collectionID)).toBeGreaterThanOrEqual(updationTime);
      }
      const queued = (
        await server.database.db.selectFrom("object_deletions").select("object_key").execute()
      ).map((row) => row.object_key);
      expect(queued).toEqual(
        expect.arrayContaining([file.file.objectKey, file.thumbnail.objectKey]),
      );
      expect(await usageOf(server, alice.userID)).toBe(
        usageBefore +
          (body.file.size ?? 0) +
          (body.thumbnail.size ?? 0) -
          (file.file.size ?? 0) -
          (file.thumbnail.size ?? 0),
      );
      const temp = await server.database.db
        .selectFrom("temp_objects")
        .select("object_key")
        .where("object_key", "in", [body.file.objectKey, body.thumbnail.objectKey])
        .execute();
      expect(temp).toEqual([]);
    });

    it("keeps an object whose key is unchanged", async () => {
      const file = await uploadTestFile(server, alice, albumID);
      const { body } = await uploadTestObjects(server, alice, albumID);
      await alice.ok("PUT", "/files/update", {
        ...body,
        id: file.id,
        thumbnail: {
          objectKey: file.thumbnail.objectKey,
          decryptionHeader: file.thumbnail.decryptionHeader,
        },
      });
      const queued = await server.database.db
        .selectFrom("object_deletions")
        .select("object_key")
        .where("object_key", "in", [file.file.objectKey ?? "", file.thumbnail.objectKey ?? ""])
        .execute();
      expect(queued.map((row) => row.object_key)).toEqual([file.file.objectKey]);
      const objects = await server.database.db
        .selectFrom("object_keys")
        .select(["o_type", "object_key"])
        .where("file_id", "=", file.id)
        .orderBy("o_type")
        .execute();
      expect(objects).toEqual([
        { o_type: "file", object_key: body.file.objectKey },
        { o_type: "thumbnail", object_key: file.thumbnail.objectKey },
      ]);
      // The replaced object is on its way out: it cannot come back.
      const { body: next } = await uploadTestObjects(server, alice, albumID);
      const revived = await alice.call("PUT", "/files/update", {
        ...next,
        id: file.id,
        file: { ...next.file, objectKey: file.file.objectKey, size: 0 },
      });
      expect(revived.statusCode).toBe(400);
      const registered = await alice.call("POST", "/files", {
        ...next,
        file: { ...next.file, objectKey: file.file.objectKey, size: 0 },
      });
      expect(registered.statusCode).toBe(400);
    });

    it("is for the owner only, and refuses another file's objects", async () => {
      const file = await uploadTestFile(server, alice, albumID);
      const other = await uploadTestFile(server, alice, albumID);
      const bobAlbum = await createTestCollection(server, bob);
      const { body: bobs } = await uploadTestObjects(server, bob, bobAlbum.id);
      const byBob = await bob.call("PUT", "/files/update", { ...bobs, id: file.id });
      expect(byBob.statusCode).toBe(403);
      const { body } = await uploadTestObjects(server, alice, albumID);
      const stolen = await alice.call("PUT", "/files/update", {
        ...body,
        id: file.id,
        thumbnail: { ...body.thumbnail, objectKey: other.thumbnail.objectKey, size: 0 },
      });
      expect(stolen.statusCode).toBe(400);
      const swapped = await alice.call("PUT", "/files/update", {
        ...body,
        id: file.id,
        file: { ...body.file, objectKey: file.thumbnail.objectKey, size: 0 },
      });
      expect(swapped.statusCode).toBe(400);
    });
  });

  describe("file magic metadata", () => {
    it("stores an update made over the stored version at the next version, and refuses a stale one with 409", async () => {
      const uploaded = await uploadTestFile(server, alice, albumID, {
        magicMetadata: { visibility: 0, caption: "a", editedTime: 1, editedName: "b" },
      });
      expect(uploaded.magicMetadata).toMatchObject({ version: 1, count: 4 });
      const fileKey = await fileKeyOf(server, alice, uploaded);
      const update = async (version: number, value: Record<string, unknown>) =>
        alice.call("PUT", "/files/magic-metadata", {
          metadataList: [
            { id: uploaded.id, magicMetadata: await testMagicMetadata(value, fileKey, version) },
          ],
        });
      const archived = { visibility: 1, caption: "a", editedTime: 1, editedName: "b" };

      const stale = await update(0, archived);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: "VERSION_MISMATCH" });
      const before = await collectionTime(albumID);
      expect((await update(1, archived)).statusCode).toBe(200);
      const entry = await diffEntry(albumID, uploaded.id);
      expect(entry.magicMetadata).toMatchObject({ version: 2, count: 4 });
      expect(entry.updationTime).toBeGreaterThan(uploaded.updationTime);
      expect(await collectionTime(albumID)).toBe(entry.updationTime);
      expect(await collectionTime(albumID)).toBeGreaterThan(before);
      // The same stale version again, and an update that loses 3 of 4 keys; 2 may go.
      expect((await update(1, archived)).statusCode).toBe(409);
      const dropped = await update(2, { visibility: 1 });
      expect(dropped.statusCode).toBe(409);
      expect((await update(2, { visibility: 1, caption: "a" })).statusCode).toBe(200);
      expect((await diffEntry(albumID, uploaded.id)).magicMetadata).toMatchObject({
        version: 3,
        count: 2,
      });
    });

    it("takes any version for a file's first metadata, as Ente's web app starts at 1", async () => {
      const file = await uploadTestFile(server, alice, albumID);
      const fileKey = await fileKeyOf(server, alice, file);
      await alice.ok("PUT", "/files/public-magic-metadata", {
        metadataList: [
          { id: file.id, magicMetadata: await testMagicMetadata({ caption: "hi" }, fileKey, 1) },
        ],
      });
      const entry = await diffEntry(albumID, file.id);
      expect(entry.pubMagicMetadata).toMatchObject({ version: 2, count: 1 });
      // From then on, only over the stored version.
      const stale = await alice.call("PUT", "/files/public-magic-metadata", {
        metadataList: [
          { id: file.id, magicMetadata: await testMagicMetadata({ caption: "x" }, fileKey, 1) },
        ],
      });
      expect(stale.statusCode).toBe(409);
    });

    it("leaves versions alone with skipVersion", async () => {
      const file = await uploadTestFile(server, alice, albumID);
      expect(file.pubMagicMetadata).toBeUndefined();
      const fileKey = await fileKeyOf(server, alice, file);
      const body = async (version: number, skipVersion?: boolean) => ({
        metadataList: [
          {
            id: file.id,
            magicMetadata: await testMagicMetadata({ caption: "hello" }, fileKey, version),
          },
        ],
        ...(skipVersion === undefined ? {} : { skipVersion }),
      });
      await alice.ok("PUT", "/files/public-magic-metadata", await body(0, true));
      const entry = await diffEntry(albumID, file.id);
      expect(entry.pubMagicMetadata).toMatchObject({ version: 1, count: 1 });
      expect(entry.updationTime).toBe(file.updationTime);
      await alice.ok("PUT", "/files/public-magic-metadata", await body(1));
      const bumped = await diffEntry(albumID, file.id);
      expect(bumped.pubMagicMetadata).toMatchObject({ version: 2 });
      expect(bumped.updationTime).toBeGreaterThan(file.updationTime);
    });

    it("refuses other people's files (403), duplicates (400) and batches over 1000 (413)", async () => {
      const file = await uploadTestFile(server, alice, albumID);
      const metadata = await testMagicMetadata({ a: 1 }, await fileKeyOf(server, alice, file), 0);
      for (const path of ["/files/magic-metadata", "/files/public-magic-metadata"]) {
        const byBob = await bob.call("PUT", path, {
          metadataList: [{ id: file.id, magicMetadata: metadata }],
        });
        expect(byBob.statusCode).toBe(403);
        const missing = await alice.call("PUT", path, {
          metadataList: [{ id: 99, magicMetadata: metadata }],
        });
        expect(missing.statusCode).toBe(403);
        const twice = await alice.call("PUT", path, {
          metadataList: [
            { id: file.id, magicMetadata: metadata },
            { id: file.id, magicMetadata: metadata },
          ],
        });
        expect(twice.statusCode).toBe(400);
        const tooMany = await alice.call("PUT", path, {
          metadataList: Array.from({ length: 1001 }, (_, i) => ({
            id: file.id + i,
            magicMetadata: metadata,
          })),
        });
        expect(tooMany.statusCode).toBe(413);
        expect(tooMany.json()).toMatchObject({ code: "BATCH_TOO_LARGE" });
      }
    });
  });

  describe("size reads", () => {
    it("count only the caller's files", async () => {
      const mine = [
        await uploadTestFile(server, alice, albumID),
        await uploadTestFile(server, alice, albumID),
      ];
      const bobAlbum = await createTestCollection(server, bob);
      const bobs = await uploadTestFile(server, bob, bobAlbum.id);
      const ids = [...mine.map((f) => f.id), bobs.id, 99];
      const sizeOf = (file: RemoteFileJSON) => (file.file.size ?? 0) + (file.thumbnail.size ?? 0);
      expect(await alice.ok("POST", "/files/size", { fileIDs: ids })).toEqual({
        size: sizeOf(mine[0] as RemoteFileJSON) + sizeOf(mine[1] as RemoteFileJSON),
      });
      expect(await alice.ok("POST", "/files/size", { fileIDs: [] })).toEqual({ size: 0 });
      const { filesInfo } = await alice.ok<{
        filesInfo: { id: number; fileInfo: { fileSize: number; thumbSize: number } }[];
      }>("POST", "/files/info", { fileIDs: ids });
      expect(filesInfo).toEqual([
        ...mine.map((file) => ({
          id: file.id,
          fileInfo: { fileSize: file.file.size, thumbSize: file.thumbnail.size },
        })),
        { id: bobs.id, fileInfo: { fileSize: -1, thumbSize: -1 } },
        { id: 99, fileInfo: { fileSize: -1, thumbSize: -1 } },
      ]);
      for (const path of ["/files/size", "/files/info"]) {
        const tooMany = await alice.call("POST", path, {
          fileIDs: Array.from({ length: 2501 }, (_, i) => i + 1),
        });
        expect(tooMany.statusCode).toBe(413);
      }
    });
  });
});
