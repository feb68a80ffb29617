// What the sync service offers and needs: its status, its session, its
// dependencies and its calls (the implementation is `sync-service.ts`).

import type { ViewChoices } from "../../shared/model/library/view-choices";
import type { FetchFunction } from "../../shared/api/client";
import type { CryptoPool } from "../crypto/pool";
import type { DecryptedFile } from "../library/decrypted-records";
import type { LibraryKeyring } from "../library/keyring";
import type {
  GalleryCalls,
  GalleryFirstScreen,
  GalleryViewSnapshot,
} from "../gallery/gallery-contract";
import type { MediaCacheStorage } from "../gallery/media/ciphertext-cache";
import type { LocalDatabase, SealedValue } from "./local-db";
import type { LibrarySummary } from "./library-summary";
import type { SchedulerTimers, SyncReason } from "./schedule";
import type { UploadCalls } from "../upload/upload-contract";
import type { EditedCopyCalls } from "../upload/edited-copy-contract";
import type { UploadMedia } from "../upload/upload-run";
import type { GalleryMedia } from "../gallery/media/gallery-media";
import type { OpenedFirstScreen } from "./first-screen";
import type { GalleryServices } from "./gallery-services";
import type { LibraryUploads } from "./upload/library-uploads";
import type { SearchCalls } from "../search/search-contract";
import type { DuplicatesCalls, SimilarPhotosCalls } from "../dedupe/duplicates-contract";
import type { MapCalls } from "../map/map-contract";
import type { PeopleCalls } from "../people/people-contract";
import type { LibraryPeople } from "../people/library-people";
import type { Places } from "../places/places-loader";
import type { LibraryML, MLClient, SimilarityIndexes } from "../ml/indexing/library-ml";
import type { MLWorkerCalls } from "../ml/ml-worker-contract";
import type { IndexingCalls } from "../ml/indexing/indexing-contract";
import type { ExportLibraryCalls } from "../export/export-library-calls";

/** Where the sync stands, as the page shows it. */
export type SyncState =
  /** The stored library is being opened. */
  | "opening"
  | "syncing"
  | "up-to-date"
  /** Offline, or the last run could not reach the server. */
  | "offline"
  /** The last run failed for another reason (it is retried at the next trigger). */
  | "failed"
  /** Closed: logout (the account locked) or the page stopped the worker. */
  | "stopped";

export interface SyncStatus {
  state: SyncState;
  /** ms since the epoch of the last run that finished without error. */
  lastSyncedAtMs?: number | undefined;
  /** The name of the last run's error, when it failed. */
  lastErrorName?: string | undefined;
  /** Records skipped by the last run because they could not be decrypted. */
  skippedRecords: number;
}

/**
 * Told after every change: the summary, the sync status, and the open view's
 * snapshot (after `openView`). A listener may answer a promise that settles
 * once the change is shown; throttled notifications wait for it.
 * See: [Note: Notifying during a pull takes a bounded share of the worker]
 */
export type LibraryListener = (
  summary: LibrarySummary,
  status: SyncStatus,
  view: GalleryViewSnapshot | undefined,
) => void | Promise<void>;

export interface SyncSession {
  /** The API origin. */
  apiOrigin: string;
  /** `X-Client-Package`. */
  clientPackage: string;
  userID: number;
  /** The session token (not a key: the server issued it). */
  token: string;
  /** Whether the platform says it is online now. */
  online: boolean;
  /** Whether this device indexes the library (the settings' switch); on by default. */
  mlIndexing?: boolean | undefined;
  /** Whether this device finds faces (the account's face search and this device's choice); off by default. */
  faceIndexing?: boolean | undefined;
  /** What the user chose views show; `defaultViewChoices` without. */
  choices?: ViewChoices | undefined;
}

