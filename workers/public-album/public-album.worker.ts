// The browser entry of the public album worker: one dedicated worker per
// `/shared-albums` tab, created by `browser-public-album-worker.ts`.
// vite-plugin-comlink exposes every export of this module. It holds the
// album's key (from the link's fragment) and runs its own crypto pool, as
// the sync worker does. See: [Note: The sync worker runs its own crypto pool]
// See: [Note: A public album is the gallery's engine over one collection]

import { clientPackages } from "../../shared/api/headers";
import { createBrowserCryptoPool } from "../crypto/browser-pool";
import type { ActionOutcome } from "../sync/gallery-contract";
import { galleryWorkerCalls } from "../sync/gallery-worker-calls";
import { indexedDBDeviceTokens } from "./device-tokens";
import type { PasswordOutcome, PublicAlbumState } from "./public-album-contract";
import { type PublicAlbumService, createPublicAlbumService } from "./public-album-service";

let service: PublicAlbumService | undefined;

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
// The gallery's calls, as `web/common/library/gallery-client-comlink.ts` makes them.

export const {
  openView,
  viewWindow,
  indexOfFile,
  fileDetails,
  thumbnails,
  releaseThumbnails,
  original,
  download,
} = galleryWorkerCalls(ensureService);

/** A visitor sees no album's people or link. */
export const albumSharing = (): undefined => undefined;

export const perform = (): ActionOutcome => ensureService().perform();
