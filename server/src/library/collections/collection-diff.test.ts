import { randomBytes } from "node:crypto";
import { CompiledQuery } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  collectionKeyOf,
  collectionsBehindTheirFiles,
  createTestCollection,
  fileKeyOf,
  insertTestFiles,
  openTestMagicMetadata,
  pullTestCollectionDiff,
  shareTestCollection,
  signUpTestUser,
  unshareTestCollection,
  uploadTestFile,
} from "../../../test-support/library-client";
import { collectionDiffPageQuery } from "./collection-diff-repository";

// `GET /collections/v2/diff` (wire-contract §7).
// See: [Note: Diff pagination never splits a version]

const diffPage = 2500;

describe.each(testDatabaseBackends())("the collection diff on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let album: RemoteCollectionJSON;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    album = await createTestCollection(server, alice);
  });
  afterEach(async () => {
    expect(await collectionsBehindTheirFiles(server.libraryContext)).toEqual([]);
    await server.close();
  });

  const insert = (count: number, versionUs?: number | ((index: number) => number)) =>
    insertTestFiles(server.libraryContext, {
      ownerID: alice.userID,
      collectionID: album.id,
      count,
      versionUs,
    });

  /** Each ID once, in order of first appearance. */
  const expectEachOnce = (entries: RemoteFileJSON[], fileIDs: number[]) => {
    expect(entries.map((e) => e.id).sort((a, b) => a - b)).toEqual(
      [...fileIDs].sort((a, b) => a - b),
    );
  };

  it("moves a version of more than a page whole, in a page of its own", async () => {
    const baseUs = server.context.nowUs();
    const distinct = await insert(100, (i) => baseUs + i);
    const tied = await insert(2600, baseUs + 1000);
    const pulled = await pullTestCollectionDiff(alice, album.id);
    expect(pulled.pageSizes).toEqual([100, 2600, 0]);
    expectEachOnce(pulled.entries, [...distinct, ...tied]);
    expect(pulled.entries.slice(100).every((e) => e.updationTime === baseUs + 1000)).toBe(true);
    expect(pulled.sinceTime).toBe(baseUs + 1000);
  });

  it("ends a page before a version that would cross its end", async () => {
    const baseUs = server.context.nowUs();
    const distinct = await insert(2400, (i) => baseUs + i);
    const tied = await insert(200, baseUs + 5000);
    const pulled = await pullTestCollectionDiff(alice, album.id);
    expect(pulled.pageSizes).toEqual([2400, 200]);
    expectEachOnce(pulled.entries, [...distinct, ...tied]);
    const versions = pulled.entries.map((e) => e.updationTime);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it("answers deletions in the middle of a page as isDeleted, each file once", async () => {
    const baseUs = server.context.nowUs();
    const fileIDs = await insert(3000, (i) => baseUs + i);
    const firstPage = await alice.ok<{ diff: RemoteFileJSON[]; hasMore: boolean }>(
      "GET",
      `/collections/v2/diff?collectionID=${album.id}&sinceTime=0`,
    );
    expect(firstPage.diff).toHaveLength(diffPage);
    expect(firstPage.hasMore).toBe(true);
    const seenUpTo = Math.max(...firstPage.diff.map((e) => e.updationTime));

    // Files leave from the middle of the first page and from beyond it.
    const other = await createTestCollection(server, alice);
    const moved = [...fileIDs.slice(1000, 1050), ...fileIDs.slice(2700, 2750)];
    const standIn = () => ({
      encryptedKey: randomBytes(48).toString("base64"),
      keyDecryptionNonce: randomBytes(24).toString("base64"),
    });
    await alice.ok("POST", "/collections/move-files", {
      fromCollectionID: album.id,
      toCollectionID: other.id,
      files: moved.map((id) => ({ id, ...standIn() })),
    });

    // The client that read the first page continues and learns of them.
    const rest = await pullTestCollectionDiff(alice, album.id, seenUpTo);
    expectEachOnce(rest.entries, [...fileIDs.slice(diffPage), ...moved.slice(0, 50)]);
    const deleted = rest.entries.filter((e) => e.isDeleted).map((e) => e.id);
    expect(deleted.sort((a, b) => a - b)).toEqual([...moved].sort((a, b) => a - b));

    // A client starting afresh sees every file once: the moved ones as deletions.
    const fresh = await pullTestCollectionDiff(alice, album.id);
    expectEachOnce(fresh.entries, fileIDs);
    const freshDeleted = fresh.entries.filter((e) => e.isDeleted).map((e) => e.id);
    expect(freshDeleted.sort((a, b) => a - b)).toEqual([...moved].sort((a, b) => a - b));
    expect(fresh.pageSizes).toEqual([diffPage, 500]);
    const live = await pullTestCollectionDiff(alice, other.id);
    expectEachOnce(live.entries, moved);
  });

  it("shows a file's private metadata to its owner only, and no object keys", async () => {
    const bob = await signUpTestUser(server, "bob@example.org");
    await shareTestCollection(server, alice, bob, album.id, "COLLABORATOR");
    const aliceFile = await uploadTestFile(server, alice, album.id, {
      magicMetadata: { visibility: 1 },
      pubMagicMetadata: { caption: "by Alice" },
    });
    const bobs = await createTestCollection(server, bob);
    const bobFile = await uploadTestFile(server, bob, bobs.id, {
      magicMetadata: { visibility: 2 },
    });
    await bob.ok("POST", "/collections/add-files", {
      collectionID: album.id,
      files: [await collectionFileItem(server, bob, bobFile, album.id)],
    });

    const byID = async (user: TestAccountClient) =>
      new Map((await pullTestCollectionDiff(user, album.id)).entries.map((e) => [e.id, e]));
    const alices = await byID(alice);
    const bobsView = await byID(bob);
    const aliceKey = await fileKeyOf(server, alice, aliceFile);
    expect(await openTestMagicMetadata(alices.get(aliceFile.id)?.magicMetadata, aliceKey)).toEqual({
      visibility: 1,
    });
    expect(bobsView.get(aliceFile.id)).not.toHaveProperty("magicMetadata");
    expect(
      await openTestMagicMetadata(bobsView.get(aliceFile.id)?.pubMagicMetadata, aliceKey),
    ).toEqual({ caption: "by Alice" });
    expect(alices.get(bobFile.id)).not.toHaveProperty("magicMetadata");
    expect(bobsView.get(bobFile.id)?.magicMetadata).toMatchObject({ version: 1 });

    const entry = bobsView.get(aliceFile.id);
    expect(entry).toMatchObject({
      ownerID: alice.userID,
      collectionID: album.id,
      collectionOwnerID: alice.userID,
      isDeleted: false,
      file: { size: 0 },
      thumbnail: { size: 0 },
      info: { fileSize: aliceFile.info?.fileSize, thumbSize: aliceFile.info?.thumbSize },
    });
    expect(entry?.file).not.toHaveProperty("objectKey");
    // Bob opens the file key through the collection key sealed to him.
    expect(await collectionKeyOf(server, bob, album.id)).toEqual(
      await collectionKeyOf(server, alice, album.id),
    );
  });

  it("answers 404 alike to strangers, ended shares and missing collections", async () => {
    await uploadTestFile(server, alice, album.id);
    const bob = await signUpTestUser(server, "bob@example.org");
    const diff = (user: TestAccountClient, collectionID: number) =>
      user.call("GET", `/collections/v2/diff?collectionID=${collectionID}&sinceTime=0`);
    const stranger = await diff(bob, album.id);
    const missing = await diff(bob, album.id + 1000);
    expect([stranger.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(stranger.json()).toEqual(missing.json());
    await shareTestCollection(server, alice, bob, album.id);
    expect((await diff(bob, album.id)).statusCode).toBe(200);
    await unshareTestCollection(server, album.id, bob.userID);
    expect((await diff(bob, album.id)).statusCode).toBe(404);
    expect(
      (await bob.call("GET", "/collections/v2/diff?collectionID=x&sinceTime=0")).statusCode,
    ).toBe(400);
  });

  it.runIf(backend.name === "sqlite")(
    "reads a page through the (collection_id, updation_time_us) index",
    async () => {
      const compiled = collectionDiffPageQuery(
        server.libraryContext.db,
        album.id,
        alice.userID,
        0,
        diffPage + 1,
      ).compile();
      const plan = await server.libraryContext.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      const details = plan.rows.map((row) => row.detail);
      expect(details.some((d) => /collection_files_diff/.test(d))).toBe(true);
      expect(details.some((d) => /TEMP B-TREE/.test(d))).toBe(false);
      expect(details.some((d) => /SCAN/.test(d))).toBe(false);
    },
  );
});
