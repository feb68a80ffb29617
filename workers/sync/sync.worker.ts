// The browser entry of the sync worker: one dedicated worker per logged-in
// tab, created by `web/common/workers/browser-sync-worker.ts`. vite-plugin-comlink exposes every
// export of this module.

// [Note: The sync worker runs its own crypto pool]
//
// The sync worker decrypts pages and seals the local database through a
// crypto pool of nested dedicated workers that it starts itself
// (`createBrowserCryptoPool`): Chromium, and so Electron's renderer, support
// workers started from workers, and the pages' ciphertexts then go from the
// sync worker to the crypto workers and back without crossing the UI thread.
// The other choice, ports handed over by the UI thread to a pool it owns,
// would add a hop per batch and tie the sync worker's life to the UI's pool.
// The page may start the crypto workers itself and hand over a port to each
// (see [Note: The page starts the sync worker's crypto workers]): the calls
// still go from this worker to them directly. Besides those ports, the
// keyring is the one port the UI thread hands over (from the account
// worker). See: [Note: Library workers get keys through a keyring, never the master key]

// [Note: The sync worker loads what a reload does not need on first use]
//
// A reload compiles and evaluates the sync worker's module before the
// gallery's first screen can be read (Chromium keeps no compiled code for a
// module worker between page loads), on two cores shared with the page, the
// account and crypto workers and the old page's teardown. So what only a
// later action needs is imported on first use, in chunks of its own: the
// uploads (with their album, media and live photo code), exifr (camera
// details, fixing a time) and client-zip (zip downloads).

// Before any schema: see [Note: Zod parses without eval].
import "../../shared/api/zod-jitless";
import type { ViewChoices } from "../../shared/model/library/view-choices";
import { adoptCryptoPorts, takeCryptoPool } from "./crypto-pool-start";
import { listenForKeyringLock } from "../account/keyring-port";
import { createBrowserMediaWorker } from "../media/browser-media-worker";
import type { MediaWorkerClient } from "../media/media-worker-client";
import { uploadWorkerCalls } from "../upload/upload-contract";
import type { EditedCopyCalls } from "../upload/edited-copy-contract";
import { type WithRemoteCallbacks, pageCallback } from "../worker-boundary";
import type { BrowserCryptoPool } from "../crypto/browser-pool";
import type { GalleryFirstScreen } from "../gallery/gallery-contract";
import type { LibrarySummary } from "./library-summary";
import { storedFirstScreen } from "./first-screen";
import { galleryWorkerCalls } from "../gallery/gallery-worker-calls";
import type { SearchCalls } from "../search/search-contract";
import type { DuplicatesCalls, SimilarPhotosCalls } from "../dedupe/duplicates-contract";
import type { PeopleCalls } from "../people/people-contract";
import type { MapCalls } from "../map/map-contract";
import type { MLStatus } from "../ml/indexing/indexing-contract";
import { placesLoader } from "../places/places-loader";
import { type BrowserMLWorker, startBrowserMLWorker } from "../ml/browser-ml-worker";
import type { MLWorkerCalls } from "../ml/ml-worker-contract";
import { fetchBundledPlacesAsset } from "../places/bundled-places-asset";
import { LocalDatabase } from "./local-db";
import { keyringOverPort } from "./remote-keyring";
import type { SyncReason } from "./schedule";
import { SyncStoppedError } from "./sync-errors";
import { expose, wrap } from "comlink";
import type { NativeConversions } from "../native-conversion/native-conversion-contract";
import {
  type ConversionsInUse,
  nativeFirstConversions,
  webConversions,
} from "../native-conversion/conversions-in-use";
import type { ExportLibraryCalls } from "../export/export-library-calls";
import {
  type LibraryListener,
  type SyncService,
  type SyncSession,
  type SyncStatus,
  createSyncService,
} from "./sync-service";

let service: SyncService | undefined;

/** The crypto pool, taken by `open`. */
let pool: BrowserCryptoPool | undefined;

/**
 * The crypto workers the page started for this worker, one port
 * (transferred) to each; called before `open`.
 * See: [Note: The page starts the sync worker's crypto workers]
 */
export const adoptCryptoWorkers = (ports: MessagePort[]): void => {
  adoptCryptoPorts(ports);
};

/**
 * The one media worker of this sync worker, shared by uploads and the
 * viewer; it starts on its first call, not here (most sessions upload
 * nothing and open no HEIC). See: [Note: The media worker is ended when a call passes its deadline]
 */
let mediaWorker: MediaWorkerClient | undefined;

/** The ML worker (CLIP, the things detector), started on the first indexing run. */
let mlWorker: BrowserMLWorker | undefined;
/** The desktop's native CLIP, kept until the ML worker starts. */
let nativeClipPort: MessagePort | undefined;
const ml = (): MLWorkerCalls => {
  if (mlWorker === undefined) {
    mlWorker = startBrowserMLWorker();
    if (nativeClipPort !== undefined) mlWorker.adoptNativeClip(nativeClipPort);
    nativeClipPort = undefined;
  }
  return mlWorker;
};

