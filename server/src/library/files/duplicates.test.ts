import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";

// `GET /files/duplicates` on every database: the caller's files grouped by
// the size of their file object, for the Ente mobile app's duplicate finder.

interface Duplicates {
  duplicates: { fileIDs: number[]; size: number }[];
}

describe.each(testDatabaseBackends())("duplicate candidates on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;

  beforeAll(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
  });
  afterAll(async () => {
    await server.close();
  });

  const upload = (user: TestAccountClient, albumID: number, bytes: number) =>
    uploadTestFile(server, user, albumID, { bytes: new Uint8Array(randomBytes(bytes)) });

  it("answers none for a library without two files of one size", async () => {
    expect(await alice.ok<Duplicates>("GET", "/files/duplicates")).toEqual({ duplicates: [] });
  });

  it("groups the caller's own files by size, leaving out files deleted for good and others' files", async () => {
    const album = await createTestCollection(server, alice);
    const [a, b, c] = [
      await upload(alice, album.id, 1000),
      await upload(alice, album.id, 1000),
      await upload(alice, album.id, 1000),
    ];
    const [d, e] = [await upload(alice, album.id, 3000), await upload(alice, album.id, 3000)];
    await upload(alice, album.id, 5000);
    // Bob's file of the same size, in an album shared with Alice, is his.
    const bobsAlbum = await createTestCollection(server, bob);
    await shareTestCollection(server, bob, alice, bobsAlbum.id);
    await upload(bob, bobsAlbum.id, 1000);
    // One of the three is deleted for good: it is no candidate any more.
    await alice.ok("POST", "/files/trash", { items: [{ fileID: c.id, collectionID: album.id }] });
    await alice.ok("POST", "/trash/delete", { fileIDs: [c.id] });

    const { duplicates } = await alice.ok<Duplicates>("GET", "/files/duplicates");
    expect(duplicates).toEqual([
      { fileIDs: [a.id, b.id], size: a.file.size },
      { fileIDs: [d.id, e.id], size: d.file.size },
    ]);
    expect(await bob.ok<Duplicates>("GET", "/files/duplicates")).toEqual({ duplicates: [] });
  });

  it("refuses callers without a session", async () => {
    const answer = await server.request({ method: "GET", url: "/files/duplicates" });
    expect(answer.statusCode).toBe(401);
  });
});
