// The gallery's calls as a worker entry exposes them over Comlink (the sync
// worker for the library, the public album worker for a link's album), in
// one place: thumbnails become object URLs made in the worker, and the
// page's progress and file callbacks, which arrive as Comlink proxies, are
// called fire-and-forget (a proxy's promise rejects once the page has gone
// away). See: [Note: Thumbnail URLs are made in the worker]

import type { DownloadedFile } from "./gallery-contract";
import { releaseThumbnailURLs, thumbnailURLs } from "./media/thumbnail-urls";
import type { SyncService } from "./sync-service-contract";

/** What a worker answers the grid and the viewer with. */
export type GalleryCalls = Pick<
  SyncService,
  "openView" | "viewWindow" | "indexOfFile" | "fileDetails" | "thumbnails" | "original" | "download"
>;

/** A UI-thread callback behind a Comlink proxy: calling it answers a promise. */
export type RemoteProgressListener = (fileID: number, percent: number) => Promise<void>;
export type RemoteFileListener = (file: DownloadedFile) => Promise<void>;

/** A page's callback behind a Comlink proxy as a fire-and-forget listener. */
const pageListener =
  <A extends unknown[]>(remote: (...args: A) => Promise<void>) =>
  (...args: A): void => {
    remote(...args).catch(() => undefined);
  };

/** The exports of a worker entry for the gallery, over `service()` (which throws when there is none). */
export const galleryWorkerCalls = (service: () => GalleryCalls) => ({
  openView: (viewID: number) => service().openView(viewID),
  viewWindow: (viewID: number, startIndex: number, count: number) =>
    service().viewWindow(viewID, startIndex, count),
  indexOfFile: (viewID: number, fileID: number) => service().indexOfFile(viewID, fileID),
  fileDetails: (fileID: number) => service().fileDetails(fileID),
  thumbnails: async (fileIDs: readonly number[]) =>
    thumbnailURLs(await service().thumbnails(fileIDs)),
  /** Revokes thumbnail URLs the page no longer shows. */
  releaseThumbnails: (urls: readonly string[]): void => {
    releaseThumbnailURLs(urls);
  },
  original: (fileID: number, onProgress?: RemoteProgressListener) =>
    service().original(fileID, onProgress === undefined ? undefined : pageListener(onProgress)),
  download: (
    fileIDs: readonly number[],
    mode: "files" | "zip",
    onProgress: RemoteProgressListener,
    onFile: RemoteFileListener,
    zipName?: string,
  ) => service().download(fileIDs, mode, pageListener(onProgress), pageListener(onFile), zipName),
});
