// The life of the sync worker's library: opening the stored library (the
// first screen beside it), running syncs by the scheduler's rules, the
// session's token and connection, and closing. What the gallery's calls need
// of it (the loaded library's services, the first screen until then, the
// session's uploads) is `OpenLibrary`; the sync service puts the two
// together. See: [Note: Library workers get keys through a keyring, never the master key]

import { type ViewChoices, defaultViewChoices } from "../../shared/model/library/view-choices";
import { type ApiClient, createApiClient } from "../../shared/api/client";
import { NetworkError, RequestCanceledError, TokenMissingError } from "../../shared/model/errors";
import { PseudoCollectionID } from "../../shared/model/library/gallery-summary";
import { createExifCreationTime } from "../gallery/actions/exif-creation-time";
import { type GalleryFirstScreen } from "../gallery/gallery-contract";
import { type GalleryMedia, createGalleryMedia } from "../gallery/media/gallery-media";
import type { DecryptedFile } from "../library/decrypted-records";
import {
  FirstScreenKeeper,
  type OpenedFirstScreen,
  engineFirstScreen,
  firstScreenHeadStartMs,
  firstScreenThumbnailsFirst,
  openFirstScreen,
  storedFirstScreen,
  withCarriedThumbnails,
  writeFirstScreen,
} from "./first-screen";
import { type GalleryServices, createGalleryServices } from "./gallery-services";
import { createLocalCipher } from "./local-cipher";
import { LocalDatabase } from "./local-db";
import { LibraryNotifier } from "./library-notifier";
import { LibraryStore } from "./library-store";
import { LibraryChangeWaits, libraryForExport } from "./library-export";
import { librarySummary } from "./library-summary";
import { pullLibrary } from "./pull";
import { type SyncScheduler, createSyncScheduler, periodicSyncIntervalMs } from "./schedule";
import { SyncStoppedError } from "./sync-errors";
import type {
  LibraryLifecycle,
  OpenLibrary,
  SyncServiceDependencies,
  SyncSession,
  SyncStatus,
} from "./sync-service-contract";
import type { LibraryUploads } from "./upload/library-uploads";
import type { LibraryFaces, LibraryML, SimilarityIndexes } from "../ml/indexing/library-ml";
import type { LibraryPeople } from "../people/library-people";
import type { LibraryLocationTags } from "../places/library-location-tags";
import { hostLibraryLocationTags } from "./library-location-tags-host";

const defaultNotifyIntervalMs = 250;

/** Errors that say the server could not be reached (offline, not broken). */
const isUnreachable = (e: unknown) => e instanceof NetworkError;

