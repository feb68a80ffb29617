// Uploads into the library the sync worker holds: the dedupe
// looks at the user's own files in the stored library, a registered file is
// stored at once (so the gallery shows it before the next pull), albums are
// found or made among the stored collections, and the media work goes to a
// media worker started on the first upload.

import type { ApiClient, FetchFunction } from "../../../shared/api/client";
import { defaultCollectionNames } from "../../../shared/model/library/collection-metadata";
import type { FileType } from "../../../shared/model/library/file-metadata";
import { getUserDetails } from "../../../shared/api/endpoints/users";
import { storageLeftBytes } from "../../../shared/model/media/storage-left";
import { fileContentHash } from "../../../shared/model/media/live-photo-pairing";
import type { UploadProgressSnapshot } from "../../../shared/model/media/upload-progress";
import type { CryptoPool } from "../../crypto/pool";
import { addFiles, createCollection } from "../../library/collection-operations";
import type { DecryptedFile } from "../../library/decrypted-records";
import type { LibraryKeyring } from "../../library/keyring";
import type { LibraryDeps } from "../../library/library-deps";
import { staticThumbnailJPEG } from "../../media/image/static-thumbnail";
import { encodeLivePhoto } from "../../media/live-photo/live-photo-zip";
import { createUploadAlbums } from "../../upload/upload-albums";
import type { UploadProgressListener, UploadRequest } from "../../upload/upload-contract";
import type { UploadMedia } from "../../upload/upload-run";
import { type UploadService, createUploadService } from "../../upload/upload-service";
import type { OwnedCopy, UploadLibrary } from "../../upload/upload-unit";
import type { LibraryStore } from "../library-store";
import { batchedWrites } from "./batched-writes";

export interface LibraryUploadsDeps {
  /** The stored library, once loaded. */
  store: () => LibraryStore | undefined;
  userID: () => number;
  /** The session's API client; throws when there is no session token. */
  api: () => ApiClient;
  pool: CryptoPool;
  keyring: LibraryKeyring;
  fetch: FetchFunction;
  /** Starts the media worker (once, on the first upload). */
  startMedia: () => UploadMedia;
  /** The library changed: the gallery is told (throttled). */
  changed: () => void;
  /** Keeps the thumbnail an upload sent for the gallery. See: [Note: An uploaded file's thumbnail is not fetched back] */
  thumbnailUploaded: (file: DecryptedFile, ciphertext: Uint8Array<ArrayBuffer>) => void;
  /** Pulls now and waits (a new album must be known before files are stored in it). */
  sync: () => Promise<unknown>;
  /** Asks for a pull (after a run, for what other devices see too). */
  requestSync: () => void;
  /** Uploads started (true) or all ended (false). See: [Note: Indexing gives way to uploads] */
  uploadingChanged?: (uploading: boolean) => void;
  nowMs: () => number;
}

export interface LibraryUploads {
  upload(request: UploadRequest, listener: UploadProgressListener): Promise<UploadProgressSnapshot>;
  cancel(): void;
}

const contentIndexKey = (contentKey: string, fileType: FileType) =>
  `${String(fileType)}:${contentKey}`;

/**
 * The user's own files by content, built from the stored library when it
 * changed since the last look, and kept up to date by the run's own
 * registrations (which change the library once per file: rebuilding the
 * index each time would be a pass over 100,000 files per upload).
 */
class OwnedContentIndex {
  #builtAtVersion = -1;
  readonly #copies = new Map<string, OwnedCopy[]>();
  /** The index key of each file indexed (a copy added elsewhere goes under the same key). */
  readonly #keyOfFile = new Map<number, string>();

  copies(store: LibraryStore, userID: number, key: string): readonly OwnedCopy[] {
    if (this.#builtAtVersion !== store.version) this.#rebuild(store, userID);
    return this.#copies.get(key) ?? [];
  }

  #rebuild(store: LibraryStore, userID: number) {
    this.#copies.clear();
    this.#keyOfFile.clear();
    // The user's files in albums shared with them count too: a collaborator's
    // photo already in the shared album is "already uploaded" there.
    for (const collection of store.collections.values()) {
      if (collection.isDeleted) continue;
      for (const file of store.filesOf(collection.id)) this.add(file, userID);
    }
    this.#builtAtVersion = store.version;
  }

  add(file: DecryptedFile, userID: number) {
    if (file.ownerID !== userID) return;
    const contentKey = fileContentHash(file.metadata);
    if (contentKey === undefined) return;
    this.#put(contentIndexKey(contentKey, file.metadata.fileType), {
      id: file.id,
      keyB64: file.keyB64,
      collectionID: file.collectionID,
    });
  }

  /** An indexed file was added to another collection. */
  addedTo(copy: OwnedCopy, collectionID: number) {
    const key = this.#keyOfFile.get(copy.id);
    if (key !== undefined) this.#put(key, { ...copy, collectionID });
  }

  #put(key: string, copy: OwnedCopy) {
    const list = this.#copies.get(key) ?? [];
    list.push(copy);
    this.#copies.set(key, list);
    this.#keyOfFile.set(copy.id, key);
  }

  /** The store moved on by this run's own change: the index already has it. */
  caughtUp(store: LibraryStore) {
    if (this.#builtAtVersion >= 0) this.#builtAtVersion = store.version;
  }
}

