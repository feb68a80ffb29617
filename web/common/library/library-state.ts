// The tab's library as view state: one library sync per logged-in tab,
// started by the gallery and kept across routes until logout, and a jotai
// atom with what it last reported.

import type { ViewChoices } from "../../../shared/model/library/view-choices";
import { atom, getDefaultStore, useAtomValue } from "jotai";
import { useEffect } from "react";
import { photosClientPackage } from "../shell/client-package";
import { tabAccountWorker } from "../workers/browser-account-worker";
import type { SyncReason } from "../../../workers/sync/schedule";
import { type BrowserSyncWorker, startBrowserSyncWorker } from "../workers/browser-sync-worker";
import { useRuntimeConfig } from "../config/runtime-config-context";
import { log } from "../log/log";
import { localStore } from "../storage/local-store";
import { conversionPortsMessage, mlPortsMessage } from "../../../shared/desktop/electron-bridge";
import { desktopPorts } from "../shell/desktop-ports";
import type { GalleryClient } from "./gallery-client";
import type { UploadClient } from "./upload-client";
import type { EditedCopyClient } from "./edited-copy-client";
import type { SearchClient } from "./search-client";
import type { DuplicatesClient } from "./duplicates-client";
import type { MapClient } from "./map-client";
import type { PeopleClient } from "./people-client";
import { type LibraryView, type LibrarySync, startLibrarySync } from "./library-sync";
import { afterNextPaint } from "./after-next-paint";
import { storeViewChoices, storedViewChoices, viewChoicesAtom } from "./view-choices";
import { storedFaceIndexingChoice, storedIndexingChoice } from "./indexing-choice";

/** The library summary, summaries, open view and sync status last reported by the sync worker. */
export const libraryViewAtom = atom<LibraryView>({});

/** The gallery's calls into the tab's sync worker; undefined until it started (and after it stopped). */
export const galleryClientAtom = atom<GalleryClient | undefined>(undefined);
export const uploadClientAtom = atom<UploadClient | undefined>(undefined);
export const editedCopyClientAtom = atom<EditedCopyClient | undefined>(undefined);
export const searchClientAtom = atom<SearchClient | undefined>(undefined);
export const duplicatesClientAtom = atom<DuplicatesClient | undefined>(undefined);
export const mapClientAtom = atom<MapClient | undefined>(undefined);
export const peopleClientAtom = atom<PeopleClient | undefined>(undefined);

let tabLibrary: LibrarySync | undefined;
/** The sync worker started ahead of the library sync, not yet taken by it. */
let prestartedWorker: BrowserSyncWorker | undefined;

/**
 * Starts the tab's sync worker ahead of everything else when local storage
 * has a logged-in user, so that its start (and its crypto workers') overlaps
 * the page's own: the library sync takes it once the gallery asks for the
 * library and the account worker can hand it a keyring. A tab without a
 * logged-in user starts nothing.
 * See: [Note: The page starts the sync worker's crypto workers]
 */
export const prestartTabSyncWorker = (): void => {
  if (tabLibrary !== undefined || prestartedWorker !== undefined) return;
  if (localStore.get("user")?.token === undefined) return;
  prestartedWorker = startBrowserSyncWorker();
};

/** The prestarted sync worker (handed over once), else a new one. */
const takeSyncWorker = (): BrowserSyncWorker => {
  const worker = prestartedWorker ?? startBrowserSyncWorker();
  prestartedWorker = undefined;
  return worker;
};

/**
 * Starts the tab's library sync if it is not running and the tab has an
 * unlocked account (a user with a token and the account worker). The worker
 * stops itself when the account locks (logout).
 */
export const ensureTabLibrarySync = (apiOrigin: string): void => {
  if (tabLibrary !== undefined) return;
  const user = localStore.get("user");
  const accountWorker = tabAccountWorker();
  if (user?.token === undefined || accountWorker === undefined) return;
  const store = getDefaultStore();
  tabLibrary = startLibrarySync({
    startWorker: takeSyncWorker,
    keyringHost: accountWorker.keyringHost,
    events: window,
    isOnline: () => navigator.onLine,
    session: {
      apiOrigin,
      clientPackage: photosClientPackage(),
      userID: user.id,
      token: user.token,
      choices: storedViewChoices(),
      mlIndexing: storedIndexingChoice(),
      faceIndexing: storedFaceIndexingChoice(),
    },
    onView: (view) => {
      store.set(libraryViewAtom, view);
    },
    onStopped: () => {
      tabLibrary = undefined;
      store.set(libraryViewAtom, {});
      store.set(galleryClientAtom, undefined);
      store.set(uploadClientAtom, undefined);
      store.set(editedCopyClientAtom, undefined);
      store.set(searchClientAtom, undefined);
      store.set(duplicatesClientAtom, undefined);
      store.set(mapClientAtom, undefined);
      store.set(peopleClientAtom, undefined);
    },
    log,
    setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
    afterShown: afterNextPaint,
  });
  store.set(galleryClientAtom, tabLibrary.gallery);
  store.set(uploadClientAtom, tabLibrary.uploads);
  store.set(editedCopyClientAtom, tabLibrary.editedCopy);
  store.set(searchClientAtom, tabLibrary.search);
  store.set(duplicatesClientAtom, tabLibrary.duplicates);
  store.set(mapClientAtom, tabLibrary.map);
  store.set(peopleClientAtom, tabLibrary.people);
  const bridge = window.electron;
  if (bridge !== undefined) {
    // In the desktop app, the library's worker converts what the browser
    // cannot show with the native conversions (spec §6), the web path
    // staying the fallback, and runs CLIP natively (see: [Note: The desktop
    // runs CLIP natively]).
    const library = tabLibrary;
    connectDesktopPort(conversionPortsMessage, "the native conversions", {
      ask: () => bridge.connectNativeConversions(),
      adopt: (port) => library.adoptNativeConversions(port),
      isCurrent: () => tabLibrary === library,
    });
    connectDesktopPort(mlPortsMessage, "the native CLIP", {
      ask: () => bridge.connectNativeML(),
      adopt: (port) => library.adoptNativeML(port),
      isCurrent: () => tabLibrary === library,
    });
  }
};

