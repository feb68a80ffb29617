import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fileDataLimits,
  type RemoteFileDataJSON,
  type RemoteFileDataStatus,
} from "../../../../shared/api/endpoints/file-data";
import { toB64 } from "../../../../shared/crypto/base64";
import { deleteTestAccount, type TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  createTestCollection,
  insertTestFiles,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";
import { trashTestFiles } from "../../../test-support/library-files";

// The file-data calls of wire-contract §8 (`PUT /files/data`, the two
// fetches, `POST /files/data/status-diff`), on every database. Video
// previews are in previews.test.ts.

const b64 = (bytes: number, fill: number) => toB64(new Uint8Array(bytes).fill(fill));

const dataBody = (fileID: number, fill: number, extra: Record<string, unknown> = {}) => ({
  fileID,
  type: "mldata",
  encryptedData: b64(300, fill),
  decryptionHeader: b64(24, fill),
  ...extra,
});

interface FetchAnswer {
  data: RemoteFileDataJSON[] | null;
  pendingIndexFileIDs: number[] | null;
  errFileIDs: number[] | null;
}

const statusDiff = async (user: TestAccountClient, lastUpdatedAt: number) =>
  (
    await user.ok<{ diff: RemoteFileDataStatus[] | null }>("POST", "/files/data/status-diff", {
      lastUpdatedAt,
    })
  ).diff ?? [];

/** The whole status diff as the web client pulls it: until an answer is empty. */
const pullStatus = async (user: TestAccountClient, since = 0) => {
  const items: RemoteFileDataStatus[] = [];
  const pageSizes: number[] = [];
  let last = since;
  for (;;) {
    const page = await statusDiff(user, last);
    if (page.length === 0) return { items, pageSizes, last };
    pageSizes.push(page.length);
    items.push(...page);
    last = Math.max(last, ...page.map((item) => item.updatedAt));
  }
};

describe.each(testDatabaseBackends())("file data on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  let sharedAlbumID: number;
  let privateAlbumID: number;

  beforeAll(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    sharedAlbumID = (await createTestCollection(server, alice)).id;
    privateAlbumID = (await createTestCollection(server, alice)).id;
    await shareTestCollection(server, alice, bob, sharedAlbumID);
  });
  afterAll(async () => {
    await server.close();
  });

  const put = (user: TestAccountClient, body: unknown) => user.call("PUT", "/files/data", body);
  const fetchOne = async (user: TestAccountClient, fileID: number, extra = "") =>
    user.call("GET", `/files/data/fetch?fileID=${String(fileID)}&type=mldata${extra}`);
  const fetchMany = (user: TestAccountClient, fileIDs: number[], type = "mldata") =>
    user.ok<FetchAnswer>("POST", "/files/data/fetch", { fileIDs, type });

  it("writes over the version the client read, and refuses a stale one with 409 INVALID_VERSION", async () => {
    const file = await uploadTestFile(server, alice, privateAlbumID);
    // Nothing stored: only 0 matches.
    const early = await put(alice, dataBody(file.id, 1, { lastUpdatedAt: 5 }));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "INVALID_VERSION" });
    const first = await put(alice, dataBody(file.id, 1, { lastUpdatedAt: 0 }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({});

    const stored = (await fetchOne(alice, file.id)).json<{ data: RemoteFileDataJSON }>().data;
    expect(stored).toEqual({
      fileID: file.id,
      type: "mldata",
      encryptedData: b64(300, 1),
      decryptionHeader: b64(24, 1),
      updatedAt: expect.any(Number) as number,
    });

    for (const stale of [0, stored.updatedAt - 1, stored.updatedAt + 1]) {
      const refused = await put(alice, dataBody(file.id, 2, { lastUpdatedAt: stale }));
      expect(refused.statusCode, String(stale)).toBe(409);
      expect(refused.json()).toMatchObject({ code: "INVALID_VERSION" });
    }
    const over = await put(alice, dataBody(file.id, 3, { lastUpdatedAt: stored.updatedAt }));
    expect(over.statusCode).toBe(200);
    const second = (await fetchOne(alice, file.id)).json<{ data: RemoteFileDataJSON }>().data;
    expect(second.encryptedData).toBe(b64(300, 3));
    expect(second.updatedAt).toBeGreaterThan(stored.updatedAt);
    // The version just replaced is stale now; no lastUpdatedAt writes regardless.
    expect(
      (await put(alice, dataBody(file.id, 4, { lastUpdatedAt: stored.updatedAt }))).statusCode,
    ).toBe(409);
    expect((await put(alice, dataBody(file.id, 5, { version: 1 }))).statusCode).toBe(200);
    const third = (await fetchOne(alice, file.id)).json<{ data: RemoteFileDataJSON }>().data;
    expect(third.encryptedData).toBe(b64(300, 5));
  });

  it("refuses other types, malformed values with 400 and data over 1 MiB with 413", async () => {
    const file = await uploadTestFile(server, alice, privateAlbumID);
    for (const body of [
      dataBody(file.id, 1, { type: "vid_preview" }),
      dataBody(file.id, 1, { type: "img_preview" }),
      dataBody(file.id, 1, { encryptedData: b64(16, 1) }),
      dataBody(file.id, 1, { encryptedData: "not base64!" }),
      dataBody(file.id, 1, { decryptionHeader: b64(23, 1) }),
      dataBody(file.id, 1, { lastUpdatedAt: -1 }),
    ]) {
      const answer = await put(alice, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.json()).toMatchObject({ code: "BAD_REQUEST" });
    }
    const tooLarge = await put(
      alice,
      dataBody(file.id, 1, { encryptedData: b64(fileDataLimits.maxEncryptedDataBytes + 1, 1) }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: "REQUEST_TOO_LARGE" });
    expect((await fetchOne(alice, file.id)).statusCode).toBe(404);

    const largest = await put(
      alice,
      dataBody(file.id, 1, { encryptedData: b64(fileDataLimits.maxEncryptedDataBytes, 1) }),
    );
    expect(largest.statusCode).toBe(200);
    const { items } = await pullStatus(alice);
    expect(items.find((item) => item.fileID === file.id)?.size).toBe(
      fileDataLimits.maxEncryptedDataBytes,
    );
  });

  it("lets a sharee write a shared file's data, kept under the owner, and refuses strangers with 404", async () => {
    const shared = await uploadTestFile(server, alice, sharedAlbumID);
    const hidden = await uploadTestFile(server, alice, privateAlbumID);
    const since = (await pullStatus(alice)).last;

    expect((await put(bob, dataBody(shared.id, 6, { lastUpdatedAt: 0 }))).statusCode).toBe(200);
    const status = (await pullStatus(alice, since)).items;
    expect(status).toEqual([
      {
        fileID: shared.id,
        userID: alice.userID,
        type: "mldata",
        isDeleted: false,
        objectID: null,
        objectNonce: null,
        size: 300,
        updatedAt: expect.any(Number) as number,
      },
    ]);
    // The status diff is the owner's: the sharee who wrote it has no rows.
    expect((await pullStatus(bob)).items).toEqual([]);
    expect((await fetchOne(bob, shared.id)).json()).toMatchObject({
      data: { fileID: shared.id, encryptedData: b64(300, 6) },
    });

    await alice.ok("PUT", "/files/data", dataBody(hidden.id, 7));
    for (const user of [bob, carol]) {
      const refused = await put(user, dataBody(hidden.id, 8));
      const missing = await put(user, dataBody(hidden.id + 1_000_000, 8));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: "NOT_FOUND" });
      expect(refused.body).toBe(missing.body);
      const read = await fetchOne(user, hidden.id, "&preferNoContent=true");
      expect(read.statusCode).toBe(404);
    }
    expect((await fetchOne(alice, hidden.id)).json()).toMatchObject({
      data: { encryptedData: b64(300, 7) },
    });
  });

  it("answers one file's missing data with 404, or 204 when the caller prefers no content", async () => {
    const file = await uploadTestFile(server, alice, sharedAlbumID);
    const missing = await fetchOne(alice, file.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND" });
    for (const user of [alice, bob]) {
      const empty = await fetchOne(user, file.id, "&preferNoContent=true");
      expect(empty.statusCode).toBe(204);
      expect(empty.body).toBe("");
    }
    expect((await fetchOne(alice, file.id, "&preferNoContent=false")).statusCode).toBe(404);
    const video = await alice.call(
      "GET",
      `/files/data/fetch?fileID=${String(file.id)}&type=vid_preview&preferNoContent=true`,
    );
    expect(video.statusCode).toBe(204);
  });

  it("fetches many files' data: stored, to be indexed, and not the caller's", async () => {
    const withData = await uploadTestFile(server, alice, sharedAlbumID);
    const withoutData = await uploadTestFile(server, alice, sharedAlbumID);
    const hidden = await uploadTestFile(server, alice, privateAlbumID);
    const bobsOwn = await uploadTestFile(server, bob, (await createTestCollection(server, bob)).id);
    await alice.ok("PUT", "/files/data", dataBody(withData.id, 9));
    await alice.ok("PUT", "/files/data", dataBody(hidden.id, 9));
    await bob.ok("PUT", "/files/data", dataBody(bobsOwn.id, 10));
    const nowhere = hidden.id + 1_000_000;

    const asked = [bobsOwn.id, hidden.id, withData.id, nowhere, withoutData.id, withData.id];
    const answer = await fetchMany(bob, asked);
    expect(answer.data?.map((row) => [row.fileID, row.encryptedData])).toEqual([
      [bobsOwn.id, b64(300, 10)],
      [withData.id, b64(300, 9)],
    ]);
    expect(answer.pendingIndexFileIDs).toEqual([withoutData.id]);
    expect(answer.errFileIDs).toEqual([hidden.id, nowhere]);

    // No video preview is registered: every visible file is pending.
    const videos = await fetchMany(bob, [withData.id, hidden.id], "vid_preview");
    expect(videos).toEqual({
      data: [],
      pendingIndexFileIDs: [withData.id],
      errFileIDs: [hidden.id],
    });

    const tooMany = await bob.call("POST", "/files/data/fetch", {
      fileIDs: Array.from({ length: fileDataLimits.fetchBatch + 1 }, (_, i) => i + 1),
      type: "mldata",
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: "BATCH_TOO_LARGE" });
    const ids = Array.from({ length: fileDataLimits.fetchBatch }, (_, i) => nowhere + i);
    expect((await fetchMany(bob, ids)).errFileIDs).toHaveLength(fileDataLimits.fetchBatch);
    const wrongType = await bob.call("POST", "/files/data/fetch", {
      fileIDs: [withData.id],
      type: "thumbnail",
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it("lists the owner's changes in order and turns a deleted file's data into a tombstone", async () => {
    const dana = await signUpTestUser(server, "dana@example.org");
    const albumID = (await createTestCollection(server, dana)).id;
    const kept = await uploadTestFile(server, dana, albumID);
    const doomed = await uploadTestFile(server, dana, albumID);
    const bare = await uploadTestFile(server, dana, albumID);
    expect(await statusDiff(dana, 0)).toEqual([]);
    await dana.ok("PUT", "/files/data", dataBody(doomed.id, 1));
    await dana.ok("PUT", "/files/data", dataBody(kept.id, 2));
    const before = await pullStatus(dana);
    expect(before.items.map((item) => [item.fileID, item.isDeleted])).toEqual([
      [doomed.id, false],
      [kept.id, false],
    ]);
    expect(before.items[1]?.updatedAt).toBeGreaterThan(before.items[0]?.updatedAt ?? Infinity);
    // Only what changed after a version.
    expect((await statusDiff(dana, before.items[0]?.updatedAt ?? 0)).map((i) => i.fileID)).toEqual([
      kept.id,
    ]);

    await trashTestFiles(dana, [doomed, bare]);
    // Trashing alone changes nothing.
    expect(await statusDiff(dana, before.last)).toEqual([]);
    await dana.ok("POST", "/trash/delete", { fileIDs: [doomed.id, bare.id] });
    const after = await statusDiff(dana, before.last);
    expect(after).toEqual([
      {
        fileID: doomed.id,
        userID: dana.userID,
        type: "mldata",
        isDeleted: true,
        objectID: null,
        objectNonce: null,
        size: 0,
        updatedAt: expect.any(Number) as number,
      },
    ]);
    expect(after[0]?.updatedAt).toBeGreaterThan(before.last);
    const row = await server.database.db
      .selectFrom("file_data")
      .select(["encrypted_data", "decryption_header"])
      .where("file_id", "=", doomed.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ encrypted_data: "", decryption_header: "" });

    // The data is gone for everyone, and a late write is refused.
    expect(await fetchMany(dana, [doomed.id, kept.id])).toMatchObject({
      data: [{ fileID: kept.id }],
      pendingIndexFileIDs: [],
      errFileIDs: [doomed.id],
    });
    expect((await fetchOne(dana, doomed.id, "&preferNoContent=true")).statusCode).toBe(404);
    expect((await put(dana, dataBody(doomed.id, 3, { lastUpdatedAt: 0 }))).statusCode).toBe(404);
  });

  it("never ends a status answer inside a version", async () => {
    const erin = await signUpTestUser(server, "erin@example.org");
    const albumID = (await createTestCollection(server, erin)).id;
    const { statusDiffRows } = fileDataLimits;
    const fileIDs = await insertTestFiles(server.libraryContext, {
      ownerID: erin.userID,
      collectionID: albumID,
      count: statusDiffRows + 3,
    });
    // Rows 0..4998 each at a version of their own, the last four at one.
    const base = server.libraryContext.nowUs();
    const versionOf = (i: number) => base + Math.min(i, statusDiffRows - 1) + 1;
    for (let start = 0; start < fileIDs.length; start += 500) {
      await server.database.db
        .insertInto("file_data")
        .values(
          fileIDs.slice(start, start + 500).map((fileID, j) => ({
            file_id: fileID,
            data_type: "mldata",
            user_id: erin.userID,
            encrypted_data: b64(20, 1),
            decryption_header: b64(24, 1),
            size: 20,
            is_deleted: 0,
            created_at_us: base,
            updated_at_us: versionOf(start + j),
          })),
        )
        .execute();
    }
    const { items, pageSizes } = await pullStatus(erin);
    expect(pageSizes).toEqual([statusDiffRows - 1, 4]);
    expect(items.map((item) => item.fileID)).toEqual(fileIDs);
  });

  it("deletes an account's file data and embeddings with the account", async () => {
    const frank = await signUpTestUser(server, "frank@example.org");
    const file = await uploadTestFile(
      server,
      frank,
      (await createTestCollection(server, frank)).id,
    );
    await frank.ok("PUT", "/files/data", dataBody(file.id, 1));
    await frank.ok("PUT", "/embeddings", {
      fileID: file.id,
      model: "onnx-clip",
      encryptedEmbedding: b64(2065, 1),
      decryptionHeader: b64(24, 1),
    });
    await deleteTestAccount(frank);
    const { db } = server.database;
    expect(
      await db
        .selectFrom("file_data")
        .select("file_id")
        .where("user_id", "=", frank.userID)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom("embeddings")
        .select("file_id")
        .where("owner_id", "=", frank.userID)
        .execute(),
    ).toEqual([]);
  });
});
