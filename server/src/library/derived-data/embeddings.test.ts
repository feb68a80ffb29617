import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  embeddingValueBytes,
  type RemoteEmbeddingJSON,
} from "../../../../shared/api/endpoints/embeddings";
import type { RemoteFileJSON } from "../../../../shared/api/endpoints/library-schemas";
import { fromB64, toB64 } from "../../../../shared/crypto/base64";
import { decryptBlob, encryptBlob } from "../../../../shared/crypto/blob";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  createTestCollection,
  fileKeyOf,
  insertTestFiles,
  shareTestCollection,
  signUpTestUser,
  unshareTestCollection,
  uploadTestFile,
} from "../../../test-support/library-client";
import { trashTestFiles } from "../../../test-support/library-files";

// `PUT /embeddings` and `GET /embeddings/diff` (wire-contract "Embeddings"),
// on every database.

const b64 = (bytes: number, fill: number) => toB64(new Uint8Array(bytes).fill(fill));

/** A well-formed body with recognisable (not decryptable) bytes. */
const embeddingBody = (fileID: number, fill: number) => ({
  fileID,
  model: "onnx-clip",
  encryptedEmbedding: b64(embeddingValueBytes.ciphertext, fill),
  decryptionHeader: b64(embeddingValueBytes.header, fill),
});

interface DiffAnswer {
  diff: RemoteEmbeddingJSON[] | null;
}

const diffPage = async (user: TestAccountClient, sinceTime: number, limit = 500) =>
  (
    await user.ok<DiffAnswer>(
      "GET",
      `/embeddings/diff?sinceTime=${String(sinceTime)}&limit=${String(limit)}&model=onnx-clip`,
    )
  ).diff ?? [];

/** The whole diff as the contract's client pulls it: again while a page has `limit` entries. */
const pullEmbeddings = async (user: TestAccountClient, sinceTime = 0, limit = 500) => {
  const items: RemoteEmbeddingJSON[] = [];
  const pageSizes: number[] = [];
  let since = sinceTime;
  for (;;) {
    const page = await diffPage(user, since, limit);
    pageSizes.push(page.length);
    items.push(...page);
    for (const item of page) since = Math.max(since, item.updatedAt);
    if (page.length < limit) return { items, pageSizes, lastTime: since };
  }
};

const fileIDsIn = (items: readonly RemoteEmbeddingJSON[]) => items.map((item) => item.fileID);

