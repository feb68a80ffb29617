import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type RemoteFileJSON,
  libraryLimits,
} from "../../../../shared/api/endpoints/library-schemas";
import {
  type BatchedThumbnail,
  decodeThumbnailBatch,
} from "../../../../shared/api/thumbnail-batch";
import { fromB64 } from "../../../../shared/crypto/base64";
import { decryptBlob } from "../../../../shared/crypto/blob";
import { decryptStreamBytes } from "../../../../shared/crypto/stream";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testBlobStoreBackends } from "../../../test-support/blob-stores";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  unshareTestCollection,
  uploadTestObjects,
} from "../../../test-support/library-client";
import { trashTestFiles } from "../../../test-support/library-files";

// Downloads (wire-contract §5.4): a redirect to a signed URL of the
// ciphertext, for the owner and the participants of a shared collection
// holding the file; a 404 for everybody else. On every database and both
// blob stores.

const backends = testDatabaseBackends().flatMap((database) =>
  testBlobStoreBackends().map((blobs) => ({
    database,
    blobs,
    name: `${database.name} + ${blobs.name}`,
  })),
);

describe.each(backends)("downloads on $name", ({ database, blobs }) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;

  beforeAll(async () => {
    server = await startTestAccountsServer(database, { blobStore: blobs });
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
  });
  afterAll(async () => {
    await server.close();
  });

  /** A download as the web app asks for it: the token in the query, no auth header. */
  const download = (user: TestAccountClient, kind: "download" | "preview", fileID: number) =>
    server.request({
      method: "GET",
      url: `/files/${kind}/${String(fileID)}?token=${encodeURIComponent(user.token)}`,
      headers: { "x-client-package": user.clientPackage },
    });

  const uploadPhoto = async (collectionID: number) => {
    const bytes = new Uint8Array(randomBytes(70_000));
    const thumbnailBytes = new Uint8Array(randomBytes(300));
    const { body, fileKey } = await uploadTestObjects(server, alice, collectionID, {
      bytes,
      thumbnailBytes,
    });
    const file = await alice.ok<RemoteFileJSON>("POST", "/files", body);
    return { file, fileKey, bytes, thumbnailBytes };
  };

  /** The thumbnail's ciphertext as the single-file preview's redirect serves it. */
  const ciphertextOf = async (fileID: number): Promise<Buffer> => {
    const preview = await download(alice, "preview", fileID);
    expect(preview.statusCode).toBe(307);
    return Buffer.from(await (await fetch(preview.headers.location as string)).arrayBuffer());
  };

  it("redirects the owner to signed URLs serving the file's and thumbnail's ciphertext", async () => {
    const album = await createTestCollection(server, alice);
    const { file, fileKey, bytes, thumbnailBytes } = await uploadPhoto(album.id);

    const original = await download(alice, "download", file.id);
    expect(original.statusCode).toBe(307);
    const fileURL = original.headers.location as string;
    expect(fileURL).not.toContain(alice.token);
    const fileAnswer = await fetch(fileURL);
    expect(fileAnswer.status).toBe(200);
    expect(fileAnswer.headers.get("content-type")).toBe("application/octet-stream");
    expect(fileAnswer.headers.get("content-disposition")).toBe("attachment");
    const ciphertext = new Uint8Array(await fileAnswer.arrayBuffer());
    expect(ciphertext.length).toBe(file.file.size);
    const plaintext = await decryptStreamBytes(
      { encryptedData: ciphertext, decryptionHeader: fromB64(file.file.decryptionHeader) },
      fileKey,
    );
    expect(Buffer.from(plaintext).equals(bytes)).toBe(true);

    const preview = await download(alice, "preview", file.id);
    expect(preview.statusCode).toBe(307);
    const thumbnail = new Uint8Array(
      await (await fetch(preview.headers.location as string)).arrayBuffer(),
    );
    const thumbnailPlaintext = await decryptBlob(
      { encryptedData: thumbnail, decryptionHeader: fromB64(file.thumbnail.decryptionHeader) },
      fileKey,
    );
    expect(Buffer.from(thumbnailPlaintext).equals(thumbnailBytes)).toBe(true);

    // The header works as well; no token at all does not.
    expect((await alice.call("GET", `/files/download/${String(file.id)}`)).statusCode).toBe(307);
    expect(
      (await alice.call("GET", `/files/download/${String(file.id)}`, undefined, "")).statusCode,
    ).toBe(401);
  });

  it("lets participants of a shared collection download, and nobody else", async () => {
    const album = await createTestCollection(server, alice);
    const { file } = await uploadPhoto(album.id);
    for (const kind of ["download", "preview"] as const) {
      expect((await download(bob, kind, file.id)).statusCode).toBe(404);
    }
    expect((await download(alice, "download", 99)).statusCode).toBe(404);

    await shareTestCollection(server, alice, bob, album.id);
    for (const kind of ["download", "preview"] as const) {
      expect((await download(bob, kind, file.id)).statusCode).toBe(307);
      expect((await download(carol, kind, file.id)).statusCode).toBe(404);
    }
    await unshareTestCollection(server, album.id, bob.userID);
    expect((await download(bob, "download", file.id)).statusCode).toBe(404);
  });

  /** `POST /files/previews` of `fileIDs`, read back into one entry per ID. */
  const previews = async (user: TestAccountClient, fileIDs: readonly number[]) => {
    const answer = await user.call("POST", "/files/previews", { fileIDs });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/octet-stream");
    return decodeThumbnailBatch(new Uint8Array(answer.rawPayload), fileIDs.length);
  };
  const bytesOf = (entry: BatchedThumbnail | undefined) =>
    entry?.kind === "bytes" ? Buffer.from(entry.bytes) : entry?.kind;

  it("answers many thumbnails in one request, in the order asked, each as its own preview does", async () => {
    const album = await createTestCollection(server, alice);
    const first = await uploadPhoto(album.id);
    const second = await uploadPhoto(album.id);
    const entries = await previews(alice, [second.file.id, 99, first.file.id, second.file.id]);
    expect(entries.map(bytesOf)).toEqual([
      await ciphertextOf(second.file.id),
      "missing",
      await ciphertextOf(first.file.id),
      await ciphertextOf(second.file.id),
    ]);
    const opened = await decryptBlob(
      {
        encryptedData: (entries[2] as { bytes: Uint8Array }).bytes,
        decryptionHeader: fromB64(first.file.thumbnail.decryptionHeader),
      },
      first.fileKey,
    );
    expect(Buffer.from(opened).equals(first.thumbnailBytes)).toBe(true);
    expect((await previews(alice, [])).length).toBe(0);
  });

  it("answers a batch's files as their previews: shared ones to participants, the rest as missing", async () => {
    const album = await createTestCollection(server, alice);
    const { file } = await uploadPhoto(album.id);
    expect((await previews(bob, [file.id])).map(bytesOf)).toEqual(["missing"]);
    await shareTestCollection(server, alice, bob, album.id);
    expect((await previews(bob, [file.id])).map(bytesOf)).toEqual([await ciphertextOf(file.id)]);
    expect((await previews(carol, [file.id])).map(bytesOf)).toEqual(["missing"]);
    await trashTestFiles(alice, [file]);
    expect((await previews(bob, [file.id])).map(bytesOf)).toEqual(["missing"]);
    expect((await previews(alice, [file.id])).map(bytesOf)).toEqual([await ciphertextOf(file.id)]);
    await alice.ok("POST", "/trash/delete", { fileIDs: [file.id] });
    expect((await previews(alice, [file.id])).map(bytesOf)).toEqual(["missing"]);
  });

  it("refuses a batch of more files than it carries with 413, and a malformed one with 400", async () => {
    const tooMany = Array.from({ length: libraryLimits.thumbnailBatchFiles + 1 }, (_, i) => i + 1);
    const refused = await alice.call("POST", "/files/previews", { fileIDs: tooMany });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
      413,
      "BATCH_TOO_LARGE",
    ]);
    const malformed = await alice.call("POST", "/files/previews", { fileIDs: ["1"] });
    expect(malformed.statusCode).toBe(400);
    expect((await alice.call("POST", "/files/previews", { fileIDs: [1] }, "")).statusCode).toBe(
      401,
    );
  });

  it("keeps a trashed file for its owner only, and a deleted one for nobody", async () => {
    const album = await createTestCollection(server, alice);
    const { file } = await uploadPhoto(album.id);
    await shareTestCollection(server, alice, bob, album.id);
    await trashTestFiles(alice, [file]);
    expect((await download(alice, "download", file.id)).statusCode).toBe(307);
    expect((await download(bob, "download", file.id)).statusCode).toBe(404);
    await alice.ok("POST", "/trash/delete", { fileIDs: [file.id] });
    for (const kind of ["download", "preview"] as const) {
      expect((await download(alice, kind, file.id)).statusCode).toBe(404);
    }
  });
});
