// Collection operations as a client performs them (wire-contract §3.2; spec
// §3, §4, §6, §9): the client encrypts (names, magic metadata, file keys
// re-boxed for the target collection) and the server only stores.

import {
  addFilesToCollection,
  createCollection as createCollectionEndpoint,
  deleteCollection as deleteCollectionEndpoint,
  moveFilesBetweenCollections,
  removeFilesFromCollection,
  renameCollection as renameCollectionEndpoint,
  restoreFilesToCollection,
  updateCollectionMagicMetadata as updatePrivateEndpoint,
  updateCollectionPublicMagicMetadata as updatePublicEndpoint,
  updateShareeMagicMetadata as updateShareeEndpoint,
} from "../../shared/api/endpoints/collections";
import {
  type CollectionFileItem,
  type CollectionType,
  libraryLimits,
} from "../../shared/api/endpoints/library-schemas";
import { fromB64 } from "../../shared/crypto/base64";
import { utf8ToBytes } from "../../shared/crypto/utf8";
import {
  type CollectionPrivateMagicMetadata,
  type CollectionPublicMagicMetadata,
  type CollectionShareeMagicMetadata,
  collectionPrivateMagicMetadataSchema,
  collectionPublicMagicMetadataSchema,
  collectionShareeMagicMetadataSchema,
} from "../../shared/model/library/collection-metadata";
import { Visibility } from "../../shared/model/library/file-metadata";
import type { MagicMetadataChanges } from "../../shared/model/library/magic-metadata-update";
import { sendInBatches } from "./batches";
import { decryptCollections } from "./collection-decryption";
import { type DecryptedCollection } from "./decrypted-records";
import type { LibraryDeps } from "./library-deps";
import { encryptMagicMetadataEdits } from "./magic-metadata";

export interface NewCollectionOptions {
  name: string;
  type: CollectionType;
  /** Private magic metadata of the new collection (e.g. a subtype). */
  magicMetadata?: CollectionPrivateMagicMetadata;
  pubMagicMetadata?: CollectionPublicMagicMetadata;
}

/** A collection as far as operations on its files need it. */
export interface CollectionRef {
  id: number;
  keyB64: string;
}

/** A file as far as adding, moving or restoring it needs: its key. */
export interface FileRef {
  id: number;
  keyB64: string;
}

/** Encrypts a collection name (UTF-8) as a Box under the collection key. */
const encryptName = async (deps: LibraryDeps, name: string, keyB64: string) => {
  const [box] = await deps.pool.encryptBoxes([{ data: utf8ToBytes(name), keyB64 }]);
  if (box === undefined) throw new Error("The crypto pool answered no Box");
  return { encryptedName: box.encryptedDataB64, nameDecryptionNonce: box.nonceB64 };
};

/** Magic metadata is sent only with at least one key (its `count` is at least 1). */
const hasKeys = (value: object | undefined): value is object =>
  value !== undefined && Object.keys(value).length > 0;

/**
 * Creates a collection under a new key. Favorites and uncategorized exist
 * once per user: creating one again answers the existing collection (with its
 * own key), which is why the answer is decrypted rather than assumed.
 */
export const createCollection = async (
  deps: LibraryDeps,
  { name, type, magicMetadata, pubMagicMetadata }: NewCollectionOptions,
): Promise<DecryptedCollection> => {
  const keyB64 = await deps.pool.generateKeyB64();
  const [wrapped, encryptedName, metadata] = await Promise.all([
    deps.keyring.wrapCollectionKey(keyB64),
    encryptName(deps, name, keyB64),
    deps.pool.encryptBlobsFromJSON(
      [magicMetadata, pubMagicMetadata].flatMap((value) =>
        hasKeys(value) ? [{ value, keyB64 }] : [],
      ),
    ),
  ]);
  const asInput = (value: object | undefined) => {
    if (!hasKeys(value)) return undefined;
    const blob = metadata.shift();
    if (blob === undefined) throw new Error("The crypto pool answered fewer Blobs than asked");
    return {
      version: 0,
      count: Object.keys(value).length,
      data: blob.encryptedDataB64,
      header: blob.decryptionHeaderB64,
    };
  };
  const privateInput = asInput(magicMetadata);
  const publicInput = asInput(pubMagicMetadata);
  const { collection } = await deps.api.call(createCollectionEndpoint, {
    body: {
      ...wrapped,
      ...encryptedName,
      type,
      attributes: { version: 0 },
      ...(privateInput === undefined ? {} : { magicMetadata: privateInput }),
      ...(publicInput === undefined ? {} : { pubMagicMetadata: publicInput }),
    },
  });
  const [decrypted] = await decryptCollections(deps.pool, deps.keyring, [collection], deps.userID);
  if (decrypted === undefined) throw new Error("No collection was decrypted");
  if (!decrypted.ok) throw decrypted.error;
  return decrypted.collection;
};

/** Renames a collection (owner only); answers it with the new name. */
export const renameCollection = async (
  deps: LibraryDeps,
  collection: DecryptedCollection,
  name: string,
): Promise<DecryptedCollection> => {
  await deps.api.call(renameCollectionEndpoint, {
    body: { collectionID: collection.id, ...(await encryptName(deps, name, collection.keyB64)) },
  });
  return { ...collection, name };
};

export type CollectionMagicMetadataKind = "private" | "public" | "sharee";

/**
 * Merges `changes` into one of a collection's magic metadata and stores it
 * (private and public: owner only; sharee: the caller's own metadata of a
 * collection shared with them). Answers the collection with the metadata the
 * server now holds. See: [Note: Null drops a magic-metadata key]
 */
