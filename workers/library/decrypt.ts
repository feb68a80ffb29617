// Decrypting what the server answers about a library: a page of collections
// (`/collections/v2`) or of a collection's files (`/collections/v2/diff`, the
// `file` of trash items). Used by the sync worker and by the Node client.
// Modules of `workers/library` import no DOM and no Node built-ins, and only
// the pool's types. See: [Note: The UI thread never loads libsodium]

import type { z } from "zod";
import type {
  CollectionType,
  RemoteCollection,
  RemoteFile,
  collectionUserSchema,
  publicURLSchema,
} from "../../shared/api/endpoints/library-schemas";
import {
  type CollectionPrivateMagicMetadata,
  type CollectionPublicMagicMetadata,
  type CollectionShareeMagicMetadata,
  collectionPrivateMagicMetadataSchema,
  collectionPublicMagicMetadataSchema,
  collectionShareeMagicMetadataSchema,
} from "../../shared/model/library/collection-metadata";
import {
  type FileMetadata,
  type FilePrivateMagicMetadata,
  type FilePublicMagicMetadata,
  fileMetadataSchema,
  filePrivateMagicMetadataSchema,
  filePublicMagicMetadataSchema,
} from "../../shared/model/library/file-metadata";
import type { CryptoPool, Settled } from "../crypto/pool";
import type { LibraryKeyring } from "./keyring";

// [Note: A page is decrypted in one pool call per kind of work]
//
// A diff page holds up to 2,500 files. Each kind of work on the page (open
// the file keys, then open every metadata and magic-metadata Blob) is one
// batch call to the crypto pool, which splits it across its workers, so a
// page costs a handful of worker round trips whatever its size. The second
// step depends on the first (Blobs are under the file keys), hence two steps.
// A record that fails (wrong key, tampered ciphertext, metadata that is not
// what a client writes) is reported as failed on its own; the rest of the
// page is unaffected.

/** The crypto pool operations decryption needs (a full `CryptoPool` fits). */
export type DecryptionPool = Pick<
  CryptoPool,
  "decryptBoxesToB64" | "decryptBoxesToUTF8" | "decryptBlobsToJSON"
>;

/** Decrypted magic metadata with the version and count the server holds (needed to update it). */
export interface DecryptedMagicMetadata<T> {
  /** The stored version: what an update must send (spec §3, wire-contract §5.3). */
  version: number;
  count: number;
  data: T;
}

export type CollectionUser = z.output<typeof collectionUserSchema>;
export type PublicURL = z.output<typeof publicURLSchema>;

/** A collection with its key and name opened and its magic metadata decoded. */
export interface DecryptedCollection {
  id: number;
  owner: CollectionUser;
  /** The decrypted name (or the legacy plaintext `name`). */
  name: string;
  /** One of `collectionTypes`, or a type a newer client created. */
  type: CollectionType | (string & {});
  keyB64: string;
  /** Owner's private magic metadata (visibility, subType, order). */
  magicMetadata?: DecryptedMagicMetadata<CollectionPrivateMagicMetadata> | undefined;
  /** Public magic metadata (asc, coverID). */
  pubMagicMetadata?: DecryptedMagicMetadata<CollectionPublicMagicMetadata> | undefined;
  /** A sharee's own metadata of the share (visibility). */
  sharedMagicMetadata?: DecryptedMagicMetadata<CollectionShareeMagicMetadata> | undefined;
  sharees: CollectionUser[];
  publicURLs: PublicURL[];
  /** µs. */
  updationTime: number;
  isDeleted: boolean;
}

/** A file with its key opened and its metadata decrypted and decoded. */
export interface DecryptedFile {
  id: number;
  collectionID: number;
  ownerID: number;
  /** µs; the version of this (collection, file) entry. */
  updationTime: number;
  /** µs; when the file was added to this collection, when the server says. */
  collectionAddedAt?: number | undefined;
  keyB64: string;
  metadata: FileMetadata;
  /** Owner-only private magic metadata (visibility). */
  magicMetadata?: DecryptedMagicMetadata<FilePrivateMagicMetadata> | undefined;
  /** Public magic metadata (caption, edited name and time). */
  pubMagicMetadata?: DecryptedMagicMetadata<FilePublicMagicMetadata> | undefined;
  info?: { fileSize: number; thumbSize: number } | undefined;
  /** The Stream header of the file's contents (download). */
  fileDecryptionHeaderB64: string;
  /** The Blob header of the thumbnail (download). */
  thumbnailDecryptionHeaderB64: string;
}

