// The browser entry of the public album worker: one dedicated worker per
// `/shared-albums` tab, created by `web/photos/shared-albums/browser-public-album-worker.ts`.
// vite-plugin-comlink exposes every export of this module. It holds the
// album's key (from the link's fragment) and runs its own crypto pool, as
// the sync worker does. See: [Note: The sync worker runs its own crypto pool]
// See: [Note: A public album is the gallery's engine over one collection]

// First: see [Note: Zod parses without eval].
import "../../shared/api/zod-jitless";
import { clientPackages } from "../../shared/api/headers";
import { createBrowserCryptoPool } from "../crypto/browser-pool";
import { createBrowserMediaWorker } from "../media/browser-media-worker";
import type { MediaWorkerClient } from "../media/media-worker-client";
import { galleryWorkerCalls } from "../gallery/gallery-worker-calls";
import { uploadWorkerCalls } from "../upload/upload-contract";
import { indexedDBDeviceTokens } from "./device-tokens";
import type { JoinOutcome, JoiningAccount } from "./join-album";
import type { PasswordOutcome, PublicAlbumState, PublicAlbumUpdate } from "./public-album-contract";
import { type PublicAlbumService, createPublicAlbumService } from "./public-album-service";

let service: PublicAlbumService | undefined;

/**
 * The media worker of a visitor's uploads and of the viewer's conversions
 * (HEIC and the like): started on its first call (most visitors only look
 * at JPEGs).
 */
let mediaWorker: MediaWorkerClient | undefined;
const media = (): MediaWorkerClient => (mediaWorker ??= createBrowserMediaWorker());

const ensureService = (): PublicAlbumService => {
  if (service === undefined) throw new Error("The public album worker was not opened");
  return service;
};

/** Opens the link of the page's address (`location.search`, `location.hash`) against `apiOrigin`. */
export const open = (
  apiOrigin: string,
  search: string,
  fragment: string,
): Promise<PublicAlbumState> => {
  service ??= createPublicAlbumService({
    apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch: (url, init) => fetch(url, init),
    pool: createBrowserCryptoPool(),
    deviceTokens: indexedDBDeviceTokens(indexedDB, IDBKeyRange),
    startUploadMedia: () => media().upload,
    displayImage: (image, fileName) => media().displayImage(image, fileName),
    // Cache Storage exists only in secure contexts (https, localhost).
    caches: typeof caches === "undefined" ? undefined : caches,
    clock: {
      nowMs: () => Date.now(),
      setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
  });
  return service.open(search, fragment);
};

export const verifyPassword = (password: string): Promise<PasswordOutcome> =>
  ensureService().verifyPassword(password);

// ---------------------------------------------------------------------------
// The gallery's and the uploads' calls, as `web/common/library/gallery-client-comlink.ts`
// and `upload-client-comlink.ts` make them. See: [Note: A worker's API is declared once]

export const {
  openView,
  viewWindow,
  viewItemsAt,
  indexOfFile,
  fileDetails,
  albumSharing,
  thumbnails,
  original,
  playableVideo,
  download,
  perform,
} = galleryWorkerCalls(ensureService);

export const { upload, cancelUpload } = uploadWorkerCalls({
  ensure: ensureService,
  current: () => service,
});

/** A UI-thread listener behind a Comlink proxy. */
export type RemoteAlbumListener = (update: PublicAlbumUpdate) => Promise<void>;

/** The page's listener for the album's changes while it is open. */
export const watch = (listener: RemoteAlbumListener): void => {
  ensureService().watch((update) => {
    listener(update).catch(() => undefined);
  });
};

/** Pulls the album again (the page asks now and then, and when it is shown again). */
export const refresh = (): Promise<void> => ensureService().refresh();

/** A logged-in visitor joins the album (the page gives the session token and public key). */
export const join = (account: JoiningAccount): Promise<JoinOutcome> =>
  ensureService().join(account);