export const updateCollectionMagicMetadata = async (
  deps: LibraryDeps,
  collection: DecryptedCollection,
  kind: CollectionMagicMetadataKind,
  changes: MagicMetadataChanges,
): Promise<DecryptedCollection> => {
  const { keyB64, id } = collection;
  switch (kind) {
    case "private": {
      const [edit] = await encryptMagicMetadataEdits(
        deps.pool,
        collectionPrivateMagicMetadataSchema,
        [{ keyB64, current: collection.magicMetadata, changes }],
      );
      if (edit === undefined) throw new Error("No magic metadata was encrypted");
      await deps.api.call(updatePrivateEndpoint, { body: { id, magicMetadata: edit.input } });
      return { ...collection, magicMetadata: edit.next };
    }
    case "public": {
      const [edit] = await encryptMagicMetadataEdits(
        deps.pool,
        collectionPublicMagicMetadataSchema,
        [{ keyB64, current: collection.pubMagicMetadata, changes }],
      );
      if (edit === undefined) throw new Error("No magic metadata was encrypted");
      await deps.api.call(updatePublicEndpoint, { body: { id, magicMetadata: edit.input } });
      return { ...collection, pubMagicMetadata: edit.next };
    }
    case "sharee": {
      const [edit] = await encryptMagicMetadataEdits(
        deps.pool,
        collectionShareeMagicMetadataSchema,
        [{ keyB64, current: collection.sharedMagicMetadata, changes }],
      );
      if (edit === undefined) throw new Error("No magic metadata was encrypted");
      await deps.api.call(updateShareeEndpoint, { body: { id, magicMetadata: edit.input } });
      return { ...collection, sharedMagicMetadata: edit.next };
    }
  }
};

/**
 * Hides or shows a collection: the owner's private visibility (hidden 2,
 * visible 0); for a collection shared with the caller, the sharee's own
 * metadata (spec §6: a non-owner's visibility change goes to shared metadata).
 */
export const setCollectionHidden = (
  deps: LibraryDeps,
  collection: DecryptedCollection,
  hidden: boolean,
): Promise<DecryptedCollection> => {
  const visibility = hidden ? Visibility.hidden : Visibility.visible;
  const changes: CollectionShareeMagicMetadata = { visibility };
  return updateCollectionMagicMetadata(
    deps,
    collection,
    collection.owner.id === deps.userID ? "private" : "sharee",
    changes,
  );
};

/**
 * Deletes a collection (owner only; not favorites or uncategorized). With
 * `keepFiles` the collection must be empty (409 otherwise); without, its
 * owner's files are trashed by the server.
 */
export const deleteCollection = async (
  deps: LibraryDeps,
  collectionID: number,
  { keepFiles }: { keepFiles: boolean },
): Promise<void> => {
  await deps.api.call(deleteCollectionEndpoint, {
    params: { collectionID: String(collectionID) },
    query: { collectionID, keepFiles },
  });
};

/** Each file's key boxed under the target collection's key, in one pool call. */
export const fileItemsFor = async (
  deps: Pick<LibraryDeps, "pool">,
  target: Pick<CollectionRef, "keyB64">,
  files: readonly FileRef[],
): Promise<CollectionFileItem[]> => {
  const boxes = await deps.pool.encryptBoxes(
    files.map((file) => ({ data: fromB64(file.keyB64), keyB64: target.keyB64 })),
  );
  return files.map((file, i) => {
    const box = boxes[i];
    if (box === undefined) throw new Error("The crypto pool answered fewer Boxes than asked");
    return { id: file.id, encryptedKey: box.encryptedDataB64, keyDecryptionNonce: box.nonceB64 };
  });
};

/** Re-boxes the files' keys for `target` and sends them `collectionBatch` files a call (spec §9). */
const sendFileItems = async (
  deps: LibraryDeps,
  target: CollectionRef,
  files: readonly FileRef[],
  send: (batch: CollectionFileItem[]) => Promise<unknown>,
): Promise<void> => {
  const items = await fileItemsFor(deps, target, files);
  await sendInBatches(items, libraryLimits.collectionBatch, send);
};

/** Adds the caller's files to a collection, keys re-boxed for it, 1000 a call (spec §9). */
export const addFiles = (
  deps: LibraryDeps,
  target: CollectionRef,
  files: readonly FileRef[],
): Promise<void> =>
  sendFileItems(deps, target, files, (batch) =>
    deps.api.call(addFilesToCollection, { body: { collectionID: target.id, files: batch } }),
  );

/** Moves files between two of the caller's collections, 1000 a call. */
export const moveFiles = (
  deps: LibraryDeps,
  fromCollectionID: number,
  target: CollectionRef,
  files: readonly FileRef[],
): Promise<void> =>
  sendFileItems(deps, target, files, (batch) =>
    deps.api.call(moveFilesBetweenCollections, {
      body: { fromCollectionID, toCollectionID: target.id, files: batch },
    }),
  );

/** Restores trashed files into one of the caller's collections, 1000 a call. */
export const restoreFiles = (
  deps: LibraryDeps,
  target: CollectionRef,
  files: readonly FileRef[],
): Promise<void> =>
  sendFileItems(deps, target, files, (batch) =>
    deps.api.call(restoreFilesToCollection, { body: { collectionID: target.id, files: batch } }),
  );

/** Removes other people's files from a collection (`v3/remove-files`), 1000 a call. */
export const removeFiles = async (
  deps: LibraryDeps,
  collectionID: number,
  fileIDs: readonly number[],
): Promise<void> => {
  await sendInBatches(fileIDs, libraryLimits.collectionBatch, (batch) =>
    deps.api.call(removeFilesFromCollection, { body: { collectionID, fileIDs: batch } }),
  );
};
