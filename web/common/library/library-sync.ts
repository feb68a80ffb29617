// The tab's library sync, seen from the UI thread: it starts the sync worker
// with a keyring port from the account worker, forwards focus and
// online/offline to it, and hands every library change to `onView`. The UI
// thread passes ports and a session token; it never sees a key.
// See: [Note: Library workers get keys through a keyring, never the master key]

import type { ViewChoices } from "../../../shared/model/library/view-choices";
import { proxy, transfer } from "comlink";
import type { LibraryKeyringHost } from "../../../workers/account/account-worker";
import type {
  GalleryFirstScreen,
  GalleryViewSnapshot,
} from "../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../shared/model/library/gallery-summary";
import type { LibrarySummary } from "../../../workers/sync/library-summary";
import type { SyncReason } from "../../../workers/sync/schedule";
import type { SyncSession, SyncStatus } from "../../../workers/sync/sync-service";
import type * as SyncWorkerModule from "../../../workers/sync/sync.worker";
import type { RemoteLibraryListener } from "../../../workers/sync/sync.worker";
import type { WorkerCalls } from "../../../workers/worker-boundary";
import type { GalleryClient } from "./gallery-client";
import type { UploadClient } from "./upload-client";
import { type UploadWorkerCalls, uploadClientOverWorker } from "./upload-client-comlink";
import type { EditedCopyClient } from "./edited-copy-client";
import {
  type EditedCopyWorkerCalls,
  editedCopyClientOverWorker,
} from "./edited-copy-client-comlink";
import {
  type CallbackWrapper,
  type GalleryWorkerCalls,
  comlinkProxy,
  galleryClientOverWorker,
} from "./gallery-client-comlink";
import { libraryStartupMarks, markLibraryStartup } from "./startup-marks";
import { type SearchClient, searchClientOverWorker } from "./search-client";
import { type DuplicatesClient, duplicatesClientOverWorker } from "./duplicates-client";
import { type MapClient, mapClientOverWorker } from "./map-client";
import { type PeopleClient, peopleClientOverWorker } from "./people-client";

/** What the page shows of the library: undefined parts are not known yet. */
export interface LibraryView {
  summary?: LibrarySummary | undefined;
  status?: SyncStatus | undefined;
  /** The albums bar's summaries (spec §3), sorted by name within sections. */
  summaries?: GallerySummary[] | undefined;
  /** The open view's snapshot (after `gallery.openView`), as it changes. */
  view?: GalleryViewSnapshot | undefined;
}

/** The sync worker's exports as the UI thread calls them (through Comlink every call answers a promise). */
export type SyncWorkerCalls = GalleryWorkerCalls &
  UploadWorkerCalls &
  EditedCopyWorkerCalls &
  SearchClient &
  DuplicatesClient &
  MapClient &
  PeopleClient &
  WorkerCalls<
    Pick<
      typeof SyncWorkerModule,
      | "open"
      | "firstScreen"
      | "setOnline"
      | "setViewChoices"
      | "requestSync"
      | "status"
      | "librarySummary"
      | "subscribe"
      | "close"
      | "serveExportLibrary"
      | "adoptNativeConversions"
      | "adoptNativeML"
    >
  >;

export interface LibrarySyncDependencies {
  startWorker: () => { api: SyncWorkerCalls; terminate: () => void };
  keyringHost: LibraryKeyringHost;
  /** Window events: focus, online, offline. */
  events: Pick<Window, "addEventListener" | "removeEventListener">;
  isOnline: () => boolean;
  session: Omit<SyncSession, "online">;
  onView: (view: LibraryView) => void;
  /** Called once the worker has stopped (logout locked the account, or `stop`). */
  onStopped: () => void;
  log: { error: (message: string, error: unknown) => void };
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  /**
   * Settles once what `onView` was just given is on the screen (see
   * `afterNextPaint`); the worker waits for it before telling the next
   * change. See: [Note: Notifying during a pull takes a bounded share of the worker]
   */
  afterShown: () => Promise<void>;
  /** How callbacks cross to the worker (Comlink's `proxy` by default). */
  wrapCallback?: CallbackWrapper;
}