export const createLibraryLifecycle = (deps: SyncServiceDependencies): LibraryLifecycle => {
  let session: SyncSession | undefined;
  let db: LocalDatabase | undefined;
  let store: LibraryStore | undefined;
  let scheduler: SyncScheduler<SyncStatus> | undefined;
  let runAbort: AbortController | undefined;
  let currentRun: Promise<unknown> | undefined;
  let closed = false;
  /** Read through a call: `close()` may flip it while a run or an opening awaits. */
  const isClosed = () => closed;
  let status: SyncStatus = { state: "opening", skippedRecords: 0 };
  let gallery: GalleryServices | undefined;
  /** On-device ML over the loaded library, when the host has an ML worker. */
  let ml: (LibraryML & SimilarityIndexes & LibraryFaces) | undefined;
  let people: LibraryPeople | undefined;
  /** The account's location tags, for search; made with the loaded library. */
  let locationTags: LibraryLocationTags | undefined;
  /** Settles once on-device ML's code has loaded or failed to (never without ML). */
  let markMLHosted = (): void => undefined;
  const mlHosted = new Promise<void>((resolve) => {
    markMLHosted = resolve;
  });
  /** Whether uploads are running, for indexing made after they started. */
  let uploadsRunning = false;
  /** Made at `open`, before the library is loaded: it answers the first screen's thumbnails. */
  let media: GalleryMedia | undefined;
  /** The first screen read at `open`, until the library is loaded. */
  let firstScreen: OpenedFirstScreen | undefined;
  let keeper: FirstScreenKeeper | undefined;
  /** The view the first screen is recorded for: the view last opened. */
  let recordedViewID: number = PseudoCollectionID.all;
  /** The session's uploads once made (their code loaded). */
  let uploads: LibraryUploads | undefined;
  /** Their code loading, on the first upload. See: [Note: The sync worker loads what a reload does not need on first use] */
  let uploadsLoading: Promise<LibraryUploads> | undefined;
  /** What the user chose views show: from the session, then from `setViewChoices`. */
  let choices: ViewChoices = defaultViewChoices;

  let answerFirstScreen: (screen: GalleryFirstScreen | undefined) => void = () => undefined;
  const firstScreenAnswer = new Promise<GalleryFirstScreen | undefined>((resolve) => {
    answerFirstScreen = resolve;
  });
  let markLoaded: () => void = () => undefined;
  let failLoading: (error: unknown) => void = () => undefined;
  const loaded = new Promise<void>((resolve, reject) => {
    markLoaded = resolve;
    failLoading = reject;
  });
  // Awaited only by calls made before the library was loaded.
  loaded.catch(() => undefined);
  let startLoading: () => void = () => undefined;
  const loadMayStart = new Promise<void>((resolve) => {
    startLoading = resolve;
  });

  const logError =
    deps.logError ??
    ((message: string, cause: unknown) => {
      console.error(message, cause);
    });

  const libraryChanges = new LibraryChangeWaits(() =>
    store === undefined
      ? undefined
      : { version: store.version, syncing: status.state === "syncing" },
  );

  const notifier = new LibraryNotifier({
    timers: deps.timers,
    nowMs: deps.nowMs,
    intervalMs: deps.notifyIntervalMs ?? defaultNotifyIntervalMs,
    buildSummary: () => {
      const library = store;
      if (library === undefined || session === undefined) return undefined;
      return librarySummary({
        userID: session.userID,
        collections: library.collections.values(),
        hiddenIDs: library.hiddenIDs,
        filesOf: (id) => library.filesOf(id),
        trashCount: library.trashCount,
        lastSyncedAtMs: status.lastSyncedAtMs,
        summaries: gallery?.engine.summaries() ?? [],
        sharedInTimeline: choices.sharedInTimeline,
      });
    },
    status: () => status,
    openSnapshot: () => gallery?.engine.openSnapshot(),
    onNotified: () => {
      keeper?.changed();
      libraryChanges.check();
    },
  });

  const setStatus = (next: SyncStatus) => {
    status = next;
    notifier.notify(false);
  };

  /** An API client of `current`'s server that sends the session's token as it is at each call. */
  const apiClientOf = (current: SyncSession): ApiClient =>
    createApiClient({
      apiOrigin: current.apiOrigin,
      clientPackage: current.clientPackage,
      fetch: deps.fetch,
      getAuthToken: () => session?.token,
    });

  /** The API client of the session (its current token), or undefined without one. */
  const sessionApi = (): ApiClient | undefined =>
    session === undefined || session.token === "" ? undefined : apiClientOf(session);

  /** Fix time from EXIF: reads the original's EXIF date with the current session. */
  const exifCreationTimeOverSession = (file: DecryptedFile): Promise<number | undefined> => {
    const api = sessionApi();
    if (api === undefined) return Promise.reject(new TokenMissingError());
    return createExifCreationTime({ api, pool: deps.pool })(file);
  };

  const ensureScheduler = (): SyncScheduler<SyncStatus> => {
    if (scheduler === undefined || closed) throw new SyncStoppedError();
    return scheduler;
  };

  const runSync = async (): Promise<SyncStatus> => {
    const library = store;
    const current = session;
    if (library === undefined || current === undefined || closed) return status;
    const abort = new AbortController();
    runAbort = abort;
    let skippedRecords = 0;
    setStatus({ ...status, state: "syncing", skippedRecords: 0 });
    const run = pullLibrary({
      api: apiClientOf(current),
      pool: deps.pool,
      keyring: deps.keyring,
      store: library,
      userID: current.userID,
      signal: abort.signal,
      onChange: () => {
        notifier.notify(true);
      },
      onSkipped: (_what, count) => {
        skippedRecords += count;
      },
    });
    currentRun = run.catch(() => undefined);
    try {
      await run;
      setStatus({ state: "up-to-date", lastSyncedAtMs: deps.nowMs(), skippedRecords });
      keeper?.settledNow();
      // New files may need indexing (and other devices' results pulling).
      ml?.request();
      // See: [Note: Location tags are pulled when search reads them]
      locationTags?.refreshIfRead();
    } catch (e) {
      if (isClosed() || e instanceof RequestCanceledError) return status;
      setStatus({
        state: isUnreachable(e) ? "offline" : "failed",
        lastSyncedAtMs: status.lastSyncedAtMs,
        lastErrorName: e instanceof Error ? e.name : typeof e,
        skippedRecords,
      });
    } finally {
      runAbort = undefined;
      currentRun = undefined;
    }
    return status;
  };

  /** The first screen as the library now is: see `FirstScreenKeeper`. */
  const currentFirstScreen = () => {
    const current = session;
    if (gallery === undefined || current === undefined || closed) return undefined;
    return engineFirstScreen(gallery.engine, current.userID, recordedViewID, choices, () =>
      notifier.summary(),
    );
  };

  /**
   * Reads the first screen and, beside it, loads the stored library.
   * See: [Note: The gallery's first screen opens before the library]
   */
  const loadLibrary = async (next: SyncSession): Promise<void> => {
    const keyB64 = await deps.keyring.localDatabaseKey();
    if (isClosed()) throw new SyncStoppedError();
    const database = deps.prefetched?.db ?? new LocalDatabase(deps.indexedDB, deps.IDBKeyRange);
    db = database;
    const cipher = createLocalCipher(deps.pool, keyB64);
    const earlyMedia = createGalleryMedia({
      // Before the library is loaded only the first screen's files are known.
      fileByID: (fileID) =>
        gallery === undefined ? firstScreen?.files.get(fileID) : gallery.engine.fileByID(fileID),
      api: sessionApi,
      pool: deps.pool,
      caches: deps.caches,
      clock: { ...deps.timers, nowMs: deps.nowMs },
      displayImage: deps.displayImage,
      playableVideo: deps.playableVideo,
    });
    media = earlyMedia;
    // Read before the library's rows: IndexedDB would answer the one row after the many.
    const sealedScreen = await (deps.prefetched?.firstScreen ?? storedFirstScreen(database)).catch(
      () => undefined,
    );
    void openFirstScreen(sealedScreen, cipher, next.userID, choices)
      .catch(() => undefined)
      .then((screen) => {
        if (screen !== undefined && gallery === undefined && !isClosed()) {
          firstScreen = screen;
          recordedViewID = screen.screen.viewID;
          // See: [Note: The first screen carries its first thumbnails]
          earlyMedia.rememberThumbnailCiphertexts(screen.thumbnailCiphertexts);
        }
        answerFirstScreen(firstScreen?.screen);
        if (firstScreen === undefined) {
          startLoading();
        } else {
          // See: [Note: The first screen's thumbnails are read ahead]
          earlyMedia.readThumbnailsAhead(firstScreenThumbnailsFirst(firstScreen));
          deps.timers.setTimeout(startLoading, firstScreenHeadStartMs);
        }
      });
    const opened = await LibraryStore.open({
      db: database,
      cipher,
      loadAfter: () => loadMayStart,
    });
    if (isClosed()) {
      database.close();
      throw new SyncStoppedError();
    }
    store = opened.store;
    locationTags = hostLibraryLocationTags({
      api: sessionApi,
      keyring: deps.keyring,
      pool: deps.pool,
      nowMs: deps.nowMs,
      logError,
      onChange: () => {
        if (gallery?.search.locationTagsChanged() === true) notifier.notify(false);
      },
    });
    gallery = createGalleryServices({
      store: opened.store,
      userID: next.userID,
      pool: deps.pool,
      keyring: deps.keyring,
      api: sessionApi,
      sync: () => ensureScheduler().request("local-change"),
      notify: () => {
        notifier.notify(false);
      },
      exifCreationTimeUs: deps.exifCreationTimeUs ?? exifCreationTimeOverSession,
      caches: deps.caches,
      clock: { ...deps.timers, nowMs: deps.nowMs },
      media: earlyMedia,
      choices: () => choices,
      places: deps.places,
      ml: () => ml,
      mlHosted: () => (deps.startML === undefined ? Promise.resolve() : mlHosted),
      people: () => people,
      locationTags: () => locationTags,
    });
    const startML = deps.startML;
    if (startML !== undefined) {
      // On-device indexing's code loads after the library, off the reload's
      // path. See: [Note: The sync worker loads what a reload does not need on first use]
      const loadedGallery = gallery;
      void Promise.all([import("./library-ml-host"), import("./library-people-host")]).then(
        ([{ hostLibraryML }, { hostLibraryPeople }]) => {
          if (isClosed() || ml !== undefined) return;
          ml = hostLibraryML({
            gallery: loadedGallery,
            db: database,
            cipher,
            indexedDB: deps.indexedDB,
            IDBKeyRange: deps.IDBKeyRange,
            api: sessionApi,
            pool: deps.pool,
            ml: startML,
            timers: deps.timers,
            online: session?.online ?? next.online,
            enabled: session?.mlIndexing ?? next.mlIndexing ?? true,
            faceIndexing: session?.faceIndexing ?? next.faceIndexing ?? false,
            logError: deps.logError,
          });
          people = hostLibraryPeople({
            faces: ml,
            ml: startML,
            cipher,
            caches: deps.caches,
            thumbnails: (fileIDs) => loadedGallery.media.thumbnails(fileIDs),
            api: sessionApi,
            keyring: deps.keyring,
            pool: deps.pool,
            nowMs: deps.nowMs,
            logError,
            onChange: () => {
              if (gallery?.search.peopleChanged() === true) notifier.notify(false);
            },
          });
          markMLHosted();
          ml.setUploading(uploadsRunning);
          // A sync that ended before the code came asked for nobody's run.
          if (status.state === "up-to-date") ml.request();
        },
        (e: unknown) => {
          logError("Could not load on-device indexing", e);
          // Searches go on without it.
          markMLHosted();
        },
      );
    }
    // The loaded library answers from now on; the first screen is not needed any more.
    const hadFirstScreen = firstScreen !== undefined;
    firstScreen = undefined;
    answerFirstScreen(undefined);
    keeper = new FirstScreenKeeper({
      timers: deps.timers,
      nowMs: deps.nowMs,
      current: currentFirstScreen,
      store: async (record) =>
        writeFirstScreen(
          database,
          cipher,
          await withCarriedThumbnails(record, (fileIDs) =>
            earlyMedia.heldThumbnailCiphertexts(fileIDs),
          ),
        ),
      onError: (e) => {
        if (!isClosed()) logError("Could not write the first screen", e);
      },
      ...(deps.firstScreenSettleMs === undefined ? {} : { settleMs: deps.firstScreenSettleMs }),
    });
    // Without a first screen the next session would wait for the whole
    // library again: record one now, not only after the next change.
    if (!hadFirstScreen) keeper.settledNow();
    markLoaded();
    scheduler = createSyncScheduler<SyncStatus>({
      run: runSync,
      timers: deps.timers,
      online: next.online,
      intervalMs: deps.intervalMs ?? periodicSyncIntervalMs,
    });
    setStatus({ ...status, state: next.online ? "syncing" : "offline" });
    void scheduler.request("start").catch(() => undefined);
  };

  const library: OpenLibrary = {
    gallery() {
      if (gallery === undefined || closed) throw new SyncStoppedError();
      return gallery;
    },
    isLoaded: () => gallery !== undefined && !closed,
    early: () =>
      firstScreen === undefined || media === undefined ? undefined : { screen: firstScreen, media },
    loaded: () => loaded,
    startLoading: () => {
      startLoading();
    },
    viewOpened(viewID) {
      if (viewID === recordedViewID) return;
      recordedViewID = viewID;
      keeper?.changed();
    },
    uploads() {
      const current = session;
      if (current === undefined || store === undefined || closed) {
        return Promise.reject(new SyncStoppedError());
      }
      const startMedia = deps.startUploadMedia;
      if (startMedia === undefined) {
        return Promise.reject(new Error("This sync service cannot upload"));
      }
      if (uploadsLoading !== undefined) return uploadsLoading;
      const loading = import("./upload/library-uploads").then(({ createLibraryUploads }) => {
        if (closed) throw new SyncStoppedError();
        uploads = createLibraryUploads({
          store: () => store,
          userID: () => current.userID,
          api: () => {
            const api = sessionApi();
            if (api === undefined) throw new TokenMissingError();
            return api;
          },
          pool: deps.pool,
          keyring: deps.keyring,
          fetch: deps.fetch,
          startMedia,
          changed: () => {
            notifier.notify(true);
          },
          thumbnailUploaded: (file, ciphertext) => {
            media?.thumbnailUploaded(file, ciphertext);
          },
          sync: () => ensureScheduler().request("local-change"),
          requestSync: () => {
            void ensureScheduler()
              .request("local-change")
              .catch(() => undefined);
          },
          uploadingChanged: (uploading) => {
            uploadsRunning = uploading;
            ml?.setUploading(uploading);
          },
          nowMs: deps.nowMs,
        });
        return uploads;
      });
      uploadsLoading = loading;
      // A failed load (closed meanwhile, the chunk not fetched) is tried again next time.
      loading.catch(() => {
        if (uploadsLoading === loading) uploadsLoading = undefined;
      });
      return loading;
    },
    cancelUploads() {
      uploads?.cancel();
    },
    ml: () => ml,
    indexingEnabled: () => ml?.status().enabled ?? session?.mlIndexing ?? true,
    async people() {
      if (deps.startML === undefined) return undefined;
      await mlHosted;
      return people;
    },
  };

  return {
    library,

    async open(next) {
      if (closed) throw new SyncStoppedError();
      if (store !== undefined) return notifier.summary();
      session = next;
      choices = next.choices ?? defaultViewChoices;
      try {
        await loadLibrary(next);
      } catch (e) {
        answerFirstScreen(undefined);
        failLoading(e);
        throw e;
      }
      return notifier.summary();
    },

    firstScreen: () => firstScreenAnswer,

    setToken(token) {
      if (session !== undefined) session = { ...session, token };
    },

    setViewChoices(next) {
      if (next.sharedInTimeline === choices.sharedInTimeline) return;
      choices = next;
      notifier.notify(false);
    },

    setOnline(online) {
      if (session !== undefined) session = { ...session, online };
      ml?.setOnline(online);
      if (scheduler === undefined || closed) return;
      if (!online) {
        scheduler.setOnline(false);
        if (status.state !== "syncing") setStatus({ ...status, state: "offline" });
        return;
      }
      // A request that waited for the connection runs now; otherwise coming
      // back online is itself a reason to look for changes.
      const wasWaiting = scheduler.state.waitingForOnline;
      scheduler.setOnline(true);
      if (!wasWaiting) void scheduler.request("online").catch(() => undefined);
    },

    requestSync(reason) {
      void ensureScheduler()
        .request(reason)
        .catch(() => undefined);
    },

    sync: (reason) => ensureScheduler().request(reason),

    status: () => status,

    librarySummary: () => notifier.summary(),

    subscribe: (listener) => notifier.subscribe(listener),

    unsubscribe(subscriptionID) {
      notifier.unsubscribe(subscriptionID);
    },

    indexingStatus: () => ml?.status(),

    async exportLibrary() {
      await loaded;
      const library = store;
      if (library === undefined || session === undefined || closed) throw new SyncStoppedError();
      const token = session.token;
      return {
        library: libraryForExport(session.userID, library.collections.values(), (id) =>
          library.filesOf(id),
        ),
        version: library.version,
        download: { apiOrigin: session.apiOrigin, clientPackage: session.clientPackage, token },
      };
    },

    nextLibraryChange: (afterVersion) => libraryChanges.wait(afterVersion),

    setIndexingEnabled(enabled) {
      if (session !== undefined) session = { ...session, mlIndexing: enabled };
      ml?.setEnabled(enabled);
    },

    async close() {
      if (closed) return;
      closed = true;
      answerFirstScreen(undefined);
      startLoading();
      failLoading(new SyncStoppedError());
      await keeper?.stop();
      scheduler?.stop(new SyncStoppedError());
      runAbort?.abort();
      libraryChanges.close();
      // Spec §4 logout order: the embedding run is aborted.
      ml?.stop();
      ml = undefined;
      people = undefined;
      locationTags = undefined;
      uploads?.cancel();
      await currentRun;
      db?.close();
      store = undefined;
      firstScreen = undefined;
      await media?.clear().catch(() => undefined);
      media = undefined;
      gallery = undefined;
      setStatus({ ...status, state: "stopped" });
      notifier.stop();
    },
  };
};
