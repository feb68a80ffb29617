import { randomBytes as nodeRandomBytes } from "node:crypto";
import { expect } from "vitest";
import type {
  CollectionFileItem,
  CollectionRole,
  CollectionType,
  MagicMetadataInput,
  NewCollection,
  NewFile,
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../shared/api/endpoints/library-schemas";
import { fromB64, toB64 } from "../../shared/crypto/base64";
import { decryptBlob, encryptBlob } from "../../shared/crypto/blob";
import { decryptBox, encryptBox } from "../../shared/crypto/box";
import { generateBlobOrStreamKey, generateKey } from "../../shared/crypto/keys";
import { boxSeal, boxSealOpen } from "../../shared/crypto/sealed-box";
import { encryptStreamBytes } from "../../shared/crypto/stream";
import { utf8ToBytes } from "../../shared/crypto/utf8";
import { nextID } from "../src/db/id-counters";
import type { LibraryContext } from "../src/library/context";
import { lockCollectionsForWrite, stampCollections } from "../src/library/versions";
import { keyAttributesFor, newAccountKeys, TestAccountClient } from "./account-client";
import type { TestAccountsServer } from "./accounts";

// A client of the library endpoints for server tests, with the real client
// crypto of shared/crypto: collections with a real key under the owner's
// master key and an encrypted name, files with real ciphertext uploaded to
// the blob store through the upload URLs and registered with `POST /files`.
// Keys are recovered the way a client does (the collection key from the
// collection, the file key from the file's entry), so a test can move files
// between collections as a client would. For data sets too large to upload
// (diff pagination), `insertTestFiles` writes rows directly.

/**
 * A signed-up user with a token (photos app) and key attributes: what the
 * library needs. SRP is not set up (the library never logs in again, and SRP
 * setup's big-number arithmetic is most of a sign-up's time); use
 * `TestAccountClient.signUp` for a user that must log in with a password.
 */
export const signUpTestUser = async (
  server: Pick<TestAccountsServer, "request" | "lastCode">,
  email: string,
): Promise<TestAccountClient> => {
  const user = new TestAccountClient(server, email);
  expect((await user.sendCode("signup")).statusCode).toBe(200);
  const verified = await user.verifyEmail();
  user.token = verified.token ?? "";
  user.userID = verified.id;
  user.keys = await newAccountKeys();
  user.kek = await generateKey();
  await user.ok("PUT", "/users/attributes", {
    keyAttributes: await keyAttributesFor(user.keys, user.kek),
  });
  return user;
};

const collectionKeys = new WeakMap<TestAccountsServer, Map<number, Uint8Array>>();

const keysOf = (server: TestAccountsServer): Map<number, Uint8Array> => {
  let keys = collectionKeys.get(server);
  if (keys === undefined) {
    keys = new Map();
    collectionKeys.set(server, keys);
  }
  return keys;
};

/** Encrypts the JSON of `value` as magic metadata under `key`, claiming `version`. */
export const testMagicMetadata = async (
  value: Record<string, unknown>,
  key: Uint8Array,
  version = 0,
): Promise<MagicMetadataInput> => {
  const { encryptedData, decryptionHeader } = await encryptBlob(
    utf8ToBytes(JSON.stringify(value)),
    key,
  );
  return {
    version,
    count: Math.max(1, Object.keys(value).length),
    data: toB64(encryptedData),
    header: toB64(decryptionHeader),
  };
};

export interface TestCollectionOptions {
  type?: CollectionType;
  /** The plain name, encrypted under the collection key. */
  name?: string;
  /** Private magic metadata (plain JSON), encrypted under the collection key. */
  magicMetadata?: Record<string, unknown>;
  pubMagicMetadata?: Record<string, unknown>;
}

/** The body of `POST /collections` for a new collection key; also answers the key. */
export const newCollectionBody = async (
  user: TestAccountClient,
  {
    type = "album",
    name = "Test album",
    magicMetadata,
    pubMagicMetadata,
  }: TestCollectionOptions = {},
): Promise<{ body: NewCollection; key: Uint8Array }> => {
  const key = await generateKey();
  const wrappedKey = await encryptBox(key, user.keys.masterKey);
  const encryptedName = await encryptBox(utf8ToBytes(name), key);
  return {
    key,
    body: {
      encryptedKey: toB64(wrappedKey.encryptedData),
      keyDecryptionNonce: toB64(wrappedKey.nonce),
      encryptedName: toB64(encryptedName.encryptedData),
      nameDecryptionNonce: toB64(encryptedName.nonce),
      type,
      attributes: { version: 0 },
      ...(magicMetadata === undefined
        ? {}
        : { magicMetadata: await testMagicMetadata(magicMetadata, key) }),
      ...(pubMagicMetadata === undefined
        ? {}
        : { pubMagicMetadata: await testMagicMetadata(pubMagicMetadata, key) }),
    },
  };
};

/** Creates a collection through `POST /collections`; answers the collection as the server does. */
export const createTestCollection = async (
  server: TestAccountsServer,
  user: TestAccountClient,
  options: TestCollectionOptions = {},
): Promise<RemoteCollectionJSON> => {
  const { body, key } = await newCollectionBody(user, options);
  const { collection } = await user.ok<{ collection: RemoteCollectionJSON }>(
    "POST",
    "/collections",
    body,
  );
  // favorites and uncategorized may answer an existing collection with its own key.
  if (collection.encryptedKey === body.encryptedKey) keysOf(server).set(collection.id, key);
  return collection;
};

/**
 * The key of a collection the user takes part in: opened from the collection
 * as the server answers it (under the master key for the owner, a sealed box
 * for a sharee), remembered per server.
 */
export const collectionKeyOf = async (
  server: TestAccountsServer,
  user: TestAccountClient,
  collectionID: number,
): Promise<Uint8Array> => {
  const known = keysOf(server).get(collectionID);
  if (known !== undefined) return known;
  const { collection } = await user.ok<{ collection: RemoteCollectionJSON }>(
    "GET",
    `/collections/${String(collectionID)}`,
  );
  const key =
    collection.owner.id === user.userID
      ? await decryptBox(
          {
            encryptedData: fromB64(collection.encryptedKey),
            nonce: fromB64(collection.keyDecryptionNonce ?? ""),
          },
          user.keys.masterKey,
        )
      : await boxSealOpen(
          fromB64(collection.encryptedKey),
          user.keys.keyPair.publicKey,
          user.keys.keyPair.secretKey,
        );
  keysOf(server).set(collectionID, key);
  return key;
};

/** A file's key, opened from its entry (`encryptedKey` under its collection's key). */
export const fileKeyOf = async (
  server: TestAccountsServer,
  user: TestAccountClient,
  file: Pick<RemoteFileJSON, "collectionID" | "encryptedKey" | "keyDecryptionNonce">,
): Promise<Uint8Array> =>
  decryptBox(
    { encryptedData: fromB64(file.encryptedKey), nonce: fromB64(file.keyDecryptionNonce) },
    await collectionKeyOf(server, user, file.collectionID),
  );

/** The item of add, move and restore calls: the file's key under the target collection's key. */
export const collectionFileItem = async (
  server: TestAccountsServer,
  user: TestAccountClient,
  file: Pick<RemoteFileJSON, "id" | "collectionID" | "encryptedKey" | "keyDecryptionNonce">,
  toCollectionID: number,
): Promise<CollectionFileItem> => {
  const fileKey = await fileKeyOf(server, user, file);
  const wrapped = await encryptBox(fileKey, await collectionKeyOf(server, user, toCollectionID));
  return {
    id: file.id,
    encryptedKey: toB64(wrapped.encryptedData),
    keyDecryptionNonce: toB64(wrapped.nonce),
  };
};

export interface TestFileOptions {
  /** The file's plaintext; 1 KiB of random bytes by default. */
  bytes?: Uint8Array;
  /** The thumbnail's plaintext; 64 random bytes by default. */
  thumbnailBytes?: Uint8Array;
  /** The file's metadata (plain JSON), encrypted under the file key. */
  metadata?: Record<string, unknown>;
  magicMetadata?: Record<string, unknown>;
  pubMagicMetadata?: Record<string, unknown>;
}

const putObject = async (url: string, bytes: Uint8Array): Promise<void> => {
  const answer = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
  expect(answer.status, `PUT ${url}: ${await answer.text()}`).toBe(200);
};

/**
 * The body of `POST /files` for a new file whose objects are uploaded here:
 * two upload URLs, the encrypted file (Stream) and thumbnail (Blob) PUT to
 * them with real HTTP. Answers the body and the file key.
 */
export const uploadTestObjects = async (
  server: TestAccountsServer,
  user: TestAccountClient,
  collectionID: number,
  {
    bytes = new Uint8Array(nodeRandomBytes(1024)),
    thumbnailBytes = new Uint8Array(nodeRandomBytes(64)),
    metadata = { title: "photo.jpg", creationTime: 1_700_000_000_000_000, fileType: 0 },
    magicMetadata,
    pubMagicMetadata,
  }: TestFileOptions = {},
): Promise<{ body: NewFile; fileKey: Uint8Array }> => {
  const fileKey = await generateBlobOrStreamKey();
  const encryptedFile = await encryptStreamBytes(bytes, fileKey);
  const encryptedThumbnail = await encryptBlob(thumbnailBytes, fileKey);
  const encryptedMetadata = await encryptBlob(utf8ToBytes(JSON.stringify(metadata)), fileKey);
  const wrappedKey = await encryptBox(fileKey, await collectionKeyOf(server, user, collectionID));
  const { urls } = await user.ok<{ urls: { objectKey: string; url: string }[] }>(
    "GET",
    "/files/upload-urls?count=2",
  );
  const [fileURL, thumbnailURL] = urls;
  if (fileURL === undefined || thumbnailURL === undefined)
    throw new Error("Two upload URLs expected");
  await putObject(fileURL.url, encryptedFile.encryptedData);
  await putObject(thumbnailURL.url, encryptedThumbnail.encryptedData);
  return {
    fileKey,
    body: {
      collectionID,
      encryptedKey: toB64(wrappedKey.encryptedData),
      keyDecryptionNonce: toB64(wrappedKey.nonce),
      file: {
        objectKey: fileURL.objectKey,
        decryptionHeader: toB64(encryptedFile.decryptionHeader),
        size: encryptedFile.encryptedData.length,
      },
      thumbnail: {
        objectKey: thumbnailURL.objectKey,
        decryptionHeader: toB64(encryptedThumbnail.decryptionHeader),
        size: encryptedThumbnail.encryptedData.length,
      },
      metadata: {
        encryptedData: toB64(encryptedMetadata.encryptedData),
        decryptionHeader: toB64(encryptedMetadata.decryptionHeader),
      },
      ...(magicMetadata === undefined
        ? {}
        : { magicMetadata: await testMagicMetadata(magicMetadata, fileKey) }),
      ...(pubMagicMetadata === undefined
        ? {}
        : { pubMagicMetadata: await testMagicMetadata(pubMagicMetadata, fileKey) }),
    },
  };
};

/** Uploads a file into one of the user's collections (upload URLs, PUT, `POST /files`); answers the File. */
export const uploadTestFile = async (
  server: TestAccountsServer,
  user: TestAccountClient,
  collectionID: number,
  options: TestFileOptions = {},
): Promise<RemoteFileJSON> => {
  const { body } = await uploadTestObjects(server, user, collectionID, options);
  return user.ok<RemoteFileJSON>("POST", "/files", body);
};

/** Shares a collection through `POST /collections/share`, its key sealed to the sharee's public key. */
export const shareTestCollection = async (
  server: TestAccountsServer,
  owner: TestAccountClient,
  sharee: TestAccountClient,
  collectionID: number,
  role: Exclude<CollectionRole, "OWNER"> = "VIEWER",
): Promise<void> => {
  const key = await collectionKeyOf(server, owner, collectionID);
  await owner.ok("POST", "/collections/share", {
    collectionID,
    email: sharee.email,
    encryptedKey: toB64(await boxSeal(key, sharee.keys.keyPair.publicKey)),
    role,
  });
};

/** Ends a share by marking its row deleted directly (share-collection.test.ts tests the call). */
export const unshareTestCollection = async (
  server: TestAccountsServer,
  collectionID: number,
  shareeID: number,
): Promise<void> => {
  const context = server.libraryContext;
  await context.db.transaction().execute(async (trx) => {
    const versionUs = await lockCollectionsForWrite(context, trx, [collectionID]);
    await trx
      .updateTable("collection_shares")
      .set({ is_deleted: 1, updation_time_us: versionUs })
      .where("collection_id", "=", collectionID)
      .where("to_user_id", "=", shareeID)
      .execute();
    await stampCollections(trx, [collectionID], versionUs);
  });
};

export interface InsertTestFilesOptions {
  ownerID: number;
  collectionID: number;
  count: number;
  /**
   * The version stamped on the rows: one for all, or one per row (by its
   * index); by default a new one from `lockCollectionsForWrite`. The
   * collection is stamped with the newest when it is newer.
   */
  versionUs?: number | ((index: number) => number);
}

/** Rows per insert statement: 500 rows of 12 columns stay far below SQLite's 32766 variables. */
const insertChunkRows = 500;

const randomB64 = (bytes: number): string => toB64(new Uint8Array(nodeRandomBytes(bytes)));

/**
 * Inserts `count` files straight into the database (files and
 * collection_files rows with random stand-in ciphertext; no blobs), all at
 * one version, keeping [Note: A collection is never older than its files].
 * For data sets that uploading would make slow. Answers the new file IDs.
 */
export const insertTestFiles = async (
  context: LibraryContext,
  { ownerID, collectionID, count, versionUs }: InsertTestFilesOptions,
): Promise<number[]> =>
  context.db.transaction().execute(async (trx) => {
    const lockedVersionUs = await lockCollectionsForWrite(context, trx, [collectionID]);
    const versionOf = (index: number) =>
      versionUs === undefined
        ? lockedVersionUs
        : typeof versionUs === "number"
          ? versionUs
          : versionUs(index);
    const collection = await trx
      .selectFrom("collections")
      .select(["owner_id"])
      .where("collection_id", "=", collectionID)
      .executeTakeFirstOrThrow();
    const firstID = count > 0 ? await nextID(trx, "file", count) : 0;
    const fileIDs = Array.from({ length: count }, (_, i) => firstID + i);
    const createdAtUs = context.nowUs();
    for (let start = 0; start < count; start += insertChunkRows) {
      const chunk = fileIDs.slice(start, start + insertChunkRows);
      await trx
        .insertInto("files")
        .values(
          chunk.map((fileID, i) => ({
            file_id: fileID,
            owner_id: ownerID,
            file_decryption_header: randomB64(24),
            thumbnail_decryption_header: randomB64(24),
            metadata_decryption_header: randomB64(24),
            encrypted_metadata: randomB64(64),
            magic_metadata: null,
            pub_magic_metadata: null,
            file_size: 1024,
            thumb_size: 64,
            created_at_us: createdAtUs,
            updation_time_us: versionOf(start + i),
          })),
        )
        .execute();
      await trx
        .insertInto("collection_files")
        .values(
          chunk.map((fileID, i) => ({
            collection_id: collectionID,
            file_id: fileID,
            encrypted_key: randomB64(48),
            key_decryption_nonce: randomB64(24),
            c_owner_id: collection.owner_id,
            f_owner_id: ownerID,
            is_deleted: 0,
            action: null,
            action_user: null,
            created_at_us: createdAtUs,
            updation_time_us: versionOf(start + i),
          })),
        )
        .execute();
    }
    // A new version for the collection, as every real write gives it, even
    // when the rows' chosen versions are older than its own.
    // See: [Note: Encoded diff pages are cached by collection version]
    const newestUs = fileIDs.reduce((newest, _, i) => Math.max(newest, versionOf(i)), 0);
    await stampCollections(trx, [collectionID], Math.max(newestUs, lockedVersionUs));
    return fileIDs;
  });

export interface CollectionBehindItsFiles {
  collectionID: number;
  collectionTimeUs: number;
  newestFileTimeUs: number;
}

/**
 * The collections whose version is older than one of their rows: empty
 * whenever [Note: A collection is never older than its files] holds.
 */
export const collectionsBehindTheirFiles = async (
  context: LibraryContext,
): Promise<CollectionBehindItsFiles[]> => {
  const rows = await context.db
    .selectFrom("collections as c")
    .innerJoin("collection_files as cf", "cf.collection_id", "c.collection_id")
    .select((eb) => [
      "c.collection_id",
      "c.updation_time_us",
      eb.fn.max("cf.updation_time_us").as("newest"),
    ])
    .groupBy(["c.collection_id", "c.updation_time_us"])
    .execute();
  return rows
    .map((row) => ({
      collectionID: row.collection_id,
      collectionTimeUs: row.updation_time_us,
      newestFileTimeUs: row.newest,
    }))
    .filter((row) => row.newestFileTimeUs > row.collectionTimeUs);
};

export interface PulledDiff {
  /** Every entry of every page, in the order answered. */
  entries: RemoteFileJSON[];
  /** The number of entries of each page. */
  pageSizes: number[];
  /** The `sinceTime` to continue from: the largest version seen. */
  sinceTime: number;
}

/** Pages through a collection's diff from `sinceTime` while `hasMore`, as a client does. */
export const pullTestCollectionDiff = async (
  user: TestAccountClient,
  collectionID: number,
  sinceTime = 0,
): Promise<PulledDiff> => {
  const entries: RemoteFileJSON[] = [];
  const pageSizes: number[] = [];
  let since = sinceTime;
  for (;;) {
    const page = await user.ok<{ diff: RemoteFileJSON[] | null; hasMore: boolean }>(
      "GET",
      `/collections/v2/diff?collectionID=${String(collectionID)}&sinceTime=${String(since)}`,
    );
    const diff = page.diff ?? [];
    entries.push(...diff);
    pageSizes.push(diff.length);
    for (const entry of diff) since = Math.max(since, entry.updationTime);
    if (!page.hasMore) return { entries, pageSizes, sinceTime: since };
  }
};

/** The plain name of a collection as the user decrypts it. */
export const testCollectionName = async (
  server: TestAccountsServer,
  user: TestAccountClient,
  collection: Pick<RemoteCollectionJSON, "id" | "encryptedName" | "nameDecryptionNonce">,
): Promise<string> =>
  new TextDecoder().decode(
    await decryptBox(
      {
        encryptedData: fromB64(collection.encryptedName ?? ""),
        nonce: fromB64(collection.nameDecryptionNonce ?? ""),
      },
      await collectionKeyOf(server, user, collection.id),
    ),
  );

/** The plain JSON of magic metadata encrypted under `key`. */
export const openTestMagicMetadata = async (
  metadata: { data?: string | null; header?: string | null } | null | undefined,
  key: Uint8Array,
): Promise<unknown> => {
  if (metadata?.data == null || metadata.header == null) return undefined;
  const plain = await decryptBlob(
    { encryptedData: fromB64(metadata.data), decryptionHeader: fromB64(metadata.header) },
    key,
  );
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
};