/**
 * The desktop app's native CLIP, served over `port` (transferred): the ML
 * worker computes every embedding there. See: [Note: The desktop runs CLIP natively]
 */
export const adoptNativeML = (port: MessagePort): void => {
  if (mlWorker === undefined) nativeClipPort = port;
  else mlWorker.adoptNativeClip(port);
};

const media = (): MediaWorkerClient => (mediaWorker ??= createBrowserMediaWorker());

/**
 * The conversions of the viewer and of uploads: the media worker's, or in
 * the desktop app the native ones first (`adoptNativeConversions`).
 */
let conversions: ConversionsInUse = webConversions(media);

/**
 * The desktop app's native conversions, served over `port` (transferred):
 * the viewer and uploads prefer them, the media worker staying the fallback.
 */
export const adoptNativeConversions = (port: MessagePort): void => {
  conversions = nativeFirstConversions(wrap<NativeConversions>(port), media);
};

/**
 * The local database and the first screen's sealed row, read while the page
 * starts (only ciphertext: the key comes with `open`). Taken by the first
 * `open`; a worker that never opens leaves the connection to be closed by
 * the logout's deletion (Dexie closes on `versionchange`).
 * See: [Note: The gallery's first screen opens before the library]
 */
const prefetch = () => {
  const db = new LocalDatabase(indexedDB, IDBKeyRange);
  return { db, firstScreen: storedFirstScreen(db).catch(() => undefined) };
};
let prefetched: ReturnType<typeof prefetch> | undefined = prefetch();

const ensureService = (): SyncService => {
  if (service === undefined) throw new SyncStoppedError();
  return service;
};

/** Stops syncing, closes the database and ends the crypto workers. */
export const close = async (): Promise<void> => {
  const stopping = service;
  service = undefined;
  await stopping?.close();
  pool?.terminate();
  pool = undefined;
  // The next session's first media call starts a new one.
  mediaWorker?.stop();
};

/**
 * Opens the stored library with keys from `keyringPort` (transferred) and
 * starts syncing. Resolves with the stored library's summary, before the
 * first sync has answered.
 */
/** The places data, fetched from the app's origin once per worker. See: [Note: Places load with the first search] */
const tabPlaces = placesLoader(fetchBundledPlacesAsset((url, init) => fetch(url, init)));

