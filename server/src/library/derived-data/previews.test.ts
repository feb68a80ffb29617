import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  RemoteFileDataJSON,
  RemoteFileDataStatus,
} from "../../../../shared/api/endpoints/file-data";
import { headerNames } from "../../../../shared/api/headers";
import { toB64 } from "../../../../shared/crypto/base64";
import { deleteTestAccount, type TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testBlobStoreBackends } from "../../../test-support/blob-stores";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";
import { completionXML, putBytes, trashTestFiles } from "../../../test-support/library-files";
import {
  addTestVideoPreview,
  previewUploadURL,
  uploadTestPreviewObject,
  videoDataBody,
  type TestPreviewUploadURL,
} from "../../../test-support/preview-client";
import { previewObjectKey } from "./preview-objects";

// Video previews (wire-contract §8): upload URLs for the file's owner, the
// registration with its playlist, the status diff, the playlist fetch and
// the preview's URL, replacement, and the objects' end with the file, the
// account or an abandoned upload. On every database and both blob stores.

const dayMs = 24 * 60 * 60 * 1000;

const backends = testDatabaseBackends().flatMap((database) =>
  testBlobStoreBackends().map((blobs) => ({
    database,
    blobs,
    name: `${database.name} + ${blobs.name}`,
  })),
);

/** The bytes at a presigned URL, or its status when it answers none. */
const download = async (url: string): Promise<Uint8Array | number> => {
  const answer = await fetch(url);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return answer.ok ? bytes : answer.status;
};

