// The public album worker as the page calls it: its own calls (open a link,
// check a password) and the gallery's, through the same `GalleryClient`
// adapter as the library's worker, so the grid and the viewer cannot tell
// them apart. See: [Note: A public album is the gallery's engine over one collection]

import type * as PublicAlbumWorkerModule from "../../../workers/public-album/public-album.worker";
import type { WorkerCalls } from "../../../workers/worker-boundary";
import type { GalleryClient } from "../../common/library/gallery-client";
import type { UploadClient } from "../../common/library/upload-client";
import {
  type UploadWorkerCalls,
  uploadClientOverWorker,
} from "../../common/library/upload-client-comlink";
import {
  type CallbackWrapper,
  type GalleryWorkerCalls,
  comlinkProxy,
  galleryClientOverWorker,
} from "../../common/library/gallery-client-comlink";

/** The public album worker's exports as the page calls them (each answers a promise). */
export type PublicAlbumWorkerCalls = GalleryWorkerCalls &
  UploadWorkerCalls &
  WorkerCalls<
    Pick<typeof PublicAlbumWorkerModule, "open" | "verifyPassword" | "watch" | "refresh" | "join">
  >;

export interface PublicAlbumWorker {
  api: PublicAlbumWorkerCalls;
  terminate(): void;
}

/** Starts a public album worker (the browser's; tests give a fake). */
export type StartPublicAlbumWorker = () => PublicAlbumWorker;

/**
 * The gallery client of an opened album. The worker answers gallery calls
 * only once the album is open, and the page makes this client only then:
 * no call waits. See: [Note: Gallery calls wait for the stored library]
 */
export const publicAlbumGalleryClient = (
  api: GalleryWorkerCalls,
  wrap: CallbackWrapper = comlinkProxy,
): GalleryClient =>
  galleryClientOverWorker(
    api,
    { opened: Promise.resolve(), isOpened: () => true, firstScreen: Promise.resolve(undefined) },
    () => undefined,
    wrap,
  );

/** The upload client of an opened album (a collecting link's): the worker is open already. */
export const publicAlbumUploadClient = (
  api: UploadWorkerCalls,
  wrap: CallbackWrapper = comlinkProxy,
): UploadClient => uploadClientOverWorker(api, Promise.resolve(), wrap);
