// The tab's library as view state: one library sync per logged-in tab,
// started by the gallery and kept across routes until logout, and a jotai
// atom with what it last reported.

import { atom, getDefaultStore, useAtomValue } from "jotai";
import { useEffect } from "react";
import { clientPackages } from "../../../shared/api/headers";
import { tabAccountWorker } from "../../../workers/account/browser-account-worker";
import type { SyncReason } from "../../../workers/sync/schedule";
import { startBrowserSyncWorker } from "../../../workers/sync/browser-sync-worker";
import { useRuntimeConfig } from "../config/runtime-config-context";
import { log } from "../log/log";
import { localStore } from "../storage/local-store";
import type { GalleryClient } from "./gallery-client";
import { type LibraryView, type LibrarySync, startLibrarySync } from "./library-sync";

/** The library summary, summaries, open view and sync status last reported by the sync worker. */
export const libraryViewAtom = atom<LibraryView>({});

/** The gallery's calls into the tab's sync worker; undefined until it started (and after it stopped). */
export const galleryClientAtom = atom<GalleryClient | undefined>(undefined);

let tabLibrary: LibrarySync | undefined;

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
    startWorker: startBrowserSyncWorker,
    keyringHost: accountWorker.keyringHost,
    events: window,
    isOnline: () => navigator.onLine,
    session: {
      apiOrigin,
      clientPackage: clientPackages.photosWeb,
      userID: user.id,
      token: user.token,
    },
    onView: (view) => {
      store.set(libraryViewAtom, view);
    },
    onStopped: () => {
      tabLibrary = undefined;
      store.set(libraryViewAtom, {});
      store.set(galleryClientAtom, undefined);
    },
    log,
    setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  });
  store.set(galleryClientAtom, tabLibrary.gallery);
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
