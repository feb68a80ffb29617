// What the export process asks of the library's owner (the sync worker of
// the photos app): the library to export and news of its changes. The
// files' contents it downloads and decrypts itself, with the session's token
// and each file's key that the library carries.
// See: [Note: The export runs in a utility process]

import type { ExportLibrary } from "./export-library";

/** How the export process reaches the server for the files' contents. */
export interface ExportDownloadSession {
  apiOrigin: string;
  clientPackage: string;
  token: string;
}

export interface ExportLibrarySnapshot {
  library: ExportLibrary;
  /** The library's version this is (see `nextLibraryChange`). */
  version: number;
  download: ExportDownloadSession;
}

export interface ExportLibraryCalls {
  /** The library as it is now, once loaded. */
  exportLibrary(): Promise<ExportLibrarySnapshot>;
  /**
   * The library's version once it is past `afterVersion`: at once when it
   * is, else at its next change (a pull or an upload that changed files or
   * albums). Rejects once the library is closed (logout).
   */
  nextLibraryChange(afterVersion: number): Promise<number>;
}
