import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemoteCollection, RemoteFile } from "../../shared/api/endpoints/library-schemas";
import {
  encryptBlobJSON,
  encryptBoxB64,
  fromB64,
  generateKeyPair,
  boxSealB64,
  toB64,
  utf8ToBytes,
} from "../../shared/crypto";
import { FileType } from "../../shared/model/library/file-metadata";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import { decryptFiles } from "./file-decryption";
import { decryptCollections } from "./collection-decryption";
import { type DecryptionPool, RecordDecryptionError } from "./decrypted-records";
import { createKeyringFromAccountKeys } from "./node-keyring";

const randomKeyB64 = () => toB64(crypto.getRandomValues(new Uint8Array(32)));

/** The pool, counting the calls made to it. */
const countingPool = (pool: NodeCryptoPool) => {
  const calls: string[] = [];
  const counted: Omit<DecryptionPool, "readFileDiffPage"> = {
    decryptKeysAndJSONBlobs: (items) => {
      calls.push("decryptKeysAndJSONBlobs");
      return pool.decryptKeysAndJSONBlobs(items);
    },
    decryptBoxesToUTF8: (items) => {
      calls.push("decryptBoxesToUTF8");
      return pool.decryptBoxesToUTF8(items);
    },
    decryptBlobsToJSON: (items) => {
      calls.push("decryptBlobsToJSON");
      return pool.decryptBlobsToJSON(items);
    },
  };
  return { counted, calls };
};

const magic = async (value: object, keyB64: string, version = 1) => {
  const { encryptedDataB64, decryptionHeaderB64 } = await encryptBlobJSON(value, keyB64);
  return {
    version,
    count: Object.keys(value).length,
    data: encryptedDataB64,
    header: decryptionHeaderB64,
  };
};

const remoteFile = async (
  id: number,
  collectionID: number,
  collectionKeyB64: string,
  metadata: object,
  extra: Partial<RemoteFile> = {},
): Promise<{ remote: RemoteFile; keyB64: string }> => {
  const keyB64 = randomKeyB64();
  const boxed = await encryptBoxB64(fromB64(keyB64), collectionKeyB64);
  const encrypted = await encryptBlobJSON(metadata, keyB64);
  return {
    keyB64,
    remote: {
      id,
      ownerID: 1,
      collectionID,
      encryptedKey: boxed.encryptedDataB64,
      keyDecryptionNonce: boxed.nonceB64,
      file: { decryptionHeader: "ZmlsZQ==", size: 0 },
      thumbnail: { decryptionHeader: "dGh1bWI=", size: 0 },
      metadata: {
        encryptedData: encrypted.encryptedDataB64,
        decryptionHeader: encrypted.decryptionHeaderB64,
      },
      isDeleted: false,
      updationTime: 1000 + id,
      pubMagicMetadata: await magic({ caption: `Caption ${String(id)}` }, keyB64),
      info: { fileSize: 10, thumbSize: 5 },
      ...extra,
    },
  };
};

