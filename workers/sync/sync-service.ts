// The sync worker as a plain module: it owns the local database and the
// in-memory index of the library, runs syncs by the scheduler's rules and
// tells its subscribers when the library changed (`library-lifecycle.ts`,
// `library-notifier.ts`), and answers the gallery's and the uploads' calls
// (`library-gallery.ts`) and the photo editor's save (`library-edited-copy.ts`).
// `sync.worker.ts` exposes it to the browser through Comlink; tests call it
// directly. Nothing it answers carries a key.
// See: [Note: Library workers get keys through a keyring, never the master key]

import { libraryEditedCopyCalls } from "./library-edited-copy";
import { libraryGalleryCalls } from "./library-gallery";
import { createLibraryLifecycle } from "./library-lifecycle";
import type { SyncService, SyncServiceDependencies } from "./sync-service-contract";

export type {
  LibraryListener,
  SyncService,
  SyncServiceDependencies,
  SyncSession,
  SyncState,
  SyncStatus,
} from "./sync-service-contract";

export const createSyncService = (deps: SyncServiceDependencies): SyncService => {
  const { library, ...lifecycle } = createLibraryLifecycle(deps);
  return {
    ...lifecycle,
    ...libraryGalleryCalls(library),
    ...libraryEditedCopyCalls(library, deps.nowMs),
  };
};