export const open = async (
  session: SyncSession,
  keyringPort: MessagePort,
): Promise<LibrarySummary> => {
  if (service !== undefined) return service.open(session);
  const { pool: started, growAfter } = takeCryptoPool();
  pool?.terminate();
  pool = started;
  service = createSyncService({
    indexedDB,
    IDBKeyRange,
    pool: started,
    // A connection closed since (the logout deleted the database) is of no use.
    prefetched: prefetched?.db.hasBeenClosed() === false ? prefetched : undefined,
    keyring: keyringOverPort(keyringPort),
    fetch: (url, init) => fetch(url, init),
    timers: {
      setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
    nowMs: () => Date.now(),
    // Cache Storage exists only in secure contexts (https, localhost).
    caches: typeof caches === "undefined" ? undefined : caches,
    startUploadMedia: () => conversions.uploadMedia(),
    displayImage: (image, fileName) => conversions.displayImage(image, fileName),
    playableVideo: (video, fileName) =>
      conversions.playableVideo?.(video, fileName) ?? Promise.resolve(undefined),
    places: tabPlaces,
    startML: ml,
    logError: (message, cause) => {
      console.error(message, cause);
    },
  });
  prefetched = undefined;
  // See: [Note: Locking the account stops the library's workers first]
  listenForKeyringLock(keyringPort, close);
  const opened = service;
  const opening = opened.open(session);
  // See: [Note: The page starts the sync worker's crypto workers]
  growAfter({ firstScreen: opened.firstScreen(), loaded: opening }, () => service === opened);
  return opening;
};

/**
 * The gallery's first screen kept from the last session, as soon as `open`
 * has read it (before the library is loaded); undefined when there is none.
 * Call after `open`. See: [Note: The gallery's first screen opens before the library]
 */
export const firstScreen = (): Promise<GalleryFirstScreen | undefined> =>
  service === undefined ? Promise.resolve(undefined) : service.firstScreen();

export const setToken = (token: string): void => {
  ensureService().setToken(token);
};

export const setOnline = (online: boolean): void => {
  ensureService().setOnline(online);
};

export const setViewChoices = (choices: ViewChoices): void => {
  ensureService().setViewChoices(choices);
};

export const requestSync = (reason: SyncReason): void => {
  ensureService().requestSync(reason);
};

export const sync = (reason: SyncReason): Promise<SyncStatus> => ensureService().sync(reason);

export const status = (): SyncStatus => ensureService().status();

export const librarySummary = (): LibrarySummary => ensureService().librarySummary();

/** A UI-thread function behind a Comlink proxy: calling it answers a promise. */
export type RemoteLibraryListener = (...args: Parameters<LibraryListener>) => Promise<void>;

/**
 * Calls `listener` (a Comlink proxy) after every change; its answer (once the
 * page has shown the change) paces the next throttled one; a page gone away
 * is ignored. See: [Note: Notifying during a pull takes a bounded share of the worker]
 */
export const subscribe = (listener: RemoteLibraryListener): number =>
  ensureService().subscribe((summary, current, view) =>
    listener(summary, current, view).catch(() => undefined),
  );

export const unsubscribe = (subscriptionID: number): void => {
  service?.unsubscribe(subscriptionID);
};

// ---------------------------------------------------------------------------
// The gallery's and the uploads' calls: `web/common/library/gallery-client.ts`
// and `upload-client.ts` call these. See: [Note: A worker's API is declared once]

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

// The search bar's calls: `web/common/library/search-client.ts` calls these.
export const searchSuggestions = (...args: Parameters<SearchCalls["searchSuggestions"]>) =>
  ensureService().searchSuggestions(...args);
export const openSearch = (...args: Parameters<SearchCalls["openSearch"]>) =>
  ensureService().openSearch(...args);
export const cityName = (...args: Parameters<SearchCalls["cityName"]>) =>
  ensureService().cityName(...args);
export const locationTagName = (...args: Parameters<SearchCalls["locationTagName"]>) =>
  ensureService().locationTagName(...args);

// The duplicates page: `web/common/library/duplicates-client.ts` calls this.
export const exactDuplicates = (): ReturnType<DuplicatesCalls["exactDuplicates"]> =>
  ensureService().exactDuplicates();
export const removeDuplicates = (
  ...args: Parameters<DuplicatesCalls["removeDuplicates"]>
): ReturnType<DuplicatesCalls["removeDuplicates"]> => ensureService().removeDuplicates(...args);
export const largeFiles = (): ReturnType<DuplicatesCalls["largeFiles"]> =>
  ensureService().largeFiles();
export const similarPhotos = (
  ...args: Parameters<SimilarPhotosCalls["similarPhotos"]>
): ReturnType<SimilarPhotosCalls["similarPhotos"]> => ensureService().similarPhotos(...args);

// The map page: `web/common/library/map-client.ts` calls these.
export const mapOverview = (...args: Parameters<MapCalls["mapOverview"]>) =>
  ensureService().mapOverview(...args);
export const mapMarkers = (...args: Parameters<MapCalls["mapMarkers"]>) =>
  ensureService().mapMarkers(...args);

// The people: `web/common/library/people-client.ts` calls these.
export const people = () => ensureService().people();
export const person = (...args: Parameters<PeopleCalls["person"]>) =>
  ensureService().person(...args);
export const personFaces = (...args: Parameters<PeopleCalls["personFaces"]>) =>
  ensureService().personFaces(...args);
export const faceCrops = (...args: Parameters<PeopleCalls["faceCrops"]>) =>
  ensureService().faceCrops(...args);
export const facesInFile = (...args: Parameters<PeopleCalls["facesInFile"]>) =>
  ensureService().facesInFile(...args);
export const namePerson = (...args: Parameters<PeopleCalls["namePerson"]>) =>
  ensureService().namePerson(...args);
export const mergePeople = (...args: Parameters<PeopleCalls["mergePeople"]>) =>
  ensureService().mergePeople(...args);
export const removeFacesFromPerson = (...args: Parameters<PeopleCalls["removeFacesFromPerson"]>) =>
  ensureService().removeFacesFromPerson(...args);
export const setPersonHidden = (...args: Parameters<PeopleCalls["setPersonHidden"]>) =>
  ensureService().setPersonHidden(...args);
export const setFaceIndexing = (...args: Parameters<PeopleCalls["setFaceIndexing"]>) =>
  ensureService().setFaceIndexing(...args);

// On-device indexing: the settings' and the sidebar's progress and switch.
export const indexingStatus = (): MLStatus | undefined => service?.indexingStatus();
export const setIndexingEnabled = (enabled: boolean): void => {
  service?.setIndexingEnabled(enabled);
};

export const { upload, cancelUpload } = uploadWorkerCalls({
  ensure: ensureService,
  current: () => service,
});

/**
 * The photo editor's save: `web/common/library/edited-copy-client-comlink.ts`
 * calls it, the image crossing as a Blob and the progress listener as a proxy.
 */
export const saveEditedCopy: WithRemoteCallbacks<EditedCopyCalls["saveEditedCopy"]> = (
  request,
  onProgress,
) => ensureService().saveEditedCopy(request, pageCallback(onProgress));

/**
 * Serves the library to the desktop app's export process over `port`
 * (transferred; the page got it from the desktop shell).
 * See: [Note: The export runs in a utility process]
 */
export const serveExportLibrary = (port: MessagePort): void => {
  const calls: ExportLibraryCalls = {
    exportLibrary: () => ensureService().exportLibrary(),
    nextLibraryChange: (afterVersion) => ensureService().nextLibraryChange(afterVersion),
  };
  expose(calls, port);
};