/** Which part of a record could not be opened. */
export type RecordPart =
  | "collectionKey"
  | "key"
  | "name"
  | "metadata"
  | "magicMetadata"
  | "pubMagicMetadata"
  | "sharedMagicMetadata";

/** A collection or file of a page that could not be decrypted; `cause` is the crypto or schema error. */
export class RecordDecryptionError extends Error {
  override readonly name = "RecordDecryptionError";

  constructor(
    readonly record: "collection" | "file",
    readonly id: number,
    readonly part: RecordPart,
    options?: ErrorOptions,
  ) {
    super(`Could not decrypt the ${part} of ${record} ${String(id)}`, options);
  }
}

/** One collection of a page: decrypted, or failed (its tombstone fields still usable). */
export type CollectionDecryption =
  | { ok: true; collection: DecryptedCollection }
  | {
      ok: false;
      id: number;
      updationTime: number;
      isDeleted: boolean;
      error: RecordDecryptionError;
    };

/**
 * One file entry of a diff page: decrypted, deleted from the collection (not
 * decrypted: its fields may be blanked, and a client only drops it), or
 * failed.
 */
export type FileDecryption =
  | { kind: "file"; file: DecryptedFile }
  | { kind: "deleted"; id: number; collectionID: number; updationTime: number }
  | {
      kind: "failed";
      id: number;
      collectionID: number;
      updationTime: number;
      error: RecordDecryptionError;
    };

// ---------------------------------------------------------------------------
// Shared steps

/** Why each record of a page failed: its first failing part. */
class PageFailures {
  readonly #byIndex = new Map<number, { part: RecordPart; cause: unknown }>();

