import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
  testMagicMetadata,
  uploadTestFile,
} from "../../../test-support/library-client";

// Writes to the same collections at the same time (PostgreSQL runs them in
// parallel transactions) all succeed, and leave every collection as new as
// its files. See: [Note: Versions of a collection only grow, in commit order]

describe.each(testDatabaseBackends())("concurrent collection writes on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
  });
  afterEach(async () => {
    await server.close();
  });

  it("serialises adds, moves, renames and metadata updates on shared collections", async () => {
    const source = await createTestCollection(server, alice);
    const target = await createTestCollection(server, alice);
    const files = [];
    for (let i = 0; i < 12; i++) files.push(await uploadTestFile(server, alice, source.id));
    const targetKey = await collectionKeyOf(server, alice, target.id);
    const before = await pullTestCollectionDiff(alice, target.id);

    const writes = await Promise.all([
      ...files.slice(0, 6).map(async (file) =>
        alice.call("POST", "/collections/add-files", {
          collectionID: target.id,
          files: [await collectionFileItem(server, alice, file, target.id)],
        }),
      ),
      ...files.slice(6).map(async (file) =>
        alice.call("POST", "/collections/move-files", {
          fromCollectionID: source.id,
          toCollectionID: target.id,
          files: [await collectionFileItem(server, alice, file, target.id)],
        }),
      ),
      ...[source, target].map((collection) =>
        alice.call("POST", "/collections/rename", {
          collectionID: collection.id,
          encryptedName: collection.encryptedName,
          nameDecryptionNonce: collection.nameDecryptionNonce,
        }),
      ),
      ...[1, 2, 3].map(async (order) =>
        alice.call("PUT", "/collections/magic-metadata", {
          id: target.id,
          magicMetadata: await testMagicMetadata({ order }, targetKey),
        }),
      ),
    ]);
    expect(writes.map((answer) => answer.statusCode)).toEqual(writes.map(() => 200));
    expect(await collectionsBehindTheirFiles(server.libraryContext)).toEqual([]);

    // A client that had synced before gets every change after its time.
    const after = await pullTestCollectionDiff(alice, target.id, before.sinceTime);
    expect(after.entries.map((e) => e.id).sort()).toEqual(files.map((f) => f.id).sort());
    const moved = await pullTestCollectionDiff(alice, source.id);
    expect(
      moved.entries
        .filter((e) => !e.isDeleted)
        .map((e) => e.id)
        .sort(),
    ).toEqual(
      files
        .slice(0, 6)
        .map((f) => f.id)
        .sort(),
    );
    // Distinct writes to one collection never share a version.
    const versions = after.entries.map((e) => e.updationTime);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