describe("decryptFiles", () => {
  let pool: NodeCryptoPool;
  beforeAll(async () => {
    pool = await createNodeCryptoPool({ size: 2 });
  });
  afterAll(async () => {
    await pool.terminate();
  });

  it("decrypts a page in one pool call, failing only the corrupted records", async () => {
    const collectionKeyB64 = randomKeyB64();
    const page: RemoteFile[] = [];
    const keys: string[] = [];
    for (let id = 1; id <= 40; id++) {
      const { remote, keyB64 } = await remoteFile(id, 7, collectionKeyB64, {
        title: `IMG_${String(id)}.jpg`,
        creationTime: 1_700_000_000_000_000 + id,
        fileType: FileType.image,
        futureKey: "kept",
      });
      page.push(remote);
      keys.push(keyB64);
    }
    const corrupt = (index: number, change: (remote: RemoteFile) => RemoteFile) => {
      const remote = page[index];
      if (remote !== undefined) page[index] = change(remote);
    };
    // A tampered metadata ciphertext, a key boxed under another key, metadata
    // without a title, a tampered caption, a collection whose key is
    // unknown, a deletion.
    corrupt(3, (r) => ({
      ...r,
      metadata: {
        ...r.metadata,
        encryptedData: toB64(
          fromB64(r.metadata.encryptedData).map((b, i) => (i === 5 ? b ^ 1 : b)),
        ),
      },
    }));
    const otherKey = await encryptBoxB64(fromB64(randomKeyB64()), randomKeyB64());
    corrupt(10, (r) => ({
      ...r,
      encryptedKey: otherKey.encryptedDataB64,
      keyDecryptionNonce: otherKey.nonceB64,
    }));
    const untitled = await remoteFile(12, 7, collectionKeyB64, { creationTime: 1, fileType: 0 });
    corrupt(11, () => untitled.remote);
    corrupt(15, (r) => ({
      ...r,
      pubMagicMetadata: r.pubMagicMetadata && {
        ...r.pubMagicMetadata,
        data: toB64(fromB64(r.pubMagicMetadata.data ?? "").map((b, i) => (i === 0 ? b ^ 1 : b))),
      },
    }));
    corrupt(20, (r) => ({ ...r, collectionID: 8 }));
    corrupt(30, (r) => ({
      ...r,
      isDeleted: true,
      metadata: { encryptedData: "-", decryptionHeader: "-" },
    }));

    const { counted, calls } = countingPool(pool);
    const results = await decryptFiles(counted, new Map([[7, collectionKeyB64]]), page);

    expect(calls).toEqual(["decryptKeysAndJSONBlobs"]);
    expect(results).toHaveLength(page.length);
    const failedParts = results.flatMap((result, index) =>
      result.kind === "failed" ? [[index, result.error.part]] : [],
    );
    expect(failedParts).toEqual([
      [3, "metadata"],
      [10, "key"],
      [11, "metadata"],
      [15, "pubMagicMetadata"],
      [20, "collectionKey"],
    ]);
    for (const result of results) {
      if (result.kind === "failed") expect(result.error).toBeInstanceOf(RecordDecryptionError);
    }
    expect(results[30]).toEqual({ kind: "deleted", id: 31, collectionID: 7, updationTime: 1031 });
    const fine = results[0];
    expect(fine?.kind).toBe("file");
    if (fine?.kind !== "file") return;
    expect(fine.file).toMatchObject({
      id: 1,
      collectionID: 7,
      keyB64: keys[0],
      metadata: { title: "IMG_1.jpg", fileType: FileType.image, futureKey: "kept" },
      pubMagicMetadata: { version: 1, count: 1, data: { caption: "Caption 1" } },
      info: { fileSize: 10, thumbSize: 5 },
      fileDecryptionHeaderB64: "ZmlsZQ==",
      thumbnailDecryptionHeaderB64: "dGh1bWI=",
    });
    expect(results.filter((result) => result.kind === "file")).toHaveLength(34);
  });
});

describe("readFileDiffPage, through the pool", () => {
  // See: [Note: A diff page is read where it is decrypted]
  let pool: NodeCryptoPool;
  beforeAll(async () => {
    pool = await createNodeCryptoPool({ size: 2 });
  });
  afterAll(async () => {
    await pool.terminate();
  });

  const answerBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

  it("reads a page's bytes in a worker and answers what the page changes", async () => {
    const collectionKeyB64 = randomKeyB64();
    const files = await Promise.all(
      [1, 2, 3].map((id) =>
        remoteFile(id, 7, collectionKeyB64, {
          title: `IMG_${String(id)}.jpg`,
          creationTime: id,
          fileType: FileType.image,
        }),
      ),
    );
    const [first, second, third] = files.map(({ remote }) => remote);
    if (first === undefined || second === undefined || third === undefined)
      throw new Error("no files");
    const page = [
      first,
      { ...second, encryptedKey: toB64(new Uint8Array(48)) },
      { ...third, isDeleted: true, updationTime: 5000 },
    ];
    const bytes = answerBytes({ diff: page, hasMore: true });

    const read = await pool.readFileDiffPage(bytes, 7, collectionKeyB64);

    expect(bytes.byteLength).toBe(0); // handed over, not copied
    expect(read).toMatchObject({
      ok: true,
      hasMore: true,
      entryCount: 3,
      latestUpdationTimeUs: 5000,
      changes: { removals: [3], failed: 1 },
    });
    if (!read.ok) return;
    expect(read.changes.upserts.map((file) => [file.id, file.keyB64, file.metadata.title])).toEqual(
      [[1, files[0]?.keyB64, "IMG_1.jpg"]],
    );
  });

  it("says why a page that does not match the endpoint's schema is unexpected", async () => {
    const read = await pool.readFileDiffPage(
      answerBytes({ diff: [{ id: "one" }], hasMore: false }),
      7,
      randomKeyB64(),
    );
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.issues).toContain("diff.0.id");
    expect(
      await pool.readFileDiffPage(answerBytes({ diff: null, hasMore: false }), 7, randomKeyB64()),
    ).toMatchObject({
      ok: true,
      entryCount: 0,
      hasMore: false,
    });
  });
});

