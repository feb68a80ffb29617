import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RemoteFileJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testBlobStoreBackends } from "../../../test-support/blob-stores";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  uploadTestObjects,
} from "../../../test-support/library-client";
import {
  completionXML,
  md5B64,
  md5Hex,
  putBytes,
  usageOf,
} from "../../../test-support/library-files";
import { microsecondsPerDay } from "../../time";

// Upload URLs and `POST /files` (wire-contract §5.1, §5.2) on every database
// and both blob stores, with real HTTP to the presigned URLs.

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const random = (length: number) => new Uint8Array(randomBytes(length));

const backends = testDatabaseBackends().flatMap((database) =>
  testBlobStoreBackends().map((blobs) => ({
    database,
    blobs,
    name: `${database.name} + ${blobs.name}`,
  })),
);

describe.each(backends)("uploads on $name", ({ database, blobs }) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let albumID: number;

  beforeAll(async () => {
    server = await startTestAccountsServer(database, { blobStore: blobs });
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    albumID = (await createTestCollection(server, alice)).id;
  });
  afterAll(async () => {
    await server.close();
  });

  const tempObjectKeys = async (userID: number) =>
    (
      await server.database.db
        .selectFrom("temp_objects")
        .select("object_key")
        .where("user_id", "=", userID)
        .execute()
    ).map((row) => row.object_key);

  it("registers objects uploaded to minted URLs, with their sizes, and counts their bytes", async () => {
    const usageBefore = await usageOf(server, alice.userID);
    const { body } = await uploadTestObjects(server, alice, albumID, { bytes: random(3000) });
    expect(await tempObjectKeys(alice.userID)).toEqual(
      expect.arrayContaining([body.file.objectKey, body.thumbnail.objectKey]),
    );
    const file = await alice.ok<RemoteFileJSON>("POST", "/files", body);
    expect(file).toMatchObject({
      ownerID: alice.userID,
      collectionID: albumID,
      collectionOwnerID: alice.userID,
      encryptedKey: body.encryptedKey,
      keyDecryptionNonce: body.keyDecryptionNonce,
      file: { objectKey: body.file.objectKey, size: body.file.size },
      thumbnail: { objectKey: body.thumbnail.objectKey, size: body.thumbnail.size },
      metadata: body.metadata,
      isDeleted: false,
      info: { fileSize: body.file.size, thumbSize: body.thumbnail.size },
    });
    expect(file.id).toBeGreaterThanOrEqual(10_000_000);
    expect(body.file.objectKey).toMatch(new RegExp(`^${String(alice.userID)}/[0-9a-f-]{36}$`));
    const registered = await tempObjectKeys(alice.userID);
    expect(registered).not.toContain(body.file.objectKey);
    expect(registered).not.toContain(body.thumbnail.objectKey);
    expect(await usageOf(server, alice.userID)).toBe(
      usageBefore + (body.file.size ?? 0) + (body.thumbnail.size ?? 0),
    );
    // The collection is never older than its new file.
    const { collection } = await alice.ok<{ collection: { updationTime: number } }>(
      "GET",
      `/collections/${String(albumID)}`,
    );
    expect(collection.updationTime).toBeGreaterThanOrEqual(file.updationTime);
  });

  it("answers the same file to a retried registration, and refuses other reuse of its keys", async () => {
    const { body } = await uploadTestObjects(server, alice, albumID);
    const first = await alice.ok<RemoteFileJSON>("POST", "/files", body);
    const usage = await usageOf(server, alice.userID);
    const again = await alice.ok<RemoteFileJSON>("POST", "/files", body);
    expect(again).toEqual(first);
    expect(await usageOf(server, alice.userID)).toBe(usage);

    const otherMetadata = {
      ...body,
      metadata: { ...body.metadata, decryptionHeader: body.file.decryptionHeader },
    };
    expect((await alice.call("POST", "/files", otherMetadata)).statusCode).toBe(400);
    const { body: fresh } = await uploadTestObjects(server, alice, albumID);
    const halfReused = { ...fresh, thumbnail: body.thumbnail };
    const answer = await alice.call("POST", "/files", halfReused);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("mints a single URL with the length and MD5 signed in (hex or base64)", async () => {
    const bytes = random(5000);
    for (const contentMD5 of [md5Hex(bytes), md5B64(bytes)]) {
      const { objectKey, url } = await alice.ok<{ objectKey: string; url: string }>(
        "POST",
        "/files/upload-url",
        { contentLength: bytes.length, contentMD5 },
      );
      expect(objectKey.startsWith(`${String(alice.userID)}/`)).toBe(true);
      expect(await tempObjectKeys(alice.userID)).toContain(objectKey);
      const otherBytes = random(bytes.length);
      expect(
        (await putBytes(url, otherBytes, { "Content-MD5": md5B64(otherBytes) })).status,
      ).not.toBe(200);
      expect((await putBytes(url, bytes, { "Content-MD5": md5B64(bytes) })).status).toBe(200);
    }
  });

  it("refuses single URLs of no bytes or over 10 GiB, and bad MD5s, with 400", async () => {
    for (const body of [
      { contentLength: 0, contentMD5: md5B64(random(1)) },
      { contentLength: 10 * GiB + 1, contentMD5: md5B64(random(1)) },
      { contentLength: 10, contentMD5: "not an md5" },
      { contentLength: 10, contentMD5: "abcd" },
    ]) {
      const answer = await alice.call("POST", "/files/upload-url", body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tenGiB = await alice.call("POST", "/files/upload-url", {
      contentLength: 10 * GiB,
      contentMD5: md5B64(random(1)),
    });
    expect(tenGiB.statusCode).toBe(200);
  });

  it("mints up to 50 plain URLs a call (a larger count gets 50), none for a count of 0", async () => {
    expect(await alice.ok("GET", "/files/upload-urls?count=0")).toEqual({ urls: [] });
    const { urls } = await alice.ok<{ urls: { objectKey: string; url: string }[] }>(
      "GET",
      "/files/upload-urls?count=50",
    );
    expect(urls).toHaveLength(50);
    expect(new Set(urls.map((u) => u.objectKey)).size).toBe(50);
    const asked100 = await alice.ok<{ urls: unknown[] }>("GET", "/files/upload-urls?count=100");
    expect(asked100.urls).toHaveLength(50);
    expect((await alice.call("GET", "/files/upload-urls?count=-1")).statusCode).toBe(400);
    expect((await alice.call("GET", "/files/upload-urls?count=many")).statusCode).toBe(400);
    const expiries = await server.database.db
      .selectFrom("temp_objects")
      .select(["object_key", "expiration_time_us", "is_multipart"])
      .where(
        "object_key",
        "in",
        urls.map((u) => u.objectKey),
      )
      .execute();
    expect(expiries).toHaveLength(50);
    for (const row of expiries) {
      expect(row.expiration_time_us).toBe(server.context.nowUs() + 14 * microsecondsPerDay);
      expect(row.is_multipart).toBe(0);
    }
  });

  it("uploads a file in parts through multipart v2 URLs and registers it", async () => {
    const parts = [random(5 * MiB), random(1234)];
    const whole = new Uint8Array(Buffer.concat(parts));
    const urls = await alice.ok<{ objectKey: string; partURLs: string[]; completeURL: string }>(
      "POST",
      "/files/multipart-upload-url",
      { contentLength: whole.length, partLength: 5 * MiB, partMd5s: parts.map(md5Hex) },
    );
    expect(urls.partURLs).toHaveLength(2);
    const etags: string[] = [];
    for (const [index, part] of parts.entries()) {
      const put = await putBytes(urls.partURLs[index] ?? "", part, { "Content-MD5": md5B64(part) });
      expect(put.status).toBe(200);
      etags.push(put.etag);
    }
    const completed = await fetch(urls.completeURL, {
      method: "POST",
      headers: { "Content-Type": "text/xml" },
      body: completionXML(etags),
    });
    expect(completed.status).toBe(200);

    const { body } = await uploadTestObjects(server, alice, albumID);
    const file = await alice.ok<RemoteFileJSON>("POST", "/files", {
      ...body,
      file: { ...body.file, objectKey: urls.objectKey, size: whole.length },
    });
    expect(file.file).toMatchObject({ objectKey: urls.objectKey, size: whole.length });
  });

  it("answers multipart URLs as one object, and refuses plans S3 would refuse", async () => {
    const { urls } = await alice.ok<{ urls: { objectKey: string; partURLs: string[] } }>(
      "GET",
      "/files/multipart-upload-urls?count=3",
    );
    expect(urls.partURLs).toHaveLength(3);
    expect(await tempObjectKeys(alice.userID)).toContain(urls.objectKey);
    expect((await alice.call("GET", "/files/multipart-upload-urls?count=0")).statusCode).toBe(400);
    const md5 = md5B64(random(1));
    for (const body of [
      { contentLength: 8 * MiB, partLength: 4 * MiB, partMd5s: [md5, md5] },
      { contentLength: 11 * MiB, partLength: 5 * MiB, partMd5s: [md5, md5] },
      { contentLength: 6 * GiB, partLength: 5 * GiB + 1, partMd5s: [md5, md5] },
    ]) {
      const answer = await alice.call("POST", "/files/multipart-upload-url", body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("answers 503 when an object was never uploaded", async () => {
    const { body } = await uploadTestObjects(server, alice, albumID);
    const { urls } = await alice.ok<{ urls: { objectKey: string }[] }>(
      "GET",
      "/files/upload-urls?count=1",
    );
    const answer = await alice.call("POST", "/files", {
      ...body,
      thumbnail: { ...body.thumbnail, objectKey: urls[0]?.objectKey, size: 0 },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: "OBJECT_SIZE_FETCH_FAILED" });
  });

  it("refuses sizes that differ from the objects', but takes 0 as unknown", async () => {
    const { body } = await uploadTestObjects(server, alice, albumID);
    const wrong = await alice.call("POST", "/files", {
      ...body,
      file: { ...body.file, size: (body.file.size ?? 0) + 1 },
    });
    expect(wrong.statusCode).toBe(400);
    const file = await alice.ok<RemoteFileJSON>("POST", "/files", {
      ...body,
      file: { ...body.file, size: 0 },
      thumbnail: { ...body.thumbnail, size: undefined },
    });
    expect(file.file.size).toBe(body.file.size);
    expect(file.thumbnail.size).toBe(body.thumbnail.size);
  });

  it("takes null for what a client has no value for: sizes and magic metadata", async () => {
    // See: [Note: A request's null is its absence]
    const { body } = await uploadTestObjects(server, alice, albumID);
    const file = await alice.ok<RemoteFileJSON>("POST", "/files", {
      ...body,
      file: { ...body.file, size: null },
      thumbnail: { ...body.thumbnail, size: null },
      magicMetadata: null,
      pubMagicMetadata: null,
    });
    expect(file.file.size).toBe(body.file.size);
    expect(file.thumbnail.size).toBe(body.thumbnail.size);
    expect(file).not.toHaveProperty("magicMetadata");
    expect(file).not.toHaveProperty("pubMagicMetadata");
  });

  it("refuses object keys of another user, and one key for both objects", async () => {
    const bobAlbum = await createTestCollection(server, bob);
    const { body: bobs } = await uploadTestObjects(server, bob, bobAlbum.id);
    const { body } = await uploadTestObjects(server, alice, albumID);
    for (const request of [
      { ...body, file: { ...body.file, objectKey: bobs.file.objectKey, size: 0 } },
      { ...body, thumbnail: { ...body.thumbnail, objectKey: body.file.objectKey, size: 0 } },
    ]) {
      const answer = await alice.call("POST", "/files", request);
      expect(answer.statusCode).toBe(400);
    }
  });

  it("registers only into live collections the caller owns: 404 for strangers, 403 for sharees", async () => {
    const bobAlbum = await createTestCollection(server, bob);
    const { body } = await uploadTestObjects(server, alice, albumID);
    const stranger = await alice.call("POST", "/files", { ...body, collectionID: bobAlbum.id });
    expect(stranger.statusCode).toBe(404);
    const missing = await alice.call("POST", "/files", { ...body, collectionID: 99 });
    expect(missing.statusCode).toBe(404);
    await shareTestCollection(server, bob, alice, bobAlbum.id, "COLLABORATOR");
    const sharee = await alice.call("POST", "/files", { ...body, collectionID: bobAlbum.id });
    expect(sharee.statusCode).toBe(403);

    const doomed = await createTestCollection(server, alice);
    await alice.ok(
      "DELETE",
      `/collections/v3/${String(doomed.id)}?collectionID=${String(doomed.id)}&keepFiles=false`,
    );
    const deleted = await alice.call("POST", "/files", { ...body, collectionID: doomed.id });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ code: "COLLECTION_DELETED" });
  });

  it("refuses a file object over 10 GiB with 413", async () => {
    const { body } = await uploadTestObjects(server, alice, albumID);
    const store = server.libraryContext.blobStore;
    const real = store.sizeBytes.bind(store);
    const spy = vi
      .spyOn(store, "sizeBytes")
      .mockImplementation((key) =>
        key === body.file.objectKey ? Promise.resolve(10 * GiB + 1) : real(key),
      );
    try {
      const answer = await alice.call("POST", "/files", {
        ...body,
        file: { ...body.file, size: 0 },
      });
      expect(answer.statusCode).toBe(413);
      expect(answer.json()).toMatchObject({ code: "FILE_TOO_LARGE" });
    } finally {
      spy.mockRestore();
    }
  });
});
