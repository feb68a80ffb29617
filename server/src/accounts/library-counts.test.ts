import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserDetails } from "../../../shared/api/endpoints/account-schemas";
import type { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import {
  collectionFileItem,
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../test-support/library-client";

describe.each(testDatabaseBackends())("library counts in the user details on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
  });
  afterEach(async () => {
    await server.close();
  });

  const detailsOf = (user: TestAccountClient) => user.ok<UserDetails>("GET", "/users/details/v2");

  it("counts the user's own files once, and the albums the user shares", async () => {
    const album = await createTestCollection(server, alice, { name: "Trip" });
    const other = await createTestCollection(server, alice, { name: "Other" });
    const first = await uploadTestFile(server, alice, album.id);
    const second = await uploadTestFile(server, alice, album.id);
    await alice.ok("POST", "/collections/add-files", {
      collectionID: other.id,
      files: [await collectionFileItem(server, alice, second, other.id)],
    });
    await uploadTestFile(server, bob, (await createTestCollection(server, bob)).id);
    expect(await detailsOf(alice)).toMatchObject({ fileCount: 2, sharedCollectionsCount: 0 });

    await shareTestCollection(server, alice, bob, other.id);
    expect(await detailsOf(alice)).toMatchObject({ fileCount: 2, sharedCollectionsCount: 1 });
    expect(await detailsOf(bob)).toMatchObject({ fileCount: 1, sharedCollectionsCount: 0 });

    await alice.ok("POST", "/files/trash", {
      items: [{ fileID: first.id, collectionID: album.id }],
    });
    expect(await detailsOf(alice)).toMatchObject({ fileCount: 1 });
  });
});