  fail(index: number, part: RecordPart, cause: unknown): void {
    if (!this.#byIndex.has(index)) this.#byIndex.set(index, { part, cause });
  }

  has(index: number): boolean {
    return this.#byIndex.has(index);
  }

  get(index: number): { part: RecordPart; cause: unknown } | undefined {
    return this.#byIndex.get(index);
  }
}

type WireMagicMetadata = RemoteFile["magicMetadata"];

interface BlobJob {
  /** Index of the record in the page. */
  index: number;
  part: RecordPart;
  version: number;
  count: number;
  encryptedDataB64: string;
  decryptionHeaderB64: string;
  keyB64: string;
}

/** Magic metadata that holds a ciphertext; absent, empty or partial ones count as none. */
const magicMetadataJob = (
  metadata: WireMagicMetadata,
  index: number,
  part: RecordPart,
  keyB64: string,
): BlobJob | undefined => {
  if (metadata === null || metadata === undefined) return undefined;
  const { data, header } = metadata;
  if (typeof data !== "string" || data === "" || typeof header !== "string" || header === "") {
    return undefined;
  }
  return {
    index,
    part,
    version: metadata.version ?? 0,
    count: metadata.count ?? 0,
    encryptedDataB64: data,
    decryptionHeaderB64: header,
    keyB64,
  };
};

interface OpenedBlob {
  version: number;
  count: number;
  value: unknown;
}

type OpenedBlobs = Map<number, Partial<Record<RecordPart, OpenedBlob>>>;

/** Opens every Blob job of a page in one pool call; a failure marks its record. */
const openBlobJobs = async (
  pool: DecryptionPool,
  jobs: readonly BlobJob[],
  failures: PageFailures,
): Promise<OpenedBlobs> => {
  const settled = await pool.decryptBlobsToJSON(
    jobs.map(({ encryptedDataB64, decryptionHeaderB64, keyB64 }) => ({
      encryptedDataB64,
      decryptionHeaderB64,
      keyB64,
    })),
  );
  const opened: OpenedBlobs = new Map();
  jobs.forEach(({ index, part, version, count }, i) => {
    const result = settled[i];
    if (result?.ok !== true) {
      failures.fail(index, part, result?.error);
      return;
    }
    const parts = opened.get(index) ?? {};
    parts[part] = { version, count, value: result.value };
    opened.set(index, parts);
  });
  return opened;
};

type Decoded<T> = { ok: true; value: T } | { ok: false; cause: unknown };

/** Decodes opened magic metadata with its schema. See: [Note: Decrypted metadata is read leniently] */
const decodeMagicMetadata = <T>(
  schema: z.ZodType<T>,
  opened: OpenedBlob | undefined,
): Decoded<DecryptedMagicMetadata<T> | undefined> => {
  if (opened === undefined) return { ok: true, value: undefined };
  const parsed = schema.safeParse(opened.value);
  return parsed.success
    ? { ok: true, value: { version: opened.version, count: opened.count, data: parsed.data } }
    : { ok: false, cause: parsed.error };
};

/** The keys of a page opened by one pool call; a failure marks its record. */
const openedValues = (
  settled: readonly Settled<string>[],
  indexes: readonly number[],
  part: RecordPart,
  failures: PageFailures,
): Map<number, string> => {
  const values = new Map<number, string>();
  indexes.forEach((index, i) => {
    const result = settled[i];
    if (result?.ok === true) values.set(index, result.value);
    else failures.fail(index, part, result?.error);
  });
  return values;
};

// ---------------------------------------------------------------------------
// Collections

/**
 * Decrypts a page of collections: keys through the keyring (owned ones under
 * the master key, shared ones from their sealed box), then names and magic
 * metadata in one pool call each. `userID` is the caller's (ownership).
 * See: [Note: A page is decrypted in one pool call per kind of work]
 */
export const decryptCollections = async (
  pool: DecryptionPool,
  keyring: Pick<LibraryKeyring, "openCollectionKeys">,
  remoteCollections: readonly RemoteCollection[],
  userID: number,
): Promise<CollectionDecryption[]> => {
  const failures = new PageFailures();
  const keys = await keyring.openCollectionKeys(
    remoteCollections.map((remote) => ({
      encryptedKey: remote.encryptedKey,
      keyDecryptionNonce: remote.keyDecryptionNonce,
      owned: remote.owner.id === userID,
    })),
  );
  const keyByIndex = openedValues(
    keys,
    remoteCollections.map((_, index) => index),
    "key",
    failures,
  );

  const nameIndexes: number[] = [];
  const nameItems: { encryptedDataB64: string; nonceB64: string; keyB64: string }[] = [];
  const blobJobs: BlobJob[] = [];
  remoteCollections.forEach((remote, index) => {
    const keyB64 = keyByIndex.get(index);
    if (keyB64 === undefined) return;
    const { encryptedName, nameDecryptionNonce } = remote;
    if (typeof encryptedName === "string" && encryptedName !== "") {
      nameIndexes.push(index);
      nameItems.push({
        encryptedDataB64: encryptedName,
        nonceB64: nameDecryptionNonce ?? "",
        keyB64,
      });
    }
    for (const part of ["magicMetadata", "pubMagicMetadata", "sharedMagicMetadata"] as const) {
      const job = magicMetadataJob(remote[part], index, part, keyB64);
      if (job !== undefined) blobJobs.push(job);
    }
  });

  const [names, opened] = await Promise.all([
    pool.decryptBoxesToUTF8(nameItems),
    openBlobJobs(pool, blobJobs, failures),
  ]);
  const nameByIndex = openedValues(names, nameIndexes, "name", failures);

  return remoteCollections.map((remote, index): CollectionDecryption => {
    const failed = (part: RecordPart, cause?: unknown): CollectionDecryption => ({
      ok: false,
      id: remote.id,
      updationTime: remote.updationTime,
      isDeleted: remote.isDeleted === true,
      error: new RecordDecryptionError("collection", remote.id, part, { cause }),
    });
    const failure = failures.get(index);
    if (failure !== undefined) return failed(failure.part, failure.cause);
    const keyB64 = keyByIndex.get(index);
    if (keyB64 === undefined) return failed("key");
    const parts = opened.get(index) ?? {};
    const magicMetadata = decodeMagicMetadata(
      collectionPrivateMagicMetadataSchema,
      parts.magicMetadata,
    );
    if (!magicMetadata.ok) return failed("magicMetadata", magicMetadata.cause);
    const pubMagicMetadata = decodeMagicMetadata(
      collectionPublicMagicMetadataSchema,
      parts.pubMagicMetadata,
    );
    if (!pubMagicMetadata.ok) return failed("pubMagicMetadata", pubMagicMetadata.cause);
    const sharedMagicMetadata = decodeMagicMetadata(
      collectionShareeMagicMetadataSchema,
      parts.sharedMagicMetadata,
    );
    if (!sharedMagicMetadata.ok) return failed("sharedMagicMetadata", sharedMagicMetadata.cause);
    return {
      ok: true,
      collection: {
        id: remote.id,
        owner: remote.owner,
        name: nameByIndex.get(index) ?? remote.name ?? "",
        type: remote.type,
        keyB64,
        magicMetadata: magicMetadata.value,
        pubMagicMetadata: pubMagicMetadata.value,
        sharedMagicMetadata: sharedMagicMetadata.value,
        sharees: remote.sharees ?? [],
        publicURLs: remote.publicURLs ?? [],
        updationTime: remote.updationTime,
        isDeleted: remote.isDeleted === true,
      },
    };
  });
};

// ---------------------------------------------------------------------------
// Files

/** A lookup of collection keys by collection ID (a `Map` fits). */
export interface CollectionKeyLookup {
  get(collectionID: number): string | undefined;
}

/**
 * Decrypts a page of files (a diff page, or the files of trash items): file
 * keys under their collection's key in one pool call, then metadata and both
 * magic metadata under the file keys in one more. Entries deleted from their
 * collection are passed through undecrypted.
 * See: [Note: A page is decrypted in one pool call per kind of work]
 */
export const decryptFiles = async (
  pool: DecryptionPool,
  collectionKeyB64ByID: CollectionKeyLookup,
  remoteFiles: readonly RemoteFile[],
): Promise<FileDecryption[]> => {
  const failures = new PageFailures();
  const keyIndexes: number[] = [];
  const keyItems: { encryptedDataB64: string; nonceB64: string; keyB64: string }[] = [];
  remoteFiles.forEach((remote, index) => {
    if (remote.isDeleted) return;
    const collectionKeyB64 = collectionKeyB64ByID.get(remote.collectionID);
    if (collectionKeyB64 === undefined) {
      failures.fail(index, "collectionKey", undefined);
      return;
    }
    keyIndexes.push(index);
    keyItems.push({
      encryptedDataB64: remote.encryptedKey,
      nonceB64: remote.keyDecryptionNonce,
      keyB64: collectionKeyB64,
    });
  });
  const keyByIndex = openedValues(
    await pool.decryptBoxesToB64(keyItems),
    keyIndexes,
    "key",
    failures,
  );

  const blobJobs: BlobJob[] = [];
  for (const [index, keyB64] of keyByIndex) {
    const remote = remoteFiles[index];
    if (remote === undefined) continue;
    blobJobs.push({
      index,
      part: "metadata",
      version: 0,
      count: 0,
      encryptedDataB64: remote.metadata.encryptedData,
      decryptionHeaderB64: remote.metadata.decryptionHeader,
      keyB64,
    });
    for (const part of ["magicMetadata", "pubMagicMetadata"] as const) {
      const job = magicMetadataJob(remote[part], index, part, keyB64);
      if (job !== undefined) blobJobs.push(job);
    }
  }
  const opened = await openBlobJobs(pool, blobJobs, failures);

  return remoteFiles.map((remote, index): FileDecryption => {
    const { id, collectionID, updationTime } = remote;
    if (remote.isDeleted) return { kind: "deleted", id, collectionID, updationTime };
    const failed = (part: RecordPart, cause?: unknown): FileDecryption => ({
      kind: "failed",
      id,
      collectionID,
      updationTime,
      error: new RecordDecryptionError("file", id, part, { cause }),
    });
    const failure = failures.get(index);
    if (failure !== undefined) return failed(failure.part, failure.cause);
    const keyB64 = keyByIndex.get(index);
    const parts = opened.get(index) ?? {};
    if (keyB64 === undefined) return failed("key");
    const metadata = fileMetadataSchema.safeParse(parts.metadata?.value);
    if (!metadata.success) return failed("metadata", metadata.error);
    const magicMetadata = decodeMagicMetadata(filePrivateMagicMetadataSchema, parts.magicMetadata);
    if (!magicMetadata.ok) return failed("magicMetadata", magicMetadata.cause);
    const pubMagicMetadata = decodeMagicMetadata(
      filePublicMagicMetadataSchema,
      parts.pubMagicMetadata,
    );
    if (!pubMagicMetadata.ok) return failed("pubMagicMetadata", pubMagicMetadata.cause);
    return {
      kind: "file",
      file: {
        id,
        collectionID,
        ownerID: remote.ownerID,
        updationTime,
        collectionAddedAt: remote.collectionAddedAt ?? undefined,
        keyB64,
        metadata: metadata.data,
        magicMetadata: magicMetadata.value,
        pubMagicMetadata: pubMagicMetadata.value,
        info: remote.info ?? undefined,
        fileDecryptionHeaderB64: remote.file.decryptionHeader,
        thumbnailDecryptionHeaderB64: remote.thumbnail.decryptionHeader,
      },
    };
  });
};
