// A library client for Node programs (tests, the bench, scripts): the API
// client, a crypto pool of worker threads, a keyring over the account's keys
// and every library operation bound to them, so that a few lines drive a
// library exactly as the web app will.

import { type FetchFunction, createApiClient } from "../../shared/api/client";
import { clientPackages } from "../../shared/api/headers";
import type { MagicMetadataChanges } from "../../shared/model/library/magic-metadata-update";
import type { Visibility } from "../../shared/model/library/file-metadata";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import { type UploadRequest, type UploadedFile, uploadFile } from "../upload/upload-file";
import type { Sleep } from "../upload/object-transfer";
import {
  type CollectionMagicMetadataKind,
  type CollectionRef,
  type FileRef,
  type NewCollectionOptions,
  addFiles,
  createCollection,
  deleteCollection,
  moveFiles,
  removeFiles,
  renameCollection,
  restoreFiles,
  setCollectionHidden,
  updateCollectionMagicMetadata,
} from "./collection-operations";
import type { CollectionKeyLookup } from "./file-decryption";
import type { DecryptedCollection, DecryptedFile } from "./decrypted-records";
import { downloadFileContents, downloadThumbnail } from "./download";
import {
  type FileForEdit,
  type FileMagicMetadataEdit,
  type FileMagicMetadataKind,
  type TrashItemRef,
  deleteFromTrash,
  emptyTrash,
  setFileCaption,
  setFilesVisibility,
  trashFiles,
  updateFilesMagicMetadata,
} from "./file-operations";
import type { LibraryDeps } from "./library-deps";
import { fetchCollectionFiles, fetchCollections, fetchTrash } from "./library-reads";
import { type LibraryAccountKeys, createKeyringFromAccountKeys } from "./node-keyring";

export interface NodeLibraryClientOptions {
  /** The API origin, e.g. `http://localhost:8080`. */
  apiOrigin: string;
  /** The session token. */
  token: string;
  userID: number;
  accountKeys: LibraryAccountKeys;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFunction;
  /** Crypto worker threads; defaults to the pool's size for this machine. */
  poolSize?: number;
  /** Waits between upload retries (tests pass one that does not wait). */
  sleep?: Sleep;
}

/** The library operations of one account, bound to its client, pool and keyring. */
export interface NodeLibraryClient {
  readonly deps: LibraryDeps;
  readonly pool: NodeCryptoPool;

  fetchCollections(sinceTimeUs?: number): ReturnType<typeof fetchCollections>;
  fetchCollectionFiles(
    collection: CollectionRef,
    sinceTimeUs?: number,
  ): ReturnType<typeof fetchCollectionFiles>;
  fetchTrash(
    collectionKeys: CollectionKeyLookup,
    sinceTimeUs?: number,
  ): ReturnType<typeof fetchTrash>;

  createCollection(options: NewCollectionOptions): Promise<DecryptedCollection>;
  renameCollection(collection: DecryptedCollection, name: string): Promise<DecryptedCollection>;
  updateCollectionMagicMetadata(
    collection: DecryptedCollection,
    kind: CollectionMagicMetadataKind,
    changes: MagicMetadataChanges,
  ): Promise<DecryptedCollection>;
  setCollectionHidden(
    collection: DecryptedCollection,
    hidden: boolean,
  ): Promise<DecryptedCollection>;
  deleteCollection(collectionID: number, options: { keepFiles: boolean }): Promise<void>;
  addFiles(target: CollectionRef, files: readonly FileRef[]): Promise<void>;
  moveFiles(
    fromCollectionID: number,
    target: CollectionRef,
    files: readonly FileRef[],
  ): Promise<void>;
  restoreFiles(target: CollectionRef, files: readonly FileRef[]): Promise<void>;
  removeFiles(collectionID: number, fileIDs: readonly number[]): Promise<void>;

