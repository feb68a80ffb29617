// The browser entry of the sync worker: one dedicated worker per logged-in
// tab, created by `browser-sync-worker.ts`. vite-plugin-comlink exposes every
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
// The keyring is the one port the UI thread hands over (from the account
// worker). See: [Note: Library workers get keys through a keyring, never the master key]

import { transfer } from "comlink";
import { listenForKeyringLock } from "../account/keyring-port";
import { type BrowserCryptoPool, createBrowserCryptoPool } from "../crypto/browser-pool";
import type {
  ActionOutcome,
  DownloadedFile,
  GalleryFileDetails,
  GalleryViewSnapshot,
  GalleryWindow,
  LibraryAction,
  OriginalMedia,
  ThumbnailResult,
} from "./gallery-contract";
import type { LibrarySummary } from "./library-summary";
import { keyringOverPort } from "./remote-keyring";
import type { SyncReason } from "./schedule";
import { SyncStoppedError } from "./sync-errors";
import {
  type LibraryListener,
  type SyncService,
  type SyncSession,
  type SyncStatus,
  createSyncService,
} from "./sync-service";

let service: SyncService | undefined;
let pool: BrowserCryptoPool | undefined;

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
};

/**
 * Opens the stored library with keys from `keyringPort` (transferred) and
 * starts syncing. Resolves with the stored library's summary, before the
 * first sync has answered.
 */
export const open = async (
  session: SyncSession,
  keyringPort: MessagePort,
): Promise<LibrarySummary> => {
  if (service !== undefined) return service.open(session);
  pool = createBrowserCryptoPool();
  service = createSyncService({
    indexedDB,
    IDBKeyRange,
    pool,
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
  });
  // See: [Note: Locking the account stops the library's workers first]
  listenForKeyringLock(keyringPort, close);
  return service.open(session);
};

export const setToken = (token: string): void => {
  ensureService().setToken(token);
};

export const setOnline = (online: boolean): void => {
  ensureService().setOnline(online);
};

export const requestSync = (reason: SyncReason): void => {
  ensureService().requestSync(reason);
};

export const sync = (reason: SyncReason): Promise<SyncStatus> => ensureService().sync(reason);

export const status = (): SyncStatus => ensureService().status();

export const librarySummary = (): LibrarySummary => ensureService().librarySummary();

/** A UI-thread function behind a Comlink proxy: calling it answers a promise. */
export type RemoteLibraryListener = (...args: Parameters<LibraryListener>) => Promise<void>;

/** Calls `listener` (a Comlink proxy) after every change; a page gone away is ignored. */
export const subscribe = (listener: RemoteLibraryListener): number =>
  ensureService().subscribe((summary, current, view) => {
    listener(summary, current, view).catch(() => undefined);
  });

export const unsubscribe = (subscriptionID: number): void => {
  service?.unsubscribe(subscriptionID);
};

// ---------------------------------------------------------------------------
// The gallery (issue #5): `web/common/library/gallery-client.ts` calls these.

export const openView = (viewID: number): GalleryViewSnapshot => ensureService().openView(viewID);

export const viewWindow = (viewID: number, startIndex: number, count: number): GalleryWindow =>
  ensureService().viewWindow(viewID, startIndex, count);

export const indexOfFile = (viewID: number, fileID: number): number =>
  ensureService().indexOfFile(viewID, fileID);

export const fileDetails = (fileID: number): GalleryFileDetails =>
  ensureService().fileDetails(fileID);

/** Thumbnails, their bytes transferred to the page (the worker keeps no reference to them). */
export const thumbnails = async (fileIDs: readonly number[]): Promise<ThumbnailResult[]> => {
  const results = await ensureService().thumbnails(fileIDs);
  const buffers = results.flatMap((result) => (result.ok ? [result.bytes.buffer] : []));
  return transfer(results, buffers);
};

/** A UI-thread callback behind a Comlink proxy: calling it answers a promise. */
export type RemoteProgressListener = (fileID: number, percent: number) => Promise<void>;
export type RemoteFileListener = (file: DownloadedFile) => Promise<void>;

export const original = (
  fileID: number,
  onProgress?: RemoteProgressListener,
): Promise<OriginalMedia> =>
  ensureService().original(
    fileID,
    onProgress === undefined
      ? undefined
      : (id, percent) => {
          onProgress(id, percent).catch(() => undefined);
        },
  );

export const download = (
  fileIDs: readonly number[],
  mode: "files" | "zip",
  onProgress: RemoteProgressListener,
  onFile: RemoteFileListener,
  zipName?: string,
): Promise<void> =>
  ensureService().download(
    fileIDs,
    mode,
    (id, percent) => {
      onProgress(id, percent).catch(() => undefined);
    },
    (file) => {
      onFile(file).catch(() => undefined);
    },
    zipName,
  );

export const perform = (action: LibraryAction): Promise<ActionOutcome> =>
  ensureService().perform(action);
