// The gallery's calls as a worker entry exposes them over Comlink (the sync
// worker for the library, the public album worker for a link's album), in
// one place: thumbnails become data URLs made in the worker, and the
// page's progress and file callbacks, which arrive as Comlink proxies, are
// called fire-and-forget (a proxy's promise rejects once the page has gone
// away). See: [Note: Thumbnails reach the page as data URLs]
// See: [Note: A worker's API is declared once]

import { type WithRemoteCallbacks, pageCallback } from "../worker-boundary";
import type { GalleryCalls, ThumbnailURLResult } from "./gallery-contract";
import { thumbnailURLs } from "./media/thumbnail-urls";

/**
 * The gallery's exports of a worker entry: the calls with the page's
 * callbacks as Comlink proxies, and thumbnails as data URLs.
 */
export type GalleryWorkerExports = {
  [Name in Exclude<keyof GalleryCalls, "thumbnails">]: WithRemoteCallbacks<GalleryCalls[Name]>;
} & {
  thumbnails: (fileIDs: readonly number[]) => Promise<ThumbnailURLResult[]>;
};

/** The exports of a worker entry for the gallery, over `service()` (which throws when there is none). */
export const galleryWorkerCalls = (service: () => GalleryCalls): GalleryWorkerExports => ({
  openView: (viewID) => service().openView(viewID),
  viewWindow: (viewID, startIndex, count) => service().viewWindow(viewID, startIndex, count),
  viewItemsAt: (viewID, indexes) => service().viewItemsAt(viewID, indexes),
  indexOfFile: (viewID, fileID) => service().indexOfFile(viewID, fileID),
  fileDetails: (fileID) => service().fileDetails(fileID),
  albumSharing: (collectionID) => service().albumSharing(collectionID),
  thumbnails: async (fileIDs) => thumbnailURLs(await service().thumbnails(fileIDs)),
  original: (fileID, onProgress) =>
    service().original(fileID, onProgress === undefined ? undefined : pageCallback(onProgress)),
  playableVideo: (fileID) => service().playableVideo(fileID),
  download: (fileIDs, mode, onProgress, onFile, zipName) =>
    service().download(fileIDs, mode, pageCallback(onProgress), pageCallback(onFile), zipName),
  perform: (action) => service().perform(action),
});