  upload(request: UploadRequest): Promise<UploadedFile>;
  downloadFile(file: DecryptedFile): Promise<Uint8Array>;
  downloadFileChunks(file: DecryptedFile): AsyncGenerator<Uint8Array>;
  downloadThumbnail(file: DecryptedFile): Promise<Uint8Array>;

  updateFilesMagicMetadata<F extends FileForEdit>(
    kind: FileMagicMetadataKind,
    edits: readonly FileMagicMetadataEdit<F>[],
  ): Promise<F[]>;
  setFileCaption<F extends FileForEdit>(file: F, caption: string | null): Promise<F>;
  setFilesVisibility<F extends FileForEdit>(
    files: readonly F[],
    visibility: Visibility,
  ): Promise<F[]>;
  trashFiles(items: readonly TrashItemRef[]): Promise<void>;
  deleteFromTrash(fileIDs: readonly number[]): Promise<void>;
  emptyTrash(lastUpdatedAtUs: number): Promise<void>;

  /** Stops the crypto worker threads. */
  close(): Promise<void>;
}

const concat = (chunks: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
};

/** A library client for one account (photos app), with its own crypto pool. */
export const createNodeLibraryClient = async ({
  apiOrigin,
  token,
  userID,
  accountKeys,
  fetch = globalThis.fetch,
  poolSize,
  sleep,
}: NodeLibraryClientOptions): Promise<NodeLibraryClient> => {
  const pool = await createNodeCryptoPool(poolSize === undefined ? {} : { size: poolSize });
  const api = createApiClient({
    apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch,
    getAuthToken: () => token,
  });
  const keyring = createKeyringFromAccountKeys(accountKeys, pool);
  const deps: LibraryDeps = { api, pool, keyring, userID };
  const uploadDeps = { api, pool, fetch, ...(sleep === undefined ? {} : { sleep }) };

  return {
    deps,
    pool,
    fetchCollections: (sinceTimeUs) => fetchCollections(deps, sinceTimeUs),
    fetchCollectionFiles: (collection, sinceTimeUs) =>
      fetchCollectionFiles(deps, collection, sinceTimeUs),
    fetchTrash: (collectionKeys, sinceTimeUs) => fetchTrash(deps, collectionKeys, sinceTimeUs),

    createCollection: (options) => createCollection(deps, options),
    renameCollection: (collection, name) => renameCollection(deps, collection, name),
    updateCollectionMagicMetadata: (collection, kind, changes) =>
      updateCollectionMagicMetadata(deps, collection, kind, changes),
    setCollectionHidden: (collection, hidden) => setCollectionHidden(deps, collection, hidden),
    deleteCollection: (collectionID, options) => deleteCollection(deps, collectionID, options),
    addFiles: (target, files) => addFiles(deps, target, files),
    moveFiles: (fromCollectionID, target, files) =>
      moveFiles(deps, fromCollectionID, target, files),
    restoreFiles: (target, files) => restoreFiles(deps, target, files),
    removeFiles: (collectionID, fileIDs) => removeFiles(deps, collectionID, fileIDs),

    upload: (request) => uploadFile(uploadDeps, request),
    downloadFile: async (file) => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of downloadFileContents(deps, file)) chunks.push(chunk);
      return concat(chunks);
    },
    downloadFileChunks: (file) => downloadFileContents(deps, file),
    downloadThumbnail: (file) => downloadThumbnail(deps, file),

    updateFilesMagicMetadata: (kind, edits) => updateFilesMagicMetadata(deps, kind, edits),
    setFileCaption: (file, caption) => setFileCaption(deps, file, caption),
    setFilesVisibility: (files, visibility) => setFilesVisibility(deps, files, visibility),
    trashFiles: (items) => trashFiles(deps, items),
    deleteFromTrash: (fileIDs) => deleteFromTrash(deps, fileIDs),
    emptyTrash: (lastUpdatedAtUs) => emptyTrash(deps, lastUpdatedAtUs),

    close: () => pool.terminate(),
  };
};
