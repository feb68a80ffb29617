import { describe, expect, it, vi } from "vitest";
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

const summary = (fileCount: number): LibrarySummary => ({
  collections: [],
  fileCount,
  hiddenFileCount: 0,
  trashCount: 0,
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
    setOnline: (value) => {
      calls.push(`setOnline ${String(value)}`);
      return Promise.resolve();
    },
    requestSync: (reason) => {
      calls.push(`requestSync ${reason}`);
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

describe("startLibrarySync", () => {
  it("opens the worker with a keyring port, shows the stored library, then keeps it current", async () => {
    const { calls, views, ports, deps, notify } = setup(false);
    startLibrarySync(deps);
    await flush();
    expect(ports).toHaveLength(1);
    expect(calls).toEqual(["open 7 online=false"]);
    expect(views[0]).toEqual({ summary: summary(5) });
    expect(views.at(-1)).toEqual({ summary: summary(6), status: status("syncing") });
    await notify(summary(9), status("up-to-date"));
    expect(views.at(-1)).toEqual({ summary: summary(9), status: status("up-to-date") });
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

  it("lets go of a worker that stopped because the account locked", async () => {
    const { calls, events, timers, deps, notify } = setup();
    startLibrarySync(deps);
    await flush();
    await notify(summary(9), status("stopped"));
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
});