export interface LibrarySync {
  /** Asks for a sync now (after the user's own changes: "local-change"). */
  requestSync(reason: SyncReason): void;
  /** The user changed what the views show (the open view and the counts follow). */
  setViewChoices(choices: ViewChoices): void;
  /** Stops the worker (its database stays; logout deletes it). */
  stop(): Promise<void>;
  /** The gallery's calls into the worker. */
  gallery: GalleryClient;
  /** The upload calls into the worker. */
  uploads: UploadClient;
  /** The photo editor's Save into the worker. */
  editedCopy: EditedCopyClient;
  /** The search bar's calls into the worker. */
  search: SearchClient;
  /** The duplicates page's calls into the worker. */
  duplicates: DuplicatesClient;
  /** The map page's calls into the worker. */
  map: MapClient;
  /** The people pages' calls into the worker. */
  people: PeopleClient;
  /**
   * Serves the library to the desktop app's export process over `port`
   * (transferred to the worker). See: [Note: The export runs in a utility process]
   */
  serveExportLibrary(port: MessagePort): Promise<void>;
  /** The desktop app's native conversions, served over `port` (transferred to the worker). */
  adoptNativeConversions(port: MessagePort): Promise<void>;
  /**
   * The desktop app's native CLIP, served over `port` (transferred to the
   * worker, then to its ML worker). See: [Note: The desktop runs CLIP natively]
   */
  adoptNativeML(port: MessagePort): Promise<void>;
}

/**
 * How long the worker may live after it reported "stopped" on a lock: long
 * enough to answer the account worker's lock signal on the keyring port,
 * which it does right after. See: [Note: Locking the account stops the library's workers first]
 */
export const stoppedWorkerGraceMs = 1000;

