import { UploadPhase } from "../../../shared/model/media/upload-outcomes";
import { UploadProgress } from "../../../shared/model/media/upload-progress";
import { describe, expect, it, vi } from "vitest";
import type {
  GalleryFirstScreen,
  GalleryViewSnapshot,
  LibraryAction,
} from "../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../shared/model/library/gallery-summary";
import type { FaceRef } from "../../../workers/people/people-contract";
import type { LibrarySummary } from "../../../workers/sync/library-summary";
import type { SyncStatus } from "../../../workers/sync/sync-service";
import type { RemoteLibraryListener } from "../../../workers/sync/sync.worker";
import {
  type LibrarySyncDependencies,
  type LibraryView,
  type SyncWorkerCalls,
  startLibrarySync,
  stoppedWorkerGraceMs,
} from "./library-sync";
import { testGalleryItem as itemOf } from "../../../workers/gallery/test-support/gallery-items";

const allSummary = (fileCount: number): GallerySummary => ({
  id: 0,
  name: "All",
  type: "all",
  order: 0,
  fileCount,
  updationTimeUs: 0,
  isHidden: false,
  isOwned: false,
  sortAscending: false,
});
const summary = (fileCount: number): LibrarySummary => ({
  collections: [],
  fileCount,
  hiddenFileCount: 0,
  trashCount: 0,
  summaries: [allSummary(fileCount)],
});
const snapshot = (viewID: number, version: number): GalleryViewSnapshot => ({
  viewID,
  version,
  totalCount: 1,
  days: [{ day: "2024-06-01", firstIndex: 0, count: 1 }],
});
const status = (state: SyncStatus["state"]): SyncStatus => ({ state, skippedRecords: 0 });

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A sync worker stand-in recording calls, and window events the test fires. */
const setup = (online = true) => {
  const calls: string[] = [];
  let listener: RemoteLibraryListener | undefined;
  const api: SyncWorkerCalls = {
    open: (session) => {
      calls.push(`open ${String(session.userID)} online=${String(session.online)}`);
      return Promise.resolve(summary(5));
    },
    firstScreen: () => Promise.resolve(undefined),
    setOnline: (value) => {
      calls.push(`setOnline ${String(value)}`);
      return Promise.resolve();
    },
    requestSync: (reason) => {
      calls.push(`requestSync ${reason}`);
      return Promise.resolve();
    },
    setViewChoices: (choices) => {
      calls.push(`setViewChoices sharedInTimeline=${String(choices.sharedInTimeline)}`);
      return Promise.resolve();
    },
    status: () => Promise.resolve(status("syncing")),
    librarySummary: () => Promise.resolve(summary(6)),
    subscribe: (callback) => {
      listener = callback;
      return Promise.resolve(1);
    },
    close: () => {
      calls.push("close");
      return Promise.resolve();
    },
    serveExportLibrary: () => {
      calls.push("serveExportLibrary");
      return Promise.resolve();
    },
    adoptNativeConversions: () => {
      calls.push("adoptNativeConversions");
      return Promise.resolve();
    },
    adoptNativeML: () => {
      calls.push("adoptNativeML");
      return Promise.resolve();
    },
    openView: (viewID) => {
      calls.push(`openView ${String(viewID)}`);
      return Promise.resolve(snapshot(viewID, 1));
    },
    viewWindow: (viewID, startIndex, count) => {
      calls.push(`viewWindow ${String(viewID)} ${String(startIndex)} ${String(count)}`);
      return Promise.resolve({ viewID, version: 1, startIndex, items: [] });
    },
    viewItemsAt: (viewID, indexes) => {
      calls.push(`viewItemsAt ${String(viewID)} ${indexes.join(",")}`);
      return Promise.resolve({ viewID, version: 1, indexes: [...indexes], items: [] });
    },
    indexOfFile: () => Promise.resolve(-1),
    fileDetails: () => Promise.reject(new Error("not used")),
    albumSharing: () => Promise.reject(new Error("not used")),
    thumbnails: (fileIDs) => {
      calls.push(`thumbnails ${fileIDs.join(",")}`);
      return Promise.resolve([]);
    },
    original: async (fileID, onProgress) => {
      await onProgress?.(fileID, 100);
      return { fileID, kind: "other", blob: new Blob([]) };
    },
    playableVideo: (fileID) => Promise.resolve({ fileID, converted: false }),
    download: async (fileIDs, _mode, onProgress, onFile) => {
      for (const id of fileIDs) {
        await onProgress(id, 100);
        await onFile({ name: `${String(id)}.jpg`, blob: new Blob([]) });
      }
    },
    perform: (action: LibraryAction) => {
      calls.push(`perform ${action.kind}`);
      return Promise.resolve({ ok: true, changedCount: 1 });
    },
    upload: async (request, onProgress) => {
      calls.push(`upload ${request.files.map(({ file }) => file.name).join(",")}`);
      const progress = new UploadProgress();
      progress.add(
        request.files.map(({ file }, index) => ({
          id: index,
          name: file.name,
          sizeBytes: file.size,
        })),
      );
      await onProgress(progress.snapshot());
      progress.setPhase(UploadPhase.finish);
      return progress.snapshot();
    },
    cancelUpload: () => {
      calls.push("cancelUpload");
      return Promise.resolve();
    },
    saveEditedCopy: async (request, onProgress) => {
      calls.push(
        `saveEditedCopy ${String(request.originalFileID)} in ${String(request.viewID)} ${String(request.image.size)} bytes replace=${String(request.replaceOriginal)}`,
      );
      await onProgress(40);
      await onProgress(100);
      return {
        kind: "saved" as const,
        fileID: 900,
        fileName: "IMG_0042-edited.jpg",
        collectionIDs: [5],
        originalTrashed: request.replaceOriginal,
      };
    },
    searchSuggestions: (text) => {
      calls.push(`searchSuggestions ${text}`);
      return Promise.resolve([]);
    },
    cityName: () => Promise.resolve("Lisbon"),
    locationTagName: () => Promise.resolve("Home"),
    exactDuplicates: () => {
      calls.push("exactDuplicates");
      return Promise.resolve([]);
    },
    removeDuplicates: () => Promise.resolve({ ok: true, changedCount: 0 }),
    largeFiles: () => Promise.resolve([]),
    similarPhotos: () => Promise.resolve({ groups: [], hashedPhotos: 0, indexingEnabled: true }),
    mapOverview: () => Promise.resolve({ locatedCount: 0, bounds: undefined }),
    mapMarkers: () => Promise.resolve({ markers: [], inAreaCount: 0 }),
    people: () =>
      Promise.resolve({
        status: { enabled: false, phase: "done" as const, indexedFiles: 0, totalFiles: 0 },
        people: [],
      }),
    person: () => Promise.resolve(undefined),
    personFaces: () => Promise.resolve([]),
    faceCrops: (faces: FaceRef[]) => Promise.resolve(faces.map(() => undefined)),
    facesInFile: () => Promise.resolve([]),
    namePerson: (personID: string) => Promise.resolve(personID),
    mergePeople: () => Promise.resolve(),
    removeFacesFromPerson: () => Promise.resolve(),
    setPersonHidden: () => Promise.resolve(),
    setFaceIndexing: () => Promise.resolve(),
    indexingStatus: () => Promise.resolve(undefined),
    setIndexingEnabled: () => Promise.resolve(),
    openSearch: (query) => {
      calls.push(`openSearch ${query.kind}`);
      return Promise.resolve(snapshot(-5, 3));
    },
  };
  const events = new EventTarget();
  const views: LibraryView[] = [];
  const ports: MessagePort[] = [];
  const timers: { callback: () => void; delayMs: number }[] = [];
  const deps: LibrarySyncDependencies = {
    startWorker: () => ({
      api,
      terminate: () => {
        calls.push("terminate");
      },
    }),
    keyringHost: {
      exposeLibraryKeyring: (port) => {
        ports.push(port);
        return Promise.resolve();
      },
    },
    events,
    isOnline: () => online,
    session: {
      apiOrigin: "http://api",
      clientPackage: "io.cairn.photos.web",
      userID: 7,
      token: "t",
    },
    onView: (view) => views.push(view),
    onStopped: vi.fn(),
    log: { error: vi.fn() },
    setTimeout: (callback, delayMs) => timers.push({ callback, delayMs }),
    afterShown: () => Promise.resolve(),
    // Tests call the worker double directly: callbacks need no proxy.
    wrapCallback: (callback) => callback,
  };
  return {
    calls,
    events,
    views,
    ports,
    timers,
    deps,
    notify: (...args: Parameters<RemoteLibraryListener>) => listener?.(...args),
  };
};