describe.each(testDatabaseBackends())("embeddings on $name", (backend) => {
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

  const putEmbedding = (user: TestAccountClient, body: unknown) =>
    user.call("PUT", "/embeddings", body);

  it("stores a file's embedding encrypted with its key and answers it in the owner's diff", async () => {
    const since = (await pullEmbeddings(alice)).lastTime;
    const file = await uploadTestFile(server, alice, privateAlbumID);
    const fileKey = await fileKeyOf(server, alice, file);
    const vector = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i));
    const sealed = await encryptBlob(new Uint8Array(vector.buffer), fileKey);
    const answer = await putEmbedding(alice, {
      fileID: file.id,
      model: "onnx-clip",
      encryptedEmbedding: toB64(sealed.encryptedData),
      decryptionHeader: toB64(sealed.decryptionHeader),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({});

    const { items } = await pullEmbeddings(alice, since);
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({ fileID: file.id, model: "onnx-clip" });
    expect(item?.updatedAt).toBeGreaterThan(since);
    const opened = await decryptBlob(
      {
        encryptedData: fromB64(item?.encryptedEmbedding ?? ""),
        decryptionHeader: fromB64(item?.decryptionHeader ?? ""),
      },
      fileKey,
    );
    expect(Array.from(new Float32Array(opened.buffer, opened.byteOffset, 512))).toEqual(
      Array.from(vector),
    );

    // A new embedding of the file replaces the old one at a newer version.
    await alice.ok("PUT", "/embeddings", embeddingBody(file.id, 7));
    const again = await pullEmbeddings(alice, since);
    expect(again.items).toHaveLength(1);
    expect(again.items[0]?.encryptedEmbedding).toBe(b64(embeddingValueBytes.ciphertext, 7));
    expect(again.items[0]?.updatedAt).toBeGreaterThan(item?.updatedAt ?? Infinity);
    // Nothing newer than the last version.
    expect(await diffPage(alice, again.lastTime)).toEqual([]);
  });

  it("lets a sharee store the embedding of a shared file, under its owner, for both to see", async () => {
    const aliceSince = (await pullEmbeddings(alice)).lastTime;
    const bobSince = (await pullEmbeddings(bob)).lastTime;
    const file = await uploadTestFile(server, alice, sharedAlbumID);
    expect((await putEmbedding(bob, embeddingBody(file.id, 3))).statusCode).toBe(200);

    const bobs = (await pullEmbeddings(bob, bobSince)).items;
    expect(fileIDsIn(bobs)).toEqual([file.id]);
    expect(bobs[0]?.encryptedEmbedding).toBe(b64(embeddingValueBytes.ciphertext, 3));
    expect(fileIDsIn((await pullEmbeddings(alice, aliceSince)).items)).toEqual([file.id]);
    const stored = await server.database.db
      .selectFrom("embeddings")
      .select("owner_id")
      .where("file_id", "=", file.id)
      .execute();
    expect(stored).toEqual([{ owner_id: alice.userID }]);

    // The owner's own embedding of a shared file reaches the sharee too.
    const second = await uploadTestFile(server, alice, sharedAlbumID);
    await alice.ok("PUT", "/embeddings", embeddingBody(second.id, 4));
    expect(fileIDsIn((await pullEmbeddings(bob, bobSince)).items)).toEqual([file.id, second.id]);
  });

  it("refuses a file the caller cannot see as a missing one, and never shows its embedding", async () => {
    const privateFile = await uploadTestFile(server, alice, privateAlbumID);
    await alice.ok("PUT", "/embeddings", embeddingBody(privateFile.id, 5));

    for (const user of [bob, carol]) {
      const refused = await putEmbedding(user, embeddingBody(privateFile.id, 6));
      const missing = await putEmbedding(user, embeddingBody(privateFile.id + 1_000_000, 6));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: "NOT_FOUND" });
      expect(refused.body).toBe(missing.body);
      expect(fileIDsIn((await pullEmbeddings(user)).items)).not.toContain(privateFile.id);
    }
    // The owner's embedding was left alone.
    const mine = (await pullEmbeddings(alice)).items.find((item) => item.fileID === privateFile.id);
    expect(mine?.encryptedEmbedding).toBe(b64(embeddingValueBytes.ciphertext, 5));
  });

  it("stops showing a file's embedding to a sharee once the file leaves the album or the share ends", async () => {
    const albumID = (await createTestCollection(server, alice)).id;
    await shareTestCollection(server, alice, carol, albumID);
    const moved = await uploadTestFile(server, alice, albumID);
    const kept = await uploadTestFile(server, alice, albumID);
    await alice.ok("PUT", "/embeddings", embeddingBody(moved.id, 8));
    await alice.ok("PUT", "/embeddings", embeddingBody(kept.id, 9));
    expect(fileIDsIn((await pullEmbeddings(carol)).items)).toEqual([moved.id, kept.id]);

    await alice.ok("POST", "/collections/move-files", {
      fromCollectionID: albumID,
      toCollectionID: privateAlbumID,
      files: [await collectionFileItem(server, alice, moved, privateAlbumID)],
    });
    expect(fileIDsIn((await pullEmbeddings(carol)).items)).toEqual([kept.id]);
    expect((await putEmbedding(carol, embeddingBody(moved.id, 1))).statusCode).toBe(404);

    await unshareTestCollection(server, albumID, carol.userID);
    expect((await pullEmbeddings(carol)).items).toEqual([]);
    expect((await putEmbedding(carol, embeddingBody(kept.id, 1))).statusCode).toBe(404);
  });

  it("refuses another model and embeddings of the wrong size with 400, storing nothing", async () => {
    const file = await uploadTestFile(server, alice, privateAlbumID);
    const good = embeddingBody(file.id, 2);
    const bad: Record<string, unknown>[] = [
      { ...good, model: "file-ml-clip-face" },
      { ...good, model: "ONNX-CLIP" },
      { ...good, encryptedEmbedding: b64(embeddingValueBytes.ciphertext - 1, 2) },
      { ...good, encryptedEmbedding: b64(embeddingValueBytes.ciphertext + 1, 2) },
      // The plaintext alone (no MAC), and a JSON array of the floats.
      { ...good, encryptedEmbedding: b64(2048, 2) },
      { ...good, encryptedEmbedding: toB64(new TextEncoder().encode(JSON.stringify([0.1, 0.2]))) },
      { ...good, encryptedEmbedding: `${good.encryptedEmbedding.slice(1)}!` },
      { ...good, decryptionHeader: b64(23, 2) },
      { ...good, decryptionHeader: b64(32, 2) },
      { ...good, fileID: undefined },
    ];
    for (const body of bad) {
      const answer = await putEmbedding(alice, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json()).toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(fileIDsIn((await pullEmbeddings(alice)).items)).not.toContain(file.id);

    for (const query of [
      "sinceTime=0&limit=500&model=file-ml-clip-face",
      "sinceTime=0&limit=500",
      "sinceTime=0&limit=501&model=onnx-clip",
      "sinceTime=0&limit=0&model=onnx-clip",
      "sinceTime=-1&limit=10&model=onnx-clip",
    ]) {
      const answer = await alice.call("GET", `/embeddings/diff?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ code: "BAD_REQUEST" });
    }
    // Without a limit, the page is the largest one.
    const answer = await alice.ok<DiffAnswer>(
      "GET",
      "/embeddings/diff?sinceTime=0&model=onnx-clip",
    );
    expect(answer.diff?.length).toBeGreaterThan(0);
  });

  it("pages the diff by limit, one version per write", async () => {
    const dave = await signUpTestUser(server, "dave@example.org");
    const albumID = (await createTestCollection(server, dave)).id;
    const fileIDs = await insertTestFiles(server.libraryContext, {
      ownerID: dave.userID,
      collectionID: albumID,
      count: 5,
    });
    // The test clock stands still: every write still gets a version of its own.
    for (const fileID of fileIDs) await dave.ok("PUT", "/embeddings", embeddingBody(fileID, 1));
    const { items, pageSizes } = await pullEmbeddings(dave, 0, 2);
    expect(pageSizes).toEqual([2, 2, 1]);
    expect(fileIDsIn(items)).toEqual(fileIDs);
    expect(new Set(items.map((item) => item.updatedAt)).size).toBe(5);
  });

  it("never splits a version between pages, and never ends a page short while more follow", async () => {
    const erin = await signUpTestUser(server, "erin@example.org");
    const albumID = (await createTestCollection(server, erin)).id;
    const fileIDs = await insertTestFiles(server.libraryContext, {
      ownerID: erin.userID,
      collectionID: albumID,
      count: 7,
    });
    // Rows sharing versions, as a restored table could have them.
    const base = server.libraryContext.nowUs();
    const versions = [1, 2, 2, 2, 3, 4, 4].map((offset) => base + offset);
    await server.database.db
      .insertInto("embeddings")
      .values(
        fileIDs.map((fileID, i) => ({
          file_id: fileID,
          model: "onnx-clip",
          owner_id: erin.userID,
          encrypted_embedding: b64(embeddingValueBytes.ciphertext, i),
          decryption_header: b64(embeddingValueBytes.header, i),
          updated_at_us: versions[i] ?? 0,
        })),
      )
      .execute();

    // Limit 2: the first page reaches into version +2 and takes all of it.
    const first = await diffPage(erin, 0, 2);
    expect(first.map((item) => item.updatedAt - base)).toEqual([1, 2, 2, 2]);
    const { items, pageSizes } = await pullEmbeddings(erin, 0, 2);
    // Then +3 and the whole of +4 (3 rows); the empty page ends the pull.
    expect(pageSizes).toEqual([4, 3, 0]);
    expect(fileIDsIn(items).toSorted()).toEqual(fileIDs.toSorted());
    // Limit 1 from +1: one version of three rows is one page.
    expect((await diffPage(erin, base + 1, 1)).map((item) => item.updatedAt - base)).toEqual([
      2, 2, 2,
    ]);
    // Limit 3: the third row closes version +2 only with the fourth.
    expect((await diffPage(erin, 0, 3)).length).toBe(4);
    expect((await diffPage(erin, 0, 4)).length).toBe(4);
    expect((await diffPage(erin, base + 2, 1)).map((item) => item.updatedAt - base)).toEqual([3]);
  });

  it("deletes a file's embeddings when the file is deleted for good", async () => {
    const file: RemoteFileJSON = await uploadTestFile(server, alice, sharedAlbumID);
    await alice.ok("PUT", "/embeddings", embeddingBody(file.id, 10));
    expect(fileIDsIn((await pullEmbeddings(bob)).items)).toContain(file.id);

    await trashTestFiles(alice, [file]);
    // In the trash the owner still has it; the sharee no longer sees the file.
    expect(fileIDsIn((await pullEmbeddings(alice)).items)).toContain(file.id);
    expect(fileIDsIn((await pullEmbeddings(bob)).items)).not.toContain(file.id);

    await alice.ok("POST", "/trash/delete", { fileIDs: [file.id] });
    expect(fileIDsIn((await pullEmbeddings(alice)).items)).not.toContain(file.id);
    const rows = await server.database.db
      .selectFrom("embeddings")
      .select("file_id")
      .where("file_id", "=", file.id)
      .execute();
    expect(rows).toEqual([]);
    const late = await putEmbedding(alice, embeddingBody(file.id, 11));
    expect(late.statusCode).toBe(404);
  });
});