/** Starts the sync worker for the logged-in, unlocked account. */
export const startLibrarySync = (deps: LibrarySyncDependencies): LibrarySync => {
  const worker = deps.startWorker();
  const { api } = worker;
  let stopped = false;
  let view: LibraryView = {};

  /** The view last opened: snapshots of another (an older notification) are not shown. */
  let openedViewID: number | undefined;

  const show = (next: LibraryView) => {
    if (stopped) return;
    view = { ...view, ...next };
    deps.onView(view);
  };

  const showSummary = (summary: LibrarySummary, status?: SyncStatus) => {
    show({ summary, summaries: summary.summaries, ...(status === undefined ? {} : { status }) });
  };

  // See: [Note: Gallery calls wait for the stored library]
  let isOpened = false;
  let markOpened: () => void = () => undefined;
  let failOpening: (error: unknown) => void = () => undefined;
  const opened = new Promise<void>((resolve, reject) => {
    markOpened = () => {
      isOpened = true;
      resolve();
    };
    failOpening = reject;
  });
  // Calls made before a failed opening reject on their own; this one is not awaited.
  opened.catch(() => undefined);
  // See: [Note: The gallery's first screen opens before the library]
  let answerFirstScreen: (screen: GalleryFirstScreen | undefined) => void = () => undefined;
  const firstScreen = new Promise<GalleryFirstScreen | undefined>((resolve) => {
    answerFirstScreen = resolve;
  });

  const onOpened = (snapshot: GalleryViewSnapshot) => {
    openedViewID = snapshot.viewID;
    show({ view: snapshot });
  };
  const gallery = galleryClientOverWorker(
    api,
    { opened, isOpened: () => isOpened, firstScreen },
    onOpened,
    deps.wrapCallback,
  );

  const onFocus = () => {
    api.requestSync("focus").catch((e: unknown) => {
      deps.log.error("Could not ask for a sync", e);
    });
  };
  const onOnline = () => void api.setOnline(true).catch(() => undefined);
  const onOffline = () => void api.setOnline(false).catch(() => undefined);

  const detach = () => {
    deps.events.removeEventListener("focus", onFocus);
    deps.events.removeEventListener("online", onOnline);
    deps.events.removeEventListener("offline", onOffline);
  };

  const finish = () => {
    if (stopped) return;
    stopped = true;
    detach();
    deps.onStopped();
  };

  const onChange: RemoteLibraryListener = (summary, status, snapshot) => {
    if (status.state === "stopped") {
      finish();
      deps.setTimeout(worker.terminate, stoppedWorkerGraceMs);
    } else {
      showSummary(summary, status);
      if (snapshot !== undefined && snapshot.viewID === openedViewID) show({ view: snapshot });
    }
    return deps.afterShown();
  };

  const start = async () => {
    markLibraryStartup(libraryStartupMarks.started);
    const channel = new MessageChannel();
    // [Note: The library opens while its keyring is being exposed]
    //
    // The sync worker's first call on the keyring port (the local database
    // key) waits in the port until the account worker listens on the other
    // end: MessagePorts queue until started. So the open goes out in the
    // same turn as the expose instead of a round trip later, which a
    // reload's first screen would wait for.
    const exposing = deps.keyringHost.exposeLibraryKeyring(channel.port1).then(() => {
      markLibraryStartup(libraryStartupMarks.keyringExposed);
    });
    // The stored library comes back before any request to the server, and
    // the first screen before the stored library.
    const opening = api.open(
      { ...deps.session, online: deps.isOnline() },
      transfer(channel.port2, [channel.port2]),
    );
    // Awaited below, after the expose: a failed expose must not leave this unhandled.
    opening.catch(() => undefined);
    api.firstScreen().then(
      (screen) => {
        markLibraryStartup(libraryStartupMarks.firstScreenAnswered);
        if (screen !== undefined && !isOpened) showSummary(screen.summary);
        answerFirstScreen(screen);
      },
      (e: unknown) => {
        deps.log.error("Could not read the first screen", e);
        answerFirstScreen(undefined);
      },
    );
    let stored: LibrarySummary;
    try {
      await exposing;
      stored = await opening;
    } finally {
      // No first screen is shown once the library is there (or could not be).
      answerFirstScreen(undefined);
    }
    markOpened();
    markLibraryStartup(libraryStartupMarks.opened);
    showSummary(stored);
    await api.subscribe(proxy(onChange));
    // What changed between opening and subscribing.
    const [summary, status] = await Promise.all([api.librarySummary(), api.status()]);
    showSummary(summary, status);
    deps.events.addEventListener("focus", onFocus);
    deps.events.addEventListener("online", onOnline);
    deps.events.addEventListener("offline", onOffline);
  };

  start().catch((e: unknown) => {
    answerFirstScreen(undefined);
    failOpening(e);
    deps.log.error("Could not start the library sync", e);
    show({ status: { state: "failed", skippedRecords: 0, lastErrorName: "StartError" } });
  });

  return {
    gallery,
    search: searchClientOverWorker(api, opened, onOpened),
    duplicates: duplicatesClientOverWorker(api, opened),
    map: mapClientOverWorker(api, opened),
    people: peopleClientOverWorker(api, opened),
    uploads: uploadClientOverWorker(api, opened, deps.wrapCallback ?? comlinkProxy),
    editedCopy: editedCopyClientOverWorker(api, opened, deps.wrapCallback ?? comlinkProxy),
    requestSync(reason) {
      api.requestSync(reason).catch((e: unknown) => {
        deps.log.error("Could not ask for a sync", e);
      });
    },
    async serveExportLibrary(port) {
      await api.serveExportLibrary(transfer(port, [port]));
    },
    async adoptNativeConversions(port) {
      await api.adoptNativeConversions(transfer(port, [port]));
    },
    async adoptNativeML(port) {
      await api.adoptNativeML(transfer(port, [port]));
    },
    setViewChoices(choices) {
      // Once opened: a choice made before reaches the worker with the session.
      opened
        .then(() => api.setViewChoices(choices))
        .catch((e: unknown) => {
          deps.log.error("Could not change what the views show", e);
        });
    },
    async stop() {
      if (stopped) return;
      try {
        await api.close();
      } catch (e) {
        deps.log.error("Could not stop the library sync", e);
      }
      finish();
      worker.terminate();
    },
  };
};
