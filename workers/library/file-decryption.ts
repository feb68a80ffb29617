// Decrypting a page of a collection's files (`/collections/v2/diff`, the
// `file` of trash items): keys under the collection keys, then metadata and
// magic metadata in one pool call each.

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
import {
  PageFailures,
  type BlobJob,
  magicMetadataJob,
  openBlobJobs,
  decodeMagicMetadata,
  openedValues,
} from "./page-decryption";

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