describe("decryptCollections", () => {
  let pool: NodeCryptoPool;
  beforeAll(async () => {
    pool = await createNodeCryptoPool({ size: 1 });
  });
  afterAll(async () => {
    await pool.terminate();
  });

  it("opens owned and shared keys, names and magic metadata; fails a bad one alone", async () => {
    const masterKeyB64 = randomKeyB64();
    const pair = await generateKeyPair();
    const keyring = createKeyringFromAccountKeys(
      {
        masterKeyB64,
        publicKeyB64: toB64(pair.publicKey),
        secretKeyB64: toB64(pair.secretKey),
      },
      pool,
    );
    const collection = async (
      id: number,
      ownerID: number,
      name: string,
      extra: Partial<RemoteCollection> = {},
    ): Promise<RemoteCollection> => {
      const keyB64 = randomKeyB64();
      const wrapped =
        ownerID === 1
          ? await encryptBoxB64(fromB64(keyB64), masterKeyB64)
          : {
              encryptedDataB64: await boxSealB64(fromB64(keyB64), toB64(pair.publicKey)),
              nonceB64: undefined,
            };
      const encryptedName = await encryptBoxB64(utf8ToBytes(name), keyB64);
      return {
        id,
        owner: { id: ownerID },
        encryptedKey: wrapped.encryptedDataB64,
        keyDecryptionNonce: wrapped.nonceB64,
        encryptedName: encryptedName.encryptedDataB64,
        nameDecryptionNonce: encryptedName.nonceB64,
        type: "album",
        updationTime: 100 + id,
        magicMetadata: await magic({ visibility: 2, subType: 0 }, keyB64, 3),
        ...extra,
      };
    };
    const page = [
      await collection(1, 1, "Mine"),
      await collection(2, 9, "Shared with me", { sharees: [{ id: 1, role: "VIEWER" }] }),
      await collection(3, 1, "Broken", { encryptedKey: toB64(new Uint8Array(48)) }),
      await collection(4, 1, "Gone", { isDeleted: true }),
    ];
    const { counted, calls } = countingPool(pool);
    const results = await decryptCollections(counted, keyring, page, 1);

    expect(calls.sort()).toEqual(["decryptBlobsToJSON", "decryptBoxesToUTF8"]);
    expect(
      results.map((result) => (result.ok ? result.collection.name : result.error.part)),
    ).toEqual(["Mine", "Shared with me", "key", "Gone"]);
    expect(results[0]).toMatchObject({
      ok: true,
      collection: { magicMetadata: { version: 3, count: 2, data: { visibility: 2, subType: 0 } } },
    });
    expect(results[1]).toMatchObject({ ok: true, collection: { sharees: [{ id: 1 }] } });
    expect(results[2]).toMatchObject({ ok: false, id: 3, updationTime: 103, isDeleted: false });
    expect(results[3]).toMatchObject({ ok: true, collection: { isDeleted: true } });
  });
});