export interface SyncServiceDependencies {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
  /** The crypto pool that decrypts pages and seals the local database. */
  pool: CryptoPool;
  keyring: LibraryKeyring;
  fetch: FetchFunction;
  timers: SchedulerTimers;
  nowMs: () => number;
  /** Periodic sync interval (tests shorten it). */
  intervalMs?: number;
  /**
   * The shortest gap between two "library changed" notifications during a
   * run. Each notification rebuilds the summary (one pass over the index)
   * and crosses to the UI thread; a page is stored every few tens of ms
   * during a first sync, and a person does not need the count to move
   * faster than a few times a second.
   */
  notifyIntervalMs?: number;
  /** The browser's Cache Storage (thumbnail ciphertext); undefined in Node. */
  caches?: MediaCacheStorage | undefined;
  /**
   * The EXIF creation time of a file's original (fix time from EXIF); by
   * default read from the original, downloaded with the session's token.
   */
  exifCreationTimeUs?: ((file: DecryptedFile) => Promise<number | undefined>) | undefined;
  /**
   * The local database opened ahead of `open` and the first screen's sealed
   * row read from it then (the worker starts both before the key can come);
   * by default both are done at `open`.
   * See: [Note: The gallery's first screen opens before the library]
   */
  prefetched?: { db: LocalDatabase; firstScreen: Promise<SealedValue | undefined> } | undefined;
  /** How long the library must stay unchanged before the first screen is written (tests shorten it). */
  firstScreenSettleMs?: number;
  /**
   * The media work of uploads (types, EXIF, videos, thumbnails): started on
   * the first upload; uploads are refused without it.
   */
  startUploadMedia?: (() => UploadMedia) | undefined;
  /**
   * The viewer's JPEG of an image the browser cannot show (HEIC, RAW, TIFF,
   * PSD), made by the media worker the uploads share; without it the viewer
   * gets every original as it is. See: [Note: Which originals the viewer shows through a JPEG]
   */
  displayImage?: ((image: Blob, fileName: string) => Promise<Blob>) | undefined;
  /**
   * The viewer's MP4 of a video the browser cannot play, undefined when this
   * platform has no conversion (the desktop app's native one); without it no
   * video is converted. See: [Note: A video is converted only after the browser failed to play it]
   */
  playableVideo?: ((video: Blob, fileName: string) => Promise<Blob | undefined>) | undefined;
  /**
   * The ML worker (CLIP, the things detector), started on first use; without
   * it the library is not indexed on this device (and faces are not cropped).
   */
  startML?: (() => MLClient & Pick<MLWorkerCalls, "cropFaces">) | undefined;
  /** The places data (fetched from the app's origin in a browser). See: [Note: Places load with the first search] */
  places?: (() => Promise<Places>) | undefined;
  /** Unexpected failures that nobody awaits (writing the first screen); `console.error` by default. */
  logError?: (message: string, cause: unknown) => void;
}

/**
 * The sync worker's service: the library's lifecycle and notifications, and
 * the gallery's, the search's, the uploads' and the photo editor's calls.
 * See: [Note: A worker's API is declared once]
 */
export interface SyncService
  extends
    GalleryCalls,
    UploadCalls,
    EditedCopyCalls,
    SearchCalls,
    DuplicatesCalls,
    SimilarPhotosCalls,
    MapCalls,
    PeopleCalls,
    IndexingCalls,
    ExportLibraryCalls {
  /**
   * Opens the stored library (shown at once to subscribers) and starts
   * syncing: now, periodically, and on request.
   */
  open(session: SyncSession): Promise<LibrarySummary>;
  /**
   * The first screen kept from the last session, once `open` has read it
   * (before the library is loaded), or undefined when there is none for this
   * user. See: [Note: The gallery's first screen opens before the library]
   */
  firstScreen(): Promise<GalleryFirstScreen | undefined>;
  /** A new session token (after the account service refreshes it). */
  setToken(token: string): void;
  setOnline(online: boolean): void;
  /** The user changed what views show: the open view and the summaries follow. */
  setViewChoices(choices: ViewChoices): void;
  /** Asks for a sync and returns at once. */
  requestSync(reason: SyncReason): void;
  /** Asks for a sync and waits for the run that covers the request. */
  sync(reason: SyncReason): Promise<SyncStatus>;
  status(): SyncStatus;
  librarySummary(): LibrarySummary;
  /** Calls `listener` after every change; returns an ID for `unsubscribe`. */
  subscribe(listener: LibraryListener): number;
  unsubscribe(subscriptionID: number): void;
  /** Stops syncing (a run in progress is aborted) and closes the database (logout). */
  close(): Promise<void>;
}

/** What the gallery's and the uploads' calls need of the library's life. */
export interface OpenLibrary {
  /** The loaded library's services; throws `SyncStoppedError` before it is loaded and once closed. */
  gallery(): GalleryServices;
  /** Whether the library is loaded and not closed. */
  isLoaded(): boolean;
  /** Until the library is loaded: the first screen read at `open` and the media service that answers its thumbnails. */
  early(): { screen: OpenedFirstScreen; media: GalleryMedia } | undefined;
  /** Settles when the library is loaded; rejects when it could not be (closed, no key). */
  loaded(): Promise<void>;
  /** Lets the library's load start: the first screen's tiles have their thumbnails. */
  startLoading(): void;
  /** The page opened a view: the first screen is recorded for the view last opened. */
  viewOpened(viewID: number): void;
  /** The session's uploads, made (their code loaded) on the first upload. */
  uploads(): Promise<LibraryUploads>;
  /** Cancels the uploads on their way, if any. */
  cancelUploads(): void;
  /** On-device ML's indexes, once its code has loaded after the library. */
  ml(): (Pick<LibraryML, "loadStored"> & SimilarityIndexes) | undefined;
  /** Whether this device computes indexes (its setting). */
  indexingEnabled(): boolean;
  /**
   * The people, once on-device ML's code has loaded after the library;
   * undefined when this worker has no ML.
   */
  people(): Promise<LibraryPeople | undefined>;
}

export type LibraryLifecycle = Pick<
  SyncService,
  | "open"
  | "firstScreen"
  | "setToken"
  | "setOnline"
  | "setViewChoices"
  | "requestSync"
  | "sync"
  | "status"
  | "librarySummary"
  | "subscribe"
  | "unsubscribe"
  | "close"
  | "indexingStatus"
  | "setIndexingEnabled"
  | "exportLibrary"
  | "nextLibraryChange"
> & { library: OpenLibrary };