/** The first screen of "all" with 3 items, the thumbnails of the first two (and a cover) recorded. */
const firstScreen: GalleryFirstScreen = {
  viewID: 0,
  summary: summary(3),
  snapshot: { ...snapshot(0, 0), totalCount: 3 },
  items: [itemOf(3), itemOf(2), itemOf(1)],
  thumbnailFileIDs: [3, 2, 40],
};

/** A worker double whose `open` answers when the test says so, with the first screen at once. */
const slowOpening = (deps: LibrarySyncDependencies, screen: GalleryFirstScreen | undefined) => {
  let finishOpening: () => void = () => undefined;
  const startWorker = deps.startWorker;
  deps.startWorker = () => {
    const worker = startWorker();
    const open = worker.api.open.bind(worker.api);
    worker.api.open = (...args) =>
      new Promise((resolve) => {
        finishOpening = () => {
          resolve(open(...args));
        };
      });
    worker.api.firstScreen = () => Promise.resolve(screen);
    return worker;
  };
  return {
    finishOpening: () => {
      finishOpening();
    },
  };
};

describe("the first screen", () => {
  it("is shown before the library is loaded, then the loaded library's view replaces it", async () => {
    const { calls, views, deps } = setup();
    const opening = slowOpening(deps, firstScreen);
    const sync = startLibrarySync(deps);
    await flush();
    expect(views.at(-1)?.summaries).toEqual(summary(3).summaries);

    expect(await sync.gallery.openView(0)).toEqual(firstScreen.snapshot);
    expect(views.at(-1)?.view).toEqual(firstScreen.snapshot);
    expect(await sync.gallery.viewWindow(0, 1, 5)).toEqual({
      viewID: 0,
      version: 0,
      startIndex: 1,
      items: [itemOf(2), itemOf(1)],
    });
    // The leading tiles' thumbnails were asked for as the first screen came;
    // the grid's call takes those and asks only for the cover.
    expect(calls).toEqual(["thumbnails 3,2,1"]);
    await sync.gallery.thumbnails([3, 40]);
    // (The double records `open` when it answers.)
    expect(calls).toEqual(["thumbnails 3,2,1", "thumbnails 40"]);

    // A file the first screen has no record of waits for the library.
    let answered = false;
    const unknown = sync.gallery.thumbnails([3, 99]).then(() => {
      answered = true;
    });
    await flush();
    expect(answered).toBe(false);

    opening.finishOpening();
    await unknown;
    await flush();
    expect(calls).toEqual([
      "thumbnails 3,2,1",
      "thumbnails 40",
      "open 7 online=true",
      "openView 0",
      "thumbnails 3,99",
    ]);
    expect(views.at(-1)?.view).toEqual(snapshot(0, 1));
    expect(views.at(-1)?.summaries).toEqual(summary(6).summaries);
    // Windows now come from the loaded library.
    await sync.gallery.viewWindow(0, 0, 2);
    expect(calls.at(-1)).toBe("viewWindow 0 0 2");
  });

  it("answers no window past its items", async () => {
    const { calls, deps } = setup();
    const opening = slowOpening(deps, {
      ...firstScreen,
      snapshot: { ...snapshot(0, 0), totalCount: 600 },
    });
    const sync = startLibrarySync(deps);
    await sync.gallery.openView(0);
    let answered = false;
    const window = sync.gallery.viewWindow(0, 0, 10).then(() => {
      answered = true;
    });
    await flush();
    expect(answered).toBe(false);
    opening.finishOpening();
    await window;
    expect(calls).toContain("viewWindow 0 0 10");
  });

  it("is not used for another view", async () => {
    const { calls, views, deps } = setup();
    const opening = slowOpening(deps, firstScreen);
    const sync = startLibrarySync(deps);
    let opened: GalleryViewSnapshot | undefined;
    const archive = sync.gallery.openView(-1).then((answer) => {
      opened = answer;
    });
    await flush();
    expect(opened).toBeUndefined();
    opening.finishOpening();
    await archive;
    expect(opened).toEqual(snapshot(-1, 1));
    expect(calls).toContain("openView -1");
    expect(views.at(-1)?.view).toEqual(snapshot(-1, 1));
  });

  it("opens only the view opened last once the library is loaded", async () => {
    const { calls, views, deps } = setup();
    const opening = slowOpening(deps, firstScreen);
    const sync = startLibrarySync(deps);
    await sync.gallery.openView(0);
    const archive = sync.gallery.openView(-1);
    await flush();
    opening.finishOpening();
    await archive;
    await flush();
    expect(calls.filter((call) => call.startsWith("openView"))).toEqual(["openView -1"]);
    expect(views.at(-1)?.view).toEqual(snapshot(-1, 1));
  });
});

