// Uploads of a public link's visitor into its album, when the link collects
// (spec §6 "allow uploads"): the upload run of the
// gallery (types, metadata, thumbnails, the encrypted transfer) with the
// link's endpoints, into the one album whose key came with the link. Each
// registered file joins the visitor's view of the album at once.
//
// [Note: A visitor's uploads carry the name they gave]
//
// A visitor has no account, so the album's owner could not tell who added
// a photo. The page asks the visitor's name before an upload, and the run
// puts it in each file's public magic metadata (`uploaderName`), which is
// encrypted under the file's key like its other metadata: the server stores
// the file as the owner's and never sees the name. Everyone who opens the
// album reads it in the viewer's details ("Added by …").
//
// [Note: A visitor's upload is deduped against the album only]
//
// The dedupe of the gallery looks for the user's own copies anywhere in
// their library and adds one to the album instead of uploading it again. A
// visitor has no library: the only files they can see are the album's. A
// picked file whose content and type match one of the album's files is
// "already uploaded"; anything else is uploaded, even when the owner keeps
// a copy elsewhere (the visitor cannot know, and could not add it).

import type { ApiClient, FetchFunction } from "../../shared/api/client";
import { fileContentHash } from "../../shared/model/media/live-photo-pairing";
import type { UploadProgressSnapshot } from "../../shared/model/media/upload-progress";
import type { CryptoPool } from "../crypto/pool";
import type { CollectionRef } from "../library/collection-operations";
import type { DecryptedFile } from "../library/decrypted-records";
import { staticThumbnailJPEG } from "../media/image/static-thumbnail";
import { encodeLivePhoto } from "../media/live-photo/live-photo-zip";
import type { UploadProgressListener, UploadRequest } from "../upload/upload-contract";
import { publicLinkUploadEndpoints } from "../upload/upload-endpoints";
import type { UploadAlbums, UploadMedia } from "../upload/upload-run";
import { type UploadService, createUploadService } from "../upload/upload-service";
import type { OwnedCopy, UploadLibrary } from "../upload/upload-unit";

/** The album uploads go into, as the visitor's service holds it once open. */
export interface CollectingAlbum {
  album: CollectionRef;
  /** The album's files as the visitor sees them now. */
  files: () => Iterable<DecryptedFile>;
  /** Whether the link still collects (its owner may turn it off while the page is open). */
  collects: () => boolean;
  /** A file was registered in the album (with its thumbnail's ciphertext): it joins the visitor's view. */
  uploaded: (file: DecryptedFile, thumbnailCiphertext: Uint8Array<ArrayBuffer>) => void;
}

export interface PublicUploadsDeps {
  /** The link's API client (its access token and password JWT). */
  api: () => ApiClient;
  pool: CryptoPool;
  fetch: FetchFunction;
  /** Starts the media worker (once, on the first upload). */
  startMedia: () => UploadMedia;
  /** The open album; undefined before it opened. */
  album: () => CollectingAlbum | undefined;
  /** After a run: the album is pulled again (what others added meanwhile, the server's own record). */
  afterRun: () => void;
  nowMs: () => number;
}

export interface PublicUploads {
  upload(request: UploadRequest, listener: UploadProgressListener): Promise<UploadProgressSnapshot>;
  cancel(): void;
}

/** An upload asked of a link that does not collect (or before the album opened). */
export class CollectNotAllowedError extends Error {
  override readonly name = "CollectNotAllowedError";
}

const openAlbum = (deps: PublicUploadsDeps): CollectingAlbum => {
  const album = deps.album();
  if (album === undefined) throw new CollectNotAllowedError("The album is not open");
  return album;
};

export const createPublicUploads = (deps: PublicUploadsDeps): PublicUploads => {
  let service: UploadService | undefined;
  let media: UploadMedia | undefined;

  const library: UploadLibrary = {
    // See: [Note: A visitor's upload is deduped against the album only]
    ownedCopies: (contentKey, fileType) => {
      const { album, files } = openAlbum(deps);
      const copies: OwnedCopy[] = [];
      for (const file of files()) {
        if (file.metadata.fileType === fileType && fileContentHash(file.metadata) === contentKey) {
          copies.push({ id: file.id, keyB64: file.keyB64, collectionID: album.id });
        }
      }
      return copies;
    },
    uploaded: (file, thumbnailCiphertext) => {
      openAlbum(deps).uploaded(file, thumbnailCiphertext);
      return Promise.resolve();
    },
    // Never reached: every copy a visitor is shown is in the target album.
    addCopy: () =>
      Promise.reject(new CollectNotAllowedError("A visitor has no files of their own to add")),
  };

  const albums = (): UploadAlbums => ({
    albumFor: (target) => {
      const { album } = openAlbum(deps);
      if (target.kind !== "album" || target.collectionID !== album.id) {
        return Promise.reject(
          new CollectNotAllowedError("A visitor adds only to the link's album"),
        );
      }
      return Promise.resolve(album);
    },
  });

  const serviceFor = (): UploadService => {
    media ??= deps.startMedia();
    const startedMedia = media;
    service ??= createUploadService({
      api: deps.api(),
      pool: deps.pool,
      fetch: deps.fetch,
      endpoints: publicLinkUploadEndpoints,
      library,
      // The owner's storage is not the visitor's to know: the server's 426 decides.
      storageLeftBytes: () => Promise.resolve(undefined),
      staticThumbnail: staticThumbnailJPEG(),
      livePhotoZip: (image, video) => encodeLivePhoto({ image, video }),
      media: startedMedia,
      albums,
      nowMs: deps.nowMs,
    });
    return service;
  };

  return {
    upload: async (request, listener) => {
      if (!openAlbum(deps).collects()) {
        throw new CollectNotAllowedError("The link's owner does not take photos");
      }
      const final = await serviceFor().upload(request, listener);
      deps.afterRun();
      return final;
    },
    cancel: () => {
      service?.cancel();
    },
  };
};
