// What decrypting a library's pages gives: collections and files with their
// keys opened and their metadata decoded, and which record failed where.
// Modules of `workers/library` import no DOM and no Node built-ins, and only
// the pool's types. See: [Note: The UI thread never loads libsodium]

import type { z } from "zod";
import type {
  CollectionType,
  collectionUserSchema,
  publicURLSchema,
} from "../../shared/api/endpoints/library-schemas";
import {
  type CollectionPrivateMagicMetadata,
  type CollectionPublicMagicMetadata,
  type CollectionShareeMagicMetadata,
} from "../../shared/model/library/collection-metadata";
import {
  type FileMetadata,
  type FilePrivateMagicMetadata,
  type FilePublicMagicMetadata,
} from "../../shared/model/library/file-metadata";
import type { CryptoPool } from "../crypto/pool";

// [Note: A page is decrypted in one pool call per kind of work]
//
// A diff page holds up to 2,500 files. Each kind of work on the page is one
// batch call to the crypto pool, which splits it across its workers, so a
// page costs a handful of worker round trips whatever its size. A page of
// files is one call: a worker opens each file's key and, with that key still
// in hand as bytes, the file's metadata and magic-metadata Blobs (a second
// call per page for the Blobs would send every key back and forth again in
// base64, and cross threads twice; measured on the 100k-file pull). A page
// of collections is two calls side by side, names and magic metadata, once
// the keyring has opened the keys. A record that fails (wrong key, tampered
// ciphertext, metadata that is not what a client writes) is reported as
// failed on its own; the rest of the page is unaffected.

/** The crypto pool operations decryption needs (a full `CryptoPool` fits). */
export type DecryptionPool = Pick<
  CryptoPool,
  "decryptBoxesToUTF8" | "decryptBlobsToJSON" | "decryptKeysAndJSONBlobs" | "readFileDiffPage"
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
