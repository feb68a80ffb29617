// The library as the desktop app's export process asks for it: the user's
// own files in their own albums, and waits for the library's next change.
// See: [Note: The export runs in a utility process]

import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";
import { type ExportFile, type ExportLibrary, exportableLibrary } from "../export/export-library";
import { SyncStoppedError } from "./sync-errors";

/** Only what an export reads of a file crosses to the export process. */
const exportFileOf = (file: DecryptedFile): ExportFile => ({
  id: file.id,
  collectionID: file.collectionID,
  ownerID: file.ownerID,
  updationTime: file.updationTime,
  metadata: file.metadata,
  pubMagicMetadata: file.pubMagicMetadata,
  keyB64: file.keyB64,
  fileDecryptionHeaderB64: file.fileDecryptionHeaderB64,
});

export const libraryForExport = (
  userID: number,
  collections: Iterable<DecryptedCollection>,
  filesOf: (collectionID: number) => Iterable<DecryptedFile>,
): ExportLibrary => {
  const owned = [...collections].filter(
    (collection) => !collection.isDeleted && collection.owner.id === userID,
  );
  const files: ExportFile[] = [];
  for (const collection of owned) {
    for (const file of filesOf(collection.id)) files.push(exportFileOf(file));
  }
  return exportableLibrary(userID, owned, files);
};

/** Where the library stands for a waiter: its version, and whether a sync is storing pages. */
export interface LibraryChangePoint {
  version: number;
  syncing: boolean;
}

// [Note: A local-files-updated event is a settled change]
//
// Continuous export runs after each local-files-updated event (spec §4):
// each pull or upload that changed the library. During a first sync the
// library changes with every page stored, many times a second; an export
// run per page would restart endlessly. So a wait for the next change ends
// only once the version moved and no sync is storing pages: one event per
// pull, and one per upload (an upload's files are stored outside a pull).

/** The waits of the export process for the library's next change. */
export class LibraryChangeWaits {
  readonly #point: () => LibraryChangePoint | undefined;
  #waits: { afterVersion: number; resolve: (v: number) => void; reject: (e: unknown) => void }[] =
    [];
  #closed = false;

  constructor(point: () => LibraryChangePoint | undefined) {
    this.#point = point;
  }

  /** Resolves with the version once it is past `afterVersion` and settled. See: [Note: A local-files-updated event is a settled change] */
  wait(afterVersion: number): Promise<number> {
    if (this.#closed) return Promise.reject(new SyncStoppedError());
    return new Promise((resolve, reject) => {
      this.#waits.push({ afterVersion, resolve, reject });
      this.check();
    });
  }

  /** The library may have changed (called after each notification). */
  check(): void {
    const point = this.#point();
    if (point === undefined || point.syncing) return;
    const waiting = [];
    for (const wait of this.#waits) {
      if (point.version > wait.afterVersion) wait.resolve(point.version);
      else waiting.push(wait);
    }
    this.#waits = waiting;
  }

  /** The library closed (logout): every wait rejects. */
  close(): void {
    this.#closed = true;
    for (const wait of this.#waits) wait.reject(new SyncStoppedError());
    this.#waits = [];
  }
}