/**
 * [Note: Uploaded files show before the next pull]
 *
 * A file registered by `POST /files` comes back in the answer with
 * everything the library keeps of it, so it is stored in the library at
 * once (`putFiles`, which leaves the collection's sync time alone) and the
 * gallery shows it as it finishes; the pull after the run answers it again
 * and upserts it over itself. A file added from another album (dedupe) is
 * left to that pull: the add's answer does not carry the file.
 */
export const createLibraryUploads = (deps: LibraryUploadsDeps): LibraryUploads => {
  let media: UploadMedia | undefined;
  let service: UploadService | undefined;
  const index = new OwnedContentIndex();
  /** Upload calls on their way (a request may join a running one). */
  let uploadsRunning = 0;

  const loadedStore = (): LibraryStore => {
    const store = deps.store();
    if (store === undefined) throw new Error("The library is not loaded yet");
    return store;
  };

  const libraryDeps = (): LibraryDeps => ({
    api: deps.api(),
    pool: deps.pool,
    keyring: deps.keyring,
    userID: deps.userID(),
  });

  // See: [Note: Uploaded files are stored in batches]
  const storeUploaded = batchedWrites<DecryptedFile>(async (files) => {
    const store = loadedStore();
    for (const collectionID of new Set(files.map((file) => file.collectionID))) {
      await store.putFiles(
        collectionID,
        files.filter((file) => file.collectionID === collectionID),
      );
    }
    for (const file of files) index.add(file, deps.userID());
    index.caughtUp(store);
    deps.changed();
  });

  const library: UploadLibrary = {
    ownedCopies: (contentKey, fileType) =>
      index.copies(loadedStore(), deps.userID(), contentIndexKey(contentKey, fileType)),
    uploaded: (file, thumbnailCiphertext) => {
      deps.thumbnailUploaded(file, thumbnailCiphertext);
      return storeUploaded(file);
    },
    addCopy: async (copy, target) => {
      await addFiles(libraryDeps(), target, [copy]);
      index.addedTo(copy, target.id);
    },
  };

  const serviceFor = (): UploadService => {
    if (service !== undefined) return service;
    const api = deps.api();
    media ??= deps.startMedia();
    const startedMedia = media;
    service = createUploadService({
      api,
      pool: deps.pool,
      fetch: deps.fetch,
      library,
      storageLeftBytes: () => storageLeftOf(api),
      staticThumbnail: staticThumbnailJPEG(),
      livePhotoZip: (image, video) => encodeLivePhoto({ image, video }),
      media: startedMedia,
      albums: () =>
        createUploadAlbums({
          userID: deps.userID(),
          collections: () => albumCandidates(loadedStore()),
          createAlbum: async (name) => {
            const created = await createCollection(libraryDeps(), { name, type: "album" });
            // The pull stores the new album: files can then be stored in it.
            await deps.sync();
            return created;
          },
          createUncategorized: async () => {
            const created = await createCollection(libraryDeps(), {
              name: defaultCollectionNames.uncategorized,
              type: "uncategorized",
            });
            await deps.sync();
            return created;
          },
        }),
      nowMs: deps.nowMs,
    });
    return service;
  };

  return {
    upload: async (request, listener) => {
      uploadsRunning += 1;
      if (uploadsRunning === 1) deps.uploadingChanged?.(true);
      try {
        const final = await serviceFor().upload(request, listener);
        deps.requestSync();
        return final;
      } finally {
        uploadsRunning -= 1;
        if (uploadsRunning === 0) deps.uploadingChanged?.(false);
      }
    },
    cancel: () => {
      service?.cancel();
    },
  };
};

/**
 * The bytes the user may still fill, from their account details; unknown
 * when the details cannot be fetched (the server's quota check decides).
 * See: [Note: Storage left is the plan's, or the family's]
 */
const storageLeftOf = async (api: ApiClient): Promise<number | undefined> => {
  try {
    return storageLeftBytes(await api.call(getUserDetails, { query: { memoryCount: false } }));
  } catch {
    return undefined;
  }
};

/** Collections as the new-album rule reads them, with their keys. */
const albumCandidates = function* (store: LibraryStore) {
  const hidden = store.hiddenIDs;
  for (const collection of store.collections.values()) {
    yield {
      id: collection.id,
      keyB64: collection.keyB64,
      name: collection.name,
      type: collection.type,
      ownerID: collection.owner.id,
      subType: collection.magicMetadata?.data.subType,
      isHidden: hidden.has(collection.id),
      isDeleted: collection.isDeleted,
    };
  }
};