/** Asks the desktop shell for a port (it arrives as the window message `messageData`) and hands it on. */
const connectDesktopPort = (
  messageData: string,
  what: string,
  to: {
    ask: () => Promise<void>;
    adopt: (port: MessagePort) => Promise<void>;
    /** False once the library it was asked for has stopped. */
    isCurrent: () => boolean;
  },
): void => {
  const arrival = desktopPorts(window, messageData, 1);
  void (async () => {
    await to.ask();
    const [port] = await arrival.ports;
    if (port !== undefined && to.isCurrent()) await to.adopt(port);
  })().catch((e: unknown) => {
    arrival.cancel();
    log.error(`Could not connect ${what}`, e);
  });
};

/** Keeps what the views show for this device and tells the tab's library sync. */
export const chooseViews = (choices: ViewChoices): void => {
  storeViewChoices(choices);
  getDefaultStore().set(viewChoicesAtom, choices);
  tabLibrary?.setViewChoices(choices);
};

/** What the views show, and how to change it (the settings' switches). */
export function useViewChoices(): [ViewChoices, (choices: ViewChoices) => void] {
  return [useAtomValue(viewChoicesAtom), chooseViews];
}

/**
 * Serves the tab's library to the desktop app's export process over `port`;
 * false when the tab has no library (logged out).
 */
export const serveLibraryToExport = async (port: MessagePort): Promise<boolean> => {
  if (tabLibrary === undefined) return false;
  await tabLibrary.serveExportLibrary(port);
  return true;
};

/** Asks the tab's library sync for a sync now (e.g. "local-change" after the user's own edits). */
export const requestLibrarySync = (reason: SyncReason): void => {
  tabLibrary?.requestSync(reason);
};

/** Starts the tab's library sync (once) and gives what it reports. */
export function useLibraryView(): LibraryView {
  const { apiOrigin } = useRuntimeConfig();
  useEffect(() => {
    ensureTabLibrarySync(apiOrigin);
  }, [apiOrigin]);
  return useAtomValue(libraryViewAtom);
}

/** Starts the tab's library sync (once) and gives its gallery client, undefined until the worker started. */
export function useGalleryClient(): GalleryClient | undefined {
  const { apiOrigin } = useRuntimeConfig();
  useEffect(() => {
    ensureTabLibrarySync(apiOrigin);
  }, [apiOrigin]);
  return useAtomValue(galleryClientAtom);
}

/** Starts the tab's library sync (once) and gives the duplicates page's client, undefined until the worker started. */
export function useDuplicatesClient(): DuplicatesClient | undefined {
  const { apiOrigin } = useRuntimeConfig();
  useEffect(() => {
    ensureTabLibrarySync(apiOrigin);
  }, [apiOrigin]);
  return useAtomValue(duplicatesClientAtom);
}

/** Starts the tab's library sync (once) and gives the map page's client, undefined until the worker started. */
export function useMapClient(): MapClient | undefined {
  const { apiOrigin } = useRuntimeConfig();
  useEffect(() => {
    ensureTabLibrarySync(apiOrigin);
  }, [apiOrigin]);
  return useAtomValue(mapClientAtom);
}

/** Starts the tab's library sync (once) and gives the people pages' client, undefined until the worker started. */
export function usePeopleClient(): PeopleClient | undefined {
  const { apiOrigin } = useRuntimeConfig();
  useEffect(() => {
    ensureTabLibrarySync(apiOrigin);
  }, [apiOrigin]);
  return useAtomValue(peopleClientAtom);
}

/** The tab's search client, undefined until the worker started (the gallery starts it). */
export function useSearchClient(): SearchClient | undefined {
  return useAtomValue(searchClientAtom);
}

/** The tab's upload client, undefined until the worker started (the gallery starts it). */
export function useUploadClient(): UploadClient | undefined {
  return useAtomValue(uploadClientAtom);
}

/** The photo editor's Save into the tab's sync worker, undefined until it started (the gallery starts it). */
export function useEditedCopyClient(): EditedCopyClient | undefined {
  return useAtomValue(editedCopyClientAtom);
}