describe.each(backends)("video previews on $name", ({ database, blobs }) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  let sharedAlbumID: number;

  beforeAll(async () => {
    server = await startTestAccountsServer(database, { blobStore: blobs });
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    sharedAlbumID = (await createTestCollection(server, alice)).id;
    await shareTestCollection(server, alice, bob, sharedAlbumID);
  });
  afterAll(async () => {
    await server.close();
  });

  const runJob = async (name: string) => {
    const job = server.library.jobs.find((candidate) => candidate.name === name);
    if (job === undefined) throw new Error(`No job ${name}`);
    await job.run(new AbortController().signal);
  };
  const register = (user: TestAccountClient, body: Record<string, unknown>) =>
    user.call("PUT", "/files/video-data", body);
  const statusOf = async (user: TestAccountClient, fileID: number) =>
    (
      (
        await user.ok<{ diff: RemoteFileDataStatus[] | null }>("POST", "/files/data/status-diff", {
          lastUpdatedAt: 0,
        })
      ).diff ?? []
    ).filter((row) => row.fileID === fileID);
  const playlistOf = (user: TestAccountClient, fileID: number) =>
    user.call("GET", `/files/data/fetch?fileID=${String(fileID)}&type=vid_preview`);
  const previewURLOf = (user: TestAccountClient, fileID: number, type = "vid_preview") =>
    user.call("GET", `/files/data/preview?fileID=${String(fileID)}&type=${type}`);
  const urlOf = async (user: TestAccountClient, fileID: number) => {
    const answer = await previewURLOf(user, fileID);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ url: string }>().url;
  };
  const newFile = async () => (await uploadTestFile(server, alice, sharedAlbumID)).id;

  it("mints upload URLs for the file's owner only: 403 to others, 404 for a file in no album", async () => {
    const fileID = await newFile();
    const single = await previewUploadURL(alice, fileID);
    expect(single.statusCode, single.body).toBe(200);
    const minted = single.json<TestPreviewUploadURL>();
    expect(minted.objectID).toMatch(/^pv_[0-9A-Za-z]{22}$/);
    expect(minted.url).toEqual(expect.any(String));
    expect(minted.partURLs).toBeUndefined();

    const multipart = await previewUploadURL(alice, fileID, "&isMultiPart=true&count=3");
    expect(multipart.statusCode, multipart.body).toBe(200);
    const parts = multipart.json<TestPreviewUploadURL>();
    expect(parts.objectID).not.toBe(minted.objectID);
    expect(parts.partURLs).toHaveLength(3);
    expect(parts.completeURL).toEqual(expect.any(String));
    expect(parts.url).toBeUndefined();

    // A sharee sees the file and a stranger does not: both are refused alike,
    // as is a file that does not exist.
    const nowhere = await previewUploadURL(carol, fileID + 1_000_000);
    for (const user of [bob, carol]) {
      const refused = await previewUploadURL(user, fileID);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "PERMISSION_DENIED" });
      expect(refused.body).toBe(nowhere.body);
    }

    const trashed = await uploadTestFile(server, alice, sharedAlbumID);
    await trashTestFiles(alice, [trashed]);
    const inTrash = await previewUploadURL(alice, trashed.id);
    expect(inTrash.statusCode).toBe(404);
    expect(inTrash.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses malformed requests with 400 naming the problem, and a playlist over 1 MiB with 413", async () => {
    const fileID = await newFile();
    for (const [query, problem] of [
      [`fileID=${String(fileID)}&type=img_preview`, "type"],
      [`fileID=${String(fileID)}&type=mldata`, "type"],
      [`fileID=${String(fileID)}`, "type"],
      [`fileID=photo&type=vid_preview`, "fileID"],
      [`fileID=${String(fileID)}&type=vid_preview&isMultiPart=true`, "part count"],
      [`fileID=${String(fileID)}&type=vid_preview&isMultiPart=true&count=0`, "count"],
      [`fileID=${String(fileID)}&type=vid_preview&isMultiPart=true&count=10001`, "count"],
      [`fileID=${String(fileID)}&type=vid_preview&isMultiPart=maybe`, "isMultiPart"],
    ] as const) {
      const answer = await alice.call("GET", `/files/data/preview-upload-url?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json<{ message: string }>().message, query).toContain(problem);
    }

    const objectID = await uploadTestPreviewObject(alice, fileID, new Uint8Array(100));
    const valid = videoDataBody(fileID, objectID, 100);
    for (const [change, problem] of [
      [{ objectID: "../../../1/x" }, "objectID"],
      [{ objectID: "pi_0123456789abcdefABCDEF" }, "objectID"],
      [{ objectSize: 0 }, "objectSize"],
      [{ playlist: undefined }, "playlist"],
      [{ playlist: "not base64!" }, "playlist"],
      [{ playlistHeader: toB64(new Uint8Array(23)) }, "playlistHeader"],
      [{ fileID: -1 }, "fileID"],
    ] as const) {
      const answer = await register(alice, { ...valid, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(problem);
    }
    const oversized = await register(alice, {
      ...valid,
      playlist: toB64(new Uint8Array(1024 * 1024 + 1)),
    });
    expect(oversized.statusCode).toBe(413);
    const badType = await previewURLOf(alice, fileID, "thumbnail");
    expect(badType.statusCode).toBe(400);
    expect(await statusOf(alice, fileID)).toEqual([]);
  });

  it("registers an uploaded preview of the right size, then lists, fetches and serves it", async () => {
    const fileID = await newFile();
    const bytes = new Uint8Array(randomBytes(3000));
    const objectID = await uploadTestPreviewObject(alice, fileID, bytes);

    const wrongSize = await register(alice, videoDataBody(fileID, objectID, bytes.length + 1));
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json()).toMatchObject({ code: "BAD_REQUEST" });
    expect(wrongSize.json<{ message: string }>().message).toContain(String(bytes.length));
    expect(await statusOf(alice, fileID)).toEqual([]);
    expect((await previewURLOf(alice, fileID)).statusCode).toBe(404);

    // Only the owner registers, and only an object minted for the file.
    expect((await register(bob, videoDataBody(fileID, objectID, bytes.length))).statusCode).toBe(
      403,
    );
    const otherFileID = await newFile();
    const elsewhere = await register(alice, videoDataBody(otherFileID, objectID, bytes.length));
    expect(elsewhere.statusCode).toBe(400);

    const registered = await register(alice, videoDataBody(fileID, objectID, bytes.length, 7));
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toEqual({});
    const [status] = await statusOf(alice, fileID);
    expect(status).toEqual({
      fileID,
      userID: alice.userID,
      type: "vid_preview",
      isDeleted: false,
      objectID,
      objectNonce: null,
      size: 300 + bytes.length,
      updatedAt: expect.any(Number) as number,
    });

    // The playlist, to the owner and the sharee; the stranger gets the 404 of no file.
    const expected: RemoteFileDataJSON = {
      fileID,
      type: "vid_preview",
      encryptedData: toB64(new Uint8Array(300).fill(7)),
      decryptionHeader: toB64(new Uint8Array(24).fill(7)),
      updatedAt: status?.updatedAt ?? 0,
    };
    for (const user of [alice, bob]) {
      expect((await playlistOf(user, fileID)).json()).toEqual({ data: expected });
      expect(
        await user.ok("POST", "/files/data/fetch", { fileIDs: [fileID], type: "vid_preview" }),
      ).toEqual({ data: [expected], pendingIndexFileIDs: [], errFileIDs: [] });
      // The object's bytes; the apps read the object ID off the URL's last segment.
      const url = await urlOf(user, fileID);
      expect(new URL(url).pathname.split("/").at(-1)).toBe(objectID);
      expect(await download(url)).toEqual(bytes);
    }
    expect((await playlistOf(carol, fileID)).statusCode).toBe(404);
    expect((await previewURLOf(carol, fileID)).statusCode).toBe(404);
    // No image preview is ever stored.
    expect((await previewURLOf(alice, fileID, "img_preview")).statusCode).toBe(404);

    // The same registration again (a retry) changes nothing.
    const again = await register(alice, videoDataBody(fileID, objectID, bytes.length, 7));
    expect(again.statusCode, again.body).toBe(200);
    expect(await statusOf(alice, fileID)).toEqual([status]);
  });

  it("replaces an earlier preview, whose object is then deleted", async () => {
    const fileID = await newFile();
    const first = await addTestVideoPreview(alice, fileID, { fill: 1 });
    const firstURL = await urlOf(alice, fileID);
    const [firstStatus] = await statusOf(alice, fileID);
    const second = await addTestVideoPreview(alice, fileID, {
      bytes: new Uint8Array(randomBytes(5000)),
      fill: 2,
    });

    const [status] = await statusOf(alice, fileID);
    expect(status).toMatchObject({ objectID: second.objectID, size: 300 + 5000 });
    expect(status?.updatedAt).toBeGreaterThan(firstStatus?.updatedAt ?? Infinity);
    expect((await playlistOf(alice, fileID)).json()).toMatchObject({
      data: { encryptedData: toB64(new Uint8Array(300).fill(2)) },
    });
    expect(await download(await urlOf(alice, fileID))).toEqual(second.bytes);
    // The replaced registration is no longer a retry.
    expect(
      (await register(alice, videoDataBody(fileID, first.objectID, first.bytes.length))).statusCode,
    ).toBe(400);

    await runJob("library-object-deletions");
    expect(await download(firstURL)).toBe(404);
    expect(await download(await urlOf(alice, fileID))).toEqual(second.bytes);
  });

  it("takes a preview uploaded in parts", async () => {
    const fileID = await newFile();
    const bytes = new Uint8Array(randomBytes(4096));
    const minted = await previewUploadURL(alice, fileID, "&isMultiPart=true&count=1");
    const { objectID, partURLs, completeURL } = minted.json<TestPreviewUploadURL>();
    const part = await putBytes(partURLs?.[0] ?? "", bytes);
    expect(part.status).toBe(200);
    const completed = await fetch(completeURL ?? "", {
      method: "POST",
      headers: { "content-type": "text/xml" },
      body: completionXML([part.etag]),
    });
    expect(completed.status).toBe(200);
    await alice.ok("PUT", "/files/video-data", videoDataBody(fileID, objectID, bytes.length));
    expect(await download(await urlOf(bob, fileID))).toEqual(bytes);
  });

  it("deletes a file's preview with the file deleted for good", async () => {
    const fileID = await newFile();
    await addTestVideoPreview(alice, fileID);
    const url = await urlOf(alice, fileID);

    await trashTestFiles(alice, [{ id: fileID, collectionID: sharedAlbumID }]);
    // Trashed, the preview stays (a restore brings it back) but no new one is taken.
    expect(await statusOf(alice, fileID)).toMatchObject([{ isDeleted: false }]);
    expect((await previewUploadURL(alice, fileID)).statusCode).toBe(404);
    await alice.ok("POST", "/trash/delete", { fileIDs: [fileID] });

    expect(await statusOf(alice, fileID)).toEqual([
      {
        fileID,
        userID: alice.userID,
        type: "vid_preview",
        isDeleted: true,
        objectID: null,
        objectNonce: null,
        size: 0,
        updatedAt: expect.any(Number) as number,
      },
    ]);
    expect((await previewURLOf(alice, fileID)).statusCode).toBe(404);
    expect((await playlistOf(alice, fileID)).statusCode).toBe(404);
    await runJob("library-object-deletions");
    expect(await download(url)).toBe(404);
  });

  it("deletes an upload that is never registered once its record expires", async () => {
    const fileID = await newFile();
    const objectID = await uploadTestPreviewObject(alice, fileID, new Uint8Array(64));
    const registered = await addTestVideoPreview(alice, fileID);
    const keyOf = (id: string) =>
      previewObjectKey({ ownerID: alice.userID, fileID, type: "vid_preview", objectID: id });
    const { blobStore } = server.libraryContext;
    expect(await blobStore.sizeBytes(keyOf(objectID))).toBe(64);
    // A record left behind for the registered preview (restored from a backup, say).
    await server.database.db
      .insertInto("temp_objects")
      .values({
        object_key: keyOf(registered.objectID),
        user_id: alice.userID,
        is_multipart: 0,
        expiration_time_us: server.context.nowUs(),
      })
      .execute();

    server.clock.advanceMs(15 * dayMs);
    await runJob("library-upload-expiry");
    expect(await blobStore.sizeBytes(keyOf(objectID))).toBeUndefined();
    expect(await blobStore.sizeBytes(keyOf(registered.objectID))).toBe(registered.bytes.length);
    expect(
      await server.database.db
        .selectFrom("temp_objects")
        .select("object_key")
        .where("object_key", "in", [keyOf(objectID), keyOf(registered.objectID)])
        .execute(),
    ).toEqual([]);
    expect(await download(await urlOf(alice, fileID))).toEqual(registered.bytes);
    // Too late to register the abandoned one.
    expect((await register(alice, videoDataBody(fileID, objectID, 64))).statusCode).toBe(400);
  });

  it("serves a link's visitor the preview of a file of the link's album only", async () => {
    const fileID = await newFile();
    const { bytes } = await addTestVideoPreview(alice, fileID, { fill: 4 });
    const outsideAlbumID = (await createTestCollection(server, alice)).id;
    const outside = await uploadTestFile(server, alice, outsideAlbumID);
    await addTestVideoPreview(alice, outside.id);
    const { result } = await alice.ok<{ result: { url: string } }>(
      "POST",
      "/collections/share-url",
      { collectionID: sharedAlbumID },
    );
    const accessToken = new URL(result.url).searchParams.get("t") ?? "";
    const visit = (url: string) =>
      server.request({
        method: "GET",
        url,
        headers: {
          [headerNames.clientPackage]: "io.ente.albums.web",
          [headerNames.accessToken]: accessToken,
        },
      });

    const playlist = await visit(
      `/public-collection/files/data/fetch?fileID=${String(fileID)}&type=vid_preview`,
    );
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.json()).toMatchObject({
      data: { fileID, type: "vid_preview", encryptedData: toB64(new Uint8Array(300).fill(4)) },
    });
    const preview = await visit(
      `/public-collection/files/data/preview?fileID=${String(fileID)}&type=vid_preview`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(await download(preview.json<{ url: string }>().url)).toEqual(bytes);

    for (const url of [
      `/public-collection/files/data/fetch?fileID=${String(outside.id)}&type=vid_preview`,
      `/public-collection/files/data/preview?fileID=${String(outside.id)}&type=vid_preview`,
    ]) {
      expect((await visit(url)).statusCode, url).toBe(403);
    }
    const mldata = await visit(
      `/public-collection/files/data/fetch?fileID=${String(fileID)}&type=mldata`,
    );
    expect(mldata.statusCode).toBe(400);
    await alice.ok("DELETE", `/collections/share-url/${String(sharedAlbumID)}`);
  });

  it("deletes an account's previews, rows and objects, with the account", async () => {
    const dana = await signUpTestUser(server, "dana@example.org");
    const albumID = (await createTestCollection(server, dana)).id;
    const file = await uploadTestFile(server, dana, albumID);
    const { objectID } = await addTestVideoPreview(dana, file.id);
    const key = previewObjectKey({
      ownerID: dana.userID,
      fileID: file.id,
      type: "vid_preview",
      objectID,
    });
    expect(await server.libraryContext.blobStore.sizeBytes(key)).toBeGreaterThan(0);

    await deleteTestAccount(dana);
    expect(await server.libraryContext.blobStore.sizeBytes(key)).toBeUndefined();
    expect(
      await server.database.db
        .selectFrom("file_data")
        .select("file_id")
        .where("file_id", "=", file.id)
        .execute(),
    ).toEqual([]);
  });
});
