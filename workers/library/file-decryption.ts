// Decrypting a page of a collection's files (`/collections/v2/diff`, the
// `file` of trash items): keys under the collection keys, with metadata and
// magic metadata under them, in one pool call.

import type { RemoteFile } from "../../shared/api/endpoints/library-schemas";
import {
  fileMetadataSchema,
  filePrivateMagicMetadataSchema,
  filePublicMagicMetadataSchema,
} from "../../shared/model/library/file-metadata";
import {
  type DecryptionPool,
  type RecordPart,
  RecordDecryptionError,
  type FileDecryption,
} from "./decrypted-records";
import type { DecryptKeyAndJSONBlobsItem } from "../crypto/api-batches";
import {
  PageFailures,
  type OpenedBlob,
  type OpenedBlobs,
  type VersionedBlob,
  magicMetadataBlob,
  decodeMagicMetadata,
} from "./page-decryption";

/** A lookup of collection keys by collection ID (a `Map` fits). */
export interface CollectionKeyLookup {
  get(collectionID: number): string | undefined;
}

/** A file's Blob, with the part of the record it holds. */
interface FileBlob extends VersionedBlob {
  part: RecordPart;
}

/**
 * Decrypts a page of files (a diff page, or the files of trash items) in one
 * pool call: each file's key under its collection's key, and its metadata
 * and both magic metadata under that key, in the same worker. Entries
 * deleted from their collection are passed through undecrypted.
 * See: [Note: A page is decrypted in one pool call per kind of work]
 */
export const decryptFiles = async (
  pool: Pick<DecryptionPool, "decryptKeysAndJSONBlobs">,
  collectionKeyB64ByID: CollectionKeyLookup,
  remoteFiles: readonly RemoteFile[],
): Promise<FileDecryption[]> => {
  const failures = new PageFailures();
  const itemIndexes: number[] = [];
  const itemBlobs: FileBlob[][] = [];
  const items: DecryptKeyAndJSONBlobsItem[] = [];
  remoteFiles.forEach((remote, index) => {
    if (remote.isDeleted) return;
    const collectionKeyB64 = collectionKeyB64ByID.get(remote.collectionID);
    if (collectionKeyB64 === undefined) {
      failures.fail(index, "collectionKey", undefined);
      return;
    }
    const blobs: FileBlob[] = [
      {
        part: "metadata",
        version: 0,
        count: 0,
        encryptedDataB64: remote.metadata.encryptedData,
        decryptionHeaderB64: remote.metadata.decryptionHeader,
      },
    ];
    for (const part of ["magicMetadata", "pubMagicMetadata"] as const) {
      const blob = magicMetadataBlob(remote[part]);
      if (blob !== undefined) blobs.push({ part, ...blob });
    }
    itemIndexes.push(index);
    itemBlobs.push(blobs);
    items.push({
      key: { encryptedDataB64: remote.encryptedKey, nonceB64: remote.keyDecryptionNonce },
      parentKeyB64: collectionKeyB64,
      blobs: blobs.map(({ encryptedDataB64, decryptionHeaderB64 }) => ({
        encryptedDataB64,
        decryptionHeaderB64,
      })),
    });
  });
  const settled = await pool.decryptKeysAndJSONBlobs(items);

  const keyByIndex = new Map<number, string>();
  const opened: OpenedBlobs = new Map();
  itemIndexes.forEach((index, i) => {
    const result = settled[i];
    if (result?.ok !== true) {
      failures.fail(index, "key", result?.error);
      return;
    }
    keyByIndex.set(index, result.value.keyB64);
    const partsOpened: Partial<Record<RecordPart, OpenedBlob>> = {};
    (itemBlobs[i] ?? []).forEach(({ part, version, count }, p) => {
      const value = result.value.values[p];
      if (value?.ok === true) partsOpened[part] = { version, count, value: value.value };
      else failures.fail(index, part, value?.error);
    });
    opened.set(index, partsOpened);
  });

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
