// The export process: one export service for the folder the user chose,
// driven by the photos app over a port and fed by the app's library over
// another. The Electron utility process hosts it (`electron/utility/export.ts`);
// tests host it in Node over worker_threads ports.

// [Note: The export runs in a utility process]
//
// An export can run for hours and write tens of thousands of files; in the
// page it would compete with the gallery, and a page reload would stop it.
// So the desktop app runs it in a utility process of its own, and the
// photos app only starts, stops and shows it:
// - The main process forks the process, and on each request of the page
//   (every page load) makes two port pairs: the control port (the page calls
//   `ExportControl`) and the library port (the export calls
//   `ExportLibraryCalls` of the page's sync worker, which holds the
//   decrypted library). Only the main process tells the folder, one the user
//   chose in its folder picker (see: [Note: The export writes only where
//   the user chose]).
// - The export downloads and decrypts each file itself, with the file's key
//   from the library and the session's token: the files never cross the
//   page. It holds keys in memory only, as every worker does.
// - A run that started goes on when the page reloads or is gone (it needs
//   the page only to load the library); a new page's ports replace the old.
// - Status reaches the page by long polls (`nextStatus`), which survive a
//   page that comes and goes, and need no port per listener.

import { type Endpoint, expose, wrap } from "comlink";
import type { DownloadDeps } from "../library/download";
import { downloadFileContents } from "../library/download";
import type { WorkerCalls } from "../worker-boundary";
import type { ExportControl } from "./export-control";
import type { ExportFS } from "./export-fs";
import type { ExportLibrarySource } from "./export-library";
import type { ExportDownloadSession, ExportLibraryCalls } from "./export-library-calls";
import { ExportService } from "./export-service";
import { ExportStatusFeed } from "./export-status-feed";

export interface ExportHostDeps {
  /** The file system rooted at an export folder. */
  exportFS: (exportFolder: string) => ExportFS;
  /** How to download and decrypt with a session's token. */
  downloadDeps: (session: ExportDownloadSession) => DownloadDeps;
  nowMs: () => number;
  sleep: (ms: number) => Promise<void>;
  log: (message: string, cause?: unknown) => void;
}

/** The page's end of a connection: its two ports, and a promise settled when it is gone. */
export interface ExportConnection {
  control: Endpoint;
  library: Endpoint;
  closed: Promise<void>;
}

/** The library is not reachable: no page is connected, or it went away during a call. */
export class ExportLibraryUnreachableError extends Error {
  override name = "ExportLibraryUnreachableError";
  constructor() {
    super("The photos app that holds the library is not connected");
  }
}

interface LibraryConnection {
  remote: WorkerCalls<ExportLibraryCalls>;
  closed: Promise<never>;
  isClosed: () => boolean;
  /** The library's version a run first loaded through this connection. */
  firstLoad: Promise<number>;
  loaded: (version: number) => void;
}

export interface ExportHost {
  /** A page connected for `exportFolder` (the folder the main process allows). */
  connect(exportFolder: string, connection: ExportConnection): void;
  /** Stops the run, if any (the app quits). */
  stop(): Promise<void>;
}

export const startExportHost = (deps: ExportHostDeps): ExportHost => {
  let folder: string | undefined;
  let service: ExportService | undefined;
  let feed: ExportStatusFeed | undefined;
  let library: LibraryConnection | undefined;
  let session: ExportDownloadSession | undefined;

  const reachable = (): LibraryConnection => {
    if (library === undefined || library.isClosed()) throw new ExportLibraryUnreachableError();
    return library;
  };

  const source: ExportLibrarySource = {
    load: async () => {
      const connection = reachable();
      const snapshot = await Promise.race([connection.remote.exportLibrary(), connection.closed]);
      connection.loaded(snapshot.version);
      session = snapshot.download;
      return snapshot.library;
    },
    contents: (file, signal) => {
      if (session === undefined) throw new ExportLibraryUnreachableError();
      return downloadFileContents(deps.downloadDeps(session), file, { signal });
    },
  };

  const serviceFor = (exportFolder: string): { service: ExportService; feed: ExportStatusFeed } => {
    if (service !== undefined && feed !== undefined && folder === exportFolder) {
      return { service, feed };
    }
    service?.stop();
    folder = exportFolder;
    // The feed is made from the service's first status, after the service.
    const made: { feed?: ExportStatusFeed } = {};
    const newService = new ExportService({
      fs: deps.exportFS(exportFolder),
      source,
      nowMs: deps.nowMs,
      sleep: deps.sleep,
      onStatus: (status) => made.feed?.publish(status),
      onFileFailed: (fileID, error) => {
        deps.log(`Could not export file ${fileID}`, error);
      },
      onRunFailed: (error) => {
        deps.log("The export run failed", error);
      },
    });
    const newFeed = new ExportStatusFeed(newService.status);
    made.feed = newFeed;
    service = newService;
    feed = newFeed;
    void newService.resumeIfInterrupted().catch((error: unknown) => {
      deps.log("Could not resume the interrupted export", error);
    });
    return { service: newService, feed: newFeed };
  };

  // [Note: Continuous export follows the library from what a run loaded]
  //
  // A page's library has versions of its own (they start again with each
  // page load), and its sync may bring changes at any time after the page
  // connected, even before the first run loaded the library. So the export
  // follows a connection's changes from the version the first run through
  // it loaded (a run starts at once when continuous export is on): any change
  // after that one is an event, and none is missed between the two.

  /** Continuous export: every change of the connected library is a local-files-updated event. */
  const followChanges = async (connection: LibraryConnection, exporting: ExportService) => {
    try {
      let version = await Promise.race([connection.firstLoad, connection.closed]);
      for (;;) {
        version = await Promise.race([
          connection.remote.nextLibraryChange(version),
          connection.closed,
        ]);
        if (exporting !== service) return;
        exporting.localFilesUpdated();
      }
    } catch (error) {
      // The page went away or logged out: the next page follows from its own connection.
      if (!(error instanceof ExportLibraryUnreachableError)) {
        deps.log("Stopped following the library's changes", error);
      }
    }
  };

  return {
    connect(exportFolder, connection) {
      const current = serviceFor(exportFolder);
      let closed = false;
      let loaded: (version: number) => void = () => undefined;
      const firstLoad = new Promise<number>((resolve) => {
        loaded = resolve;
      });
      const libraryConnection: LibraryConnection = {
        firstLoad,
        loaded: (version) => {
          loaded(version);
        },
        remote: wrap<ExportLibraryCalls>(connection.library),
        closed: connection.closed.then(() => {
          closed = true;
          throw new ExportLibraryUnreachableError();
        }),
        isClosed: () => closed,
      };
      libraryConnection.closed.catch(() => undefined);
      library = libraryConnection;
      const control: ExportControl = {
        status: () => current.feed.current(),
        nextStatus: (afterVersion) => current.feed.next(afterVersion),
        start: (options) => {
          void current.service.schedule(options);
        },
        stop: () => {
          current.service.stop();
        },
        setContinuous: (enabled) => {
          void current.service.setContinuous(enabled);
        },
      };
      expose(control, connection.control);
      void followChanges(libraryConnection, current.service);
    },
    async stop() {
      service?.stop();
      await service?.whenIdle();
    },
  };
};
