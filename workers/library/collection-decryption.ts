// Decrypting a page of collections (`/collections/v2`): keys through the
// keyring, then names and magic metadata in one pool call each.

import type { RemoteCollection } from "../../shared/api/endpoints/library-schemas";
import {
  collectionPrivateMagicMetadataSchema,
  collectionPublicMagicMetadataSchema,
  collectionShareeMagicMetadataSchema,
} from "../../shared/model/library/collection-metadata";
import type { LibraryKeyring } from "./keyring";
import {
  type DecryptionPool,
  type RecordPart,
  RecordDecryptionError,
  type CollectionDecryption,
} from "./decrypted-records";
import {
  PageFailures,
  type BlobJob,
  magicMetadataJob,
  openBlobJobs,
  decodeMagicMetadata,
  openedValues,
} from "./page-decryption";

/**
 * Decrypts a page of collections: keys through the keyring (owned ones under
 * the master key, shared ones from their sealed box), then names and magic
 * metadata in one pool call each. `userID` is the caller's (ownership).
 * See: [Note: A page is decrypted in one pool call per kind of work]
 */
export const decryptCollections = async (
  pool: Pick<DecryptionPool, "decryptBoxesToUTF8" | "decryptBlobsToJSON">,
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
