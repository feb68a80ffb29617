// The `GalleryClient` over the sync worker's Comlink API: callbacks cross as
// proxies, thumbnails arrive as data URLs the worker made.
// See: [Note: Library workers get keys through a keyring, never the master key]

import { proxy } from "comlink";
import type {
  DownloadedFile,
  GalleryFirstScreen,
  GalleryViewSnapshot,
} from "../../../workers/gallery/gallery-contract";
import type { GalleryWorkerExports } from "../../../workers/gallery/gallery-worker-calls";
import type { WorkerCalls } from "../../../workers/worker-boundary";
import { EarlyThumbnails, firstScreenThumbnailsAskedEarly } from "./early-thumbnails";
import { firstScreenWindow } from "./first-screen-window";
import type { GalleryClient } from "./gallery-client";

/** The worker's gallery exports as the UI thread calls them (each answers a promise). */
export type GalleryWorkerCalls = WorkerCalls<GalleryWorkerExports>;

/** Wraps a UI-thread function so the worker can call it (Comlink's `proxy`; tests pass functions through). */
export type CallbackWrapper = <F extends (...args: never[]) => unknown>(callback: F) => F;

export const comlinkProxy: CallbackWrapper = (callback) => proxy(callback);

/** How far the worker is in opening the stored library. */
export interface LibraryOpening {
  /** Settles when the worker has loaded the stored library; rejects when it could not. */
  opened: Promise<unknown>;
  /** Whether `opened` has resolved. */
  isOpened(): boolean;
  /**
   * The first screen kept from the last session (undefined when there is
   * none); it settles no later than `opened`. See: [Note: The gallery's first screen opens before the library]
   */
  firstScreen: Promise<GalleryFirstScreen | undefined>;
}

/**
 * A `GalleryClient` over the worker. `onOpened` hears every snapshot
 * `openView` answers (the library view keeps the open view's latest),
 * the first screen's and then the loaded library's.
 *
 * [Note: Gallery calls wait for the stored library]
 *
 * The page holds a client as soon as the worker is started, and asks for
 * its view at once; the worker can only answer once it has opened the
 * stored library (keys from the keyring, the local database read). So every
 * call first waits for `opened`, which settles when the worker's `open`
 * has answered; a worker that failed to open fails the calls with its error.
 * Until then, the first screen answers what it holds: the snapshot of its
 * view, windows inside its items (here) and its files' thumbnails (the
 * worker has their records).
 * See: [Note: The gallery's first screen opens before the library]
 */
export const galleryClientOverWorker = (
  api: GalleryWorkerCalls,
  opening: LibraryOpening,
  onOpened: (snapshot: GalleryViewSnapshot) => void,
  wrap: CallbackWrapper = comlinkProxy,
): GalleryClient => {
  const { opened } = opening;
  /** The first screen once it came, while the library is not loaded. */
  let screen: GalleryFirstScreen | undefined;
  let thumbnailIDs: ReadonlySet<number> = new Set();
  const early = new EarlyThumbnails();
  const thumbnailsCall = (fileIDs: readonly number[]) => api.thumbnails([...fileIDs]);
  opening.firstScreen.then(
    (answered) => {
      if (answered === undefined || opening.isOpened()) return;
      screen = answered;
      thumbnailIDs = new Set(answered.thumbnailFileIDs);
      // See: [Note: The page asks for the first screen's thumbnails as it arrives]
      const leading = answered.items.slice(0, firstScreenThumbnailsAskedEarly);
      early.ask(
        leading.map(({ id }) => id),
        thumbnailsCall,
      );
    },
    () => undefined,
  );
  opened.then(
    () => {
      early.clear();
    },
    () => {
      early.clear();
    },
  );
  const earlyScreen = () => (opening.isOpened() ? undefined : screen);
  /** Counts `openView` calls: only the latest one's view is opened again once the library is loaded. */
  let openCount = 0;

  return {
    async openView(viewID) {
      const call = ++openCount;
      const answered = await opening.firstScreen.catch(() => undefined);
      if (answered !== undefined && answered.viewID === viewID && earlyScreen() !== undefined) {
        onOpened(answered.snapshot);
        // The loaded library's snapshot (a newer version) replaces the first screen's.
        opened
          .then(async () => {
            if (call === openCount) onOpened(await api.openView(viewID));
          })
          .catch(() => undefined);
        return answered.snapshot;
      }
      await opened;
      const snapshot = await api.openView(viewID);
      onOpened(snapshot);
      return snapshot;
    },
    viewWindow: async (viewID, startIndex, count) => {
      const early = earlyScreen();
      const window =
        early === undefined ? undefined : firstScreenWindow(early, viewID, startIndex, count);
      if (window !== undefined) return window;
      await opened;
      return api.viewWindow(viewID, startIndex, count);
    },
    viewItemsAt: async (viewID, indexes) => {
      await opened;
      return api.viewItemsAt(viewID, indexes);
    },
    indexOfFile: async (viewID, fileID) => {
      await opened;
      return api.indexOfFile(viewID, fileID);
    },
    fileDetails: async (fileID) => {
      await opened;
      return api.fileDetails(fileID);
    },
    albumSharing: async (collectionID) => {
      await opened;
      return api.albumSharing(collectionID);
    },
    thumbnails: async (fileIDs) => {
      if (earlyScreen() === undefined || !fileIDs.every((id) => thumbnailIDs.has(id))) await opened;
      return early.take(fileIDs, thumbnailsCall);
    },
    isThumbnailAskedAhead: (fileID) => early.has(fileID),
    original: async (fileID, onProgress) => {
      await opened;
      return api.original(
        fileID,
        onProgress === undefined
          ? undefined
          : wrap((id: number, percent: number) => {
              onProgress(id, percent);
              return Promise.resolve();
            }),
      );
    },
    playableVideo: async (fileID) => {
      await opened;
      return api.playableVideo(fileID);
    },
    download: async (fileIDs, mode, onProgress, onFile, zipName) => {
      await opened;
      return api.download(
        [...fileIDs],
        mode,
        wrap((id: number, percent: number) => {
          onProgress(id, percent);
          return Promise.resolve();
        }),
        wrap((file: DownloadedFile) => {
          onFile(file);
          return Promise.resolve();
        }),
        ...(zipName === undefined ? [] : [zipName]),
      );
    },
    perform: async (action) => {
      await opened;
      return api.perform(action);
    },
  };
};