describe("startLibrarySync", () => {
  it("holds gallery calls made before the worker opened the stored library until it has", async () => {
    const { calls, deps } = setup();
    const opening = slowOpening(deps, undefined);
    const sync = startLibrarySync(deps);
    const snapshotShown = sync.gallery.openView(0);
    await flush();
    expect(calls).toEqual([]);
    opening.finishOpening();
    await expect(snapshotShown).resolves.toEqual(snapshot(0, 1));
    expect(calls).toEqual(["open 7 online=true", "openView 0"]);
  });

  it("fails gallery calls when the worker could not open", async () => {
    const { deps } = setup();
    const startWorker = deps.startWorker;
    deps.startWorker = () => {
      const worker = startWorker();
      worker.api.open = () => Promise.reject(new Error("no keyring"));
      return worker;
    };
    const sync = startLibrarySync(deps);
    await expect(sync.gallery.openView(0)).rejects.toThrow("no keyring");
  });

  it("opens the worker with a keyring port, shows the stored library, then keeps it current", async () => {
    const { calls, views, ports, deps, notify } = setup(false);
    startLibrarySync(deps);
    await flush();
    expect(ports).toHaveLength(1);
    expect(calls).toEqual(["open 7 online=false"]);
    expect(views[0]).toEqual({ summary: summary(5), summaries: summary(5).summaries });
    expect(views.at(-1)).toEqual({
      summary: summary(6),
      summaries: summary(6).summaries,
      status: status("syncing"),
    });
    await notify(summary(9), status("up-to-date"), undefined);
    expect(views.at(-1)).toEqual({
      summary: summary(9),
      summaries: summary(9).summaries,
      status: status("up-to-date"),
    });
  });

  // See: [Note: The library opens while its keyring is being exposed]
  it("asks the worker to open in the same turn as the keyring's expose, not after its answer", async () => {
    const { calls, ports, deps } = setup();
    let exposed: () => void = () => undefined;
    deps.keyringHost.exposeLibraryKeyring = (port) => {
      ports.push(port);
      return new Promise<void>((resolve) => {
        exposed = resolve;
      });
    };
    const sync = startLibrarySync(deps);
    expect(ports).toHaveLength(1);
    expect(calls).toEqual(["open 7 online=true"]);
    // The gallery still waits for the opening, which waits for the expose.
    let opened = false;
    void sync.gallery.openView(0).then(() => {
      opened = true;
    });
    await flush();
    expect(opened).toBe(false);
    exposed();
    await flush();
    expect(opened).toBe(true);
  });

  it("fails the opening when the keyring could not be exposed", async () => {
    const { deps } = setup();
    deps.keyringHost.exposeLibraryKeyring = () => Promise.reject(new Error("account worker gone"));
    const sync = startLibrarySync(deps);
    await expect(sync.gallery.openView(0)).rejects.toThrow("account worker gone");
  });

  it("answers a change only once the page has shown it", async () => {
    const { views, deps, notify } = setup();
    let markShown: () => void = () => undefined;
    deps.afterShown = () =>
      new Promise((resolve) => {
        markShown = resolve;
      });
    startLibrarySync(deps);
    await flush();
    let answered = false;
    void notify(summary(9), status("syncing"), undefined)?.then(() => {
      answered = true;
    });
    await flush();
    expect(views.at(-1)?.summary).toEqual(summary(9));
    expect(answered).toBe(false);
    markShown();
    await flush();
    expect(answered).toBe(true);
  });

  it("syncs on focus and tells the worker when the connection comes and goes", async () => {
    const { calls, events, deps } = setup();
    startLibrarySync(deps);
    await flush();
    events.dispatchEvent(new Event("focus"));
    events.dispatchEvent(new Event("offline"));
    events.dispatchEvent(new Event("online"));
    expect(calls.slice(1)).toEqual(["requestSync focus", "setOnline false", "setOnline true"]);
  });

  it("asks for a sync after the user's own changes", async () => {
    const { calls, deps } = setup();
    const sync = startLibrarySync(deps);
    await flush();
    sync.requestSync("local-change");
    expect(calls.at(-1)).toBe("requestSync local-change");
  });

  it("tells the worker a change of what the views show, once it has opened", async () => {
    const { calls, deps } = setup();
    const sync = startLibrarySync(deps);
    sync.setViewChoices({ sharedInTimeline: true });
    expect(calls).not.toContain("setViewChoices sharedInTimeline=true");
    await flush();
    await flush();
    expect(calls).toContain("setViewChoices sharedInTimeline=true");
  });

  it("lets go of a worker that stopped because the account locked", async () => {
    const { calls, events, timers, deps, notify } = setup();
    startLibrarySync(deps);
    await flush();
    await notify(summary(9), status("stopped"), undefined);
    expect(deps.onStopped).toHaveBeenCalledOnce();
    expect(timers.map((t) => t.delayMs)).toEqual([stoppedWorkerGraceMs]);
    timers[0]?.callback();
    expect(calls.at(-1)).toBe("terminate");
    events.dispatchEvent(new Event("focus"));
    expect(calls).not.toContain("requestSync focus");
  });

  it("stops: closes the worker, then ends it", async () => {
    const { calls, deps } = setup();
    const sync = startLibrarySync(deps);
    await flush();
    await sync.stop();
    expect(calls.slice(-2)).toEqual(["close", "terminate"]);
    expect(deps.onStopped).toHaveBeenCalledOnce();
  });

  it("opens a view and then shows that view's snapshots as the library changes", async () => {
    const { calls, views, deps, notify } = setup();
    const sync = startLibrarySync(deps);
    await flush();
    const opened = await sync.gallery.openView(-1);
    expect(calls).toContain("openView -1");
    expect(opened).toEqual(snapshot(-1, 1));
    expect(views.at(-1)?.view).toEqual(snapshot(-1, 1));
    await notify(summary(9), status("up-to-date"), snapshot(-1, 2));
    expect(views.at(-1)?.view).toEqual(snapshot(-1, 2));
    // A notification about a view the page left behind does not replace the open one.
    await notify(summary(9), status("up-to-date"), snapshot(0, 3));
    expect(views.at(-1)?.view).toEqual(snapshot(-1, 2));
  });

  it("passes the gallery's calls and callbacks to the worker", async () => {
    const { calls, deps } = setup();
    const sync = startLibrarySync(deps);
    await flush();
    await sync.gallery.thumbnails([3, 4]);
    expect(calls.at(-1)).toBe("thumbnails 3,4");
    expect(await sync.gallery.perform({ kind: "favorite", fileIDs: [3], favorite: true })).toEqual({
      ok: true,
      changedCount: 1,
    });
    const progress: string[] = [];
    const files: string[] = [];
    await sync.gallery.download(
      [3, 4],
      "files",
      (id, percent) => progress.push(`${String(id)}:${String(percent)}`),
      (file) => files.push(file.name),
    );
    expect(progress).toEqual(["3:100", "4:100"]);
    expect(files).toEqual(["3.jpg", "4.jpg"]);
    const seen: number[] = [];
    await sync.gallery.original(5, (_, percent) => seen.push(percent));
    expect(seen).toEqual([100]);
  });

  it("holds uploads until the stored library is open, then passes the files and their progress", async () => {
    const { calls, deps } = setup();
    const opening = slowOpening(deps, undefined);
    const sync = startLibrarySync(deps);
    const seen: number[] = [];
    const done = sync.uploads.upload(
      {
        files: [{ file: new File(["x"], "a.jpg"), folderPath: "" }],
        target: { kind: "album", collectionID: 5 },
      },
      (snapshot) => seen.push(snapshot.totalCount),
    );
    await flush();
    expect(calls).toEqual([]);
    opening.finishOpening();
    await expect(done).resolves.toMatchObject({ phase: UploadPhase.finish, totalCount: 1 });
    expect(seen).toEqual([1]);
    expect(calls).toContain("upload a.jpg");
    sync.uploads.cancelUpload();
    await flush();
    expect(calls.at(-1)).toBe("cancelUpload");
  });

  it("holds the editor's save until the stored library is open, then passes the image and its progress", async () => {
    const { calls, deps } = setup();
    const opening = slowOpening(deps, undefined);
    const sync = startLibrarySync(deps);
    const seen: number[] = [];
    const saved = sync.editedCopy.saveEditedCopy(
      {
        originalFileID: 42,
        viewID: 5,
        image: new Blob([new Uint8Array(12)], { type: "image/jpeg" }),
        replaceOriginal: true,
      },
      (percent) => seen.push(percent),
    );
    await flush();
    expect(calls.some((call) => call.startsWith("saveEditedCopy"))).toBe(false);
    opening.finishOpening();
    await expect(saved).resolves.toEqual({
      kind: "saved",
      fileID: 900,
      fileName: "IMG_0042-edited.jpg",
      collectionIDs: [5],
      originalTrashed: true,
    });
    expect(calls).toContain("saveEditedCopy 42 in 5 12 bytes replace=true");
    expect(seen).toEqual([40, 100]);
  });
});

describe("the search's calls", () => {
  it("wait for the stored library, and the search view becomes the shown view", async () => {
    const { calls, views, deps } = setup();
    const opening = slowOpening(deps, undefined);
    const sync = startLibrarySync(deps);
    const suggestions = sync.search.searchSuggestions("beach", {
      locale: "en-US",
      fileKindNames: {
        photo: "Photos",
        video: "Videos",
        "live-photo": "Live photos",
        raw: "RAW",
        screenshot: "Screenshots",
      },
    });
    await flush();
    expect(calls).not.toContain("searchSuggestions beach");
    opening.finishOpening();
    expect(await suggestions).toEqual([]);
    expect(await sync.search.openSearch({ kind: "words", text: "beach" })).toEqual(snapshot(-5, 3));
    expect(calls).toContain("openSearch words");
    expect(views.at(-1)?.view).toEqual(snapshot(-5, 3));
  });
});
