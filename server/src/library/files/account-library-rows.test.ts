import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteTestAccount } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";
import { pullCollectionDiff, trashTestFiles } from "../../../test-support/library-files";

// Deleting an account removes its library too (account-library-rows.ts,
// called by the account deletion). See: [Note: Deleting an account removes its rows]

describe.each(testDatabaseBackends())("account deletion and the library on $name", (backend) => {
  let server: TestAccountsServer;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
  });
  afterEach(async () => {
    await server.close();
  });

  it("removes the user's collections, shares, files, objects, trash and uploads, and nobody else's", async () => {
    const alice = await signUpTestUser(server, "alice@example.org");
    const bob = await signUpTestUser(server, "bob@example.org");
    const aliceAlbum = await createTestCollection(server, alice);
    const bobAlbum = await createTestCollection(server, bob);
    const kept = await uploadTestFile(server, alice, aliceAlbum.id);
    const trashed = await uploadTestFile(server, alice, aliceAlbum.id);
    const deleted = await uploadTestFile(server, alice, aliceAlbum.id);
    await trashTestFiles(alice, [trashed, deleted]);
    await alice.ok("POST", "/trash/delete", { fileIDs: [deleted.id] });
    await alice.ok("GET", "/files/upload-urls?count=1");
    await shareTestCollection(server, alice, bob, aliceAlbum.id);
    await shareTestCollection(server, bob, alice, bobAlbum.id, "COLLABORATOR");
    await alice.ok("POST", "/collections/add-files", {
      collectionID: bobAlbum.id,
      files: [await collectionFileItem(server, alice, kept, bobAlbum.id)],
    });
    const bobs = await uploadTestFile(server, bob, bobAlbum.id);

    await deleteTestAccount(alice);

    const db = server.database.db;
    const aliceFiles = [kept.id, trashed.id, deleted.id];
    const leftovers = {
      collections: await db
        .selectFrom("collections")
        .select("collection_id")
        .where("owner_id", "=", alice.userID)
        .execute(),
      shares: await db
        .selectFrom("collection_shares")
        .select("collection_id")
        .where((eb) =>
          eb.or([eb("from_user_id", "=", alice.userID), eb("to_user_id", "=", alice.userID)]),
        )
        .execute(),
      entries: await db
        .selectFrom("collection_files")
        .select("file_id")
        .where((eb) =>
          eb.or([eb("c_owner_id", "=", alice.userID), eb("f_owner_id", "=", alice.userID)]),
        )
        .execute(),
      files: await db
        .selectFrom("files")
        .select("file_id")
        .where("owner_id", "=", alice.userID)
        .execute(),
      objects: await db
        .selectFrom("object_keys")
        .select("object_key")
        .where("file_id", "in", aliceFiles)
        .execute(),
      trash: await db
        .selectFrom("trash")
        .select("file_id")
        .where("user_id", "=", alice.userID)
        .execute(),
      uploads: await db
        .selectFrom("temp_objects")
        .select("object_key")
        .where("user_id", "=", alice.userID)
        .execute(),
      deletions: await db
        .selectFrom("object_deletions")
        .select("object_key")
        .where("object_key", "like", `${String(alice.userID)}/%`)
        .execute(),
    };
    expect(leftovers).toEqual({
      collections: [],
      shares: [],
      entries: [],
      files: [],
      objects: [],
      trash: [],
      uploads: [],
      deletions: [],
    });

    // Bob's album and file are untouched.
    const { items } = await pullCollectionDiff(bob, bobAlbum.id);
    expect(items.map((item) => item.id)).toEqual([bobs.id]);
    expect(await server.libraryContext.blobStore.sizeBytes(bobs.file.objectKey ?? "")).toBe(
      bobs.file.size,
    );
  });
});
