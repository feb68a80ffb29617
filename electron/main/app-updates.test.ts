import { describe, expect, it } from "vitest";
import {
  type AppUpdateAvailable,
  type AppUpdatesDeps,
  type UpdatePreferences,
  type Updater,
  createAppUpdates,
  downloadedUpdateDelayMs,
  isOfferable,
  updateCheckIntervalMs,
} from "./app-updates";

/** An updater that answers checks with `feedVersion` and records what it was asked. */
const fakeUpdater = (feedVersion: string | undefined, failDownload = false) => {
  const listeners: Record<string, ((value: never) => void)[]> = {};
  const calls: string[] = [];
  const updater = {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    setFeedURL: (url: string) => calls.push(`feed ${url}`),
    checkForUpdates: () => {
      calls.push("check");
      return Promise.resolve(
        feedVersion === undefined ? null : { updateInfo: { version: feedVersion } },
      );
    },
    downloadUpdate: () => {
      calls.push("download");
      for (const listener of listeners[failDownload ? "error" : "update-downloaded"] ?? []) {
        (listener as (value: unknown) => void)(
          failDownload ? new Error("offline") : { version: feedVersion },
        );
      }
      return Promise.resolve();
    },
    quitAndInstall: () => calls.push("quitAndInstall"),
    on: (event: string, listener: (value: never) => void) => {
      (listeners[event] ??= []).push(listener);
    },
  };
  return { updater: updater as unknown as Updater, calls, listeners, state: updater };
};

const setUp = (
  feedVersion: string | undefined,
  overrides: Partial<AppUpdatesDeps> & { failDownload?: boolean } = {},
) => {
  const fake = fakeUpdater(feedVersion, overrides.failDownload);
  const offers: AppUpdateAvailable[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  const intervals: { ms: number; run: () => void }[] = [];
  let preferences: UpdatePreferences = {};
  const events: string[] = [];
  const updates = createAppUpdates({
    updater: fake.updater,
    feedURL: "https://updates.example.com/cairn",
    appVersion: "1.2.0",
    canAutoUpdate: true,
    readPreferences: () => preferences,
    writePreferences: (next) => {
      preferences = next;
    },
    offer: (update) => offers.push(update),
    openDownloadPage: () => events.push("download page"),
    allowQuit: () => events.push("allow quit"),
    setTimer: (run, ms) => timers.push({ run, ms }),
    setInterval: (run, ms) => intervals.push({ run, ms }),
    log: () => undefined,
    ...overrides,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    updates,
    fake,
    offers,
    timers,
    intervals,
    events,
    settle,
    preferences: () => preferences,
  };
};

describe("desktop app updates", () => {
  it.each([
    ["1.3.0", {}, true],
    ["1.2.0", {}, false],
    ["1.1.9", {}, false],
    ["1.3.0", { skippedVersion: "1.3.0" }, false],
    ["1.3.0", { mutedVersion: "1.3.0" }, false],
    ["1.4.0", { skippedVersion: "1.3.0" }, true],
  ] as const)("offers %s with preferences %o: %s", (version, preferences, offered) => {
    expect(isOfferable(version, "1.2.0", preferences)).toBe(offered);
  });

  it("never checks without a feed", async () => {
    const { updates, fake, settle } = setUp("2.0.0", { feedURL: undefined });
    updates.start();
    await updates.checkNow();
    await settle();
    expect(fake.calls).toEqual([]);
  });

  it("checks at launch and every day, downloads a newer version, and offers it after a while", async () => {
    const { updates, fake, offers, timers, intervals, settle } = setUp("1.3.0");
    updates.start();
    await settle();
    expect(fake.state.autoDownload).toBe(false);
    expect(fake.calls).toEqual(["feed https://updates.example.com/cairn", "check", "download"]);
    expect(intervals.map((interval) => interval.ms)).toEqual([updateCheckIntervalMs]);
    expect(offers).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([downloadedUpdateDelayMs]);
    timers[0]?.run();
    expect(offers).toEqual([{ version: "1.3.0", autoUpdatable: true }]);

    // The daily check: the listeners answer once per download, not once per check so far.
    intervals[0]?.run();
    await settle();
    timers[1]?.run();
    expect(offers).toHaveLength(2);
    expect(fake.listeners["update-downloaded"]).toHaveLength(1);
    updates.start();
    expect(fake.listeners["update-downloaded"]).toHaveLength(1);
  });

  it("installs now, or on the next launch without asking again", async () => {
    const now = setUp("1.3.0");
    now.updates.start();
    await now.settle();
    now.updates.installNow();
    expect(now.events).toEqual(["allow quit"]);
    expect(now.fake.calls.at(-1)).toBe("quitAndInstall");

    const later = setUp("1.3.0");
    later.updates.start();
    await later.settle();
    later.updates.installOnNextLaunch("1.3.0");
    expect(later.fake.state.autoInstallOnAppQuit).toBe(true);
    expect(later.preferences()).toEqual({ mutedVersion: "1.3.0" });
    later.intervals[0]?.run();
    await later.settle();
    expect(later.fake.calls.filter((call) => call === "download")).toHaveLength(1);
  });

  it("offers the download page when the package cannot update itself, and can ignore that version", async () => {
    const { updates, fake, offers, events, intervals, settle, preferences } = setUp("1.3.0", {
      canAutoUpdate: false,
    });
    updates.start();
    await settle();
    expect(fake.calls).not.toContain("download");
    expect(offers).toEqual([{ version: "1.3.0", autoUpdatable: false }]);
    updates.downloadAndInstall();
    expect(events).toEqual(["download page"]);
    updates.ignoreVersion("1.3.0");
    expect(preferences()).toEqual({ skippedVersion: "1.3.0" });
    intervals[0]?.run();
    await settle();
    expect(offers).toHaveLength(1);
  });

  it("offers the download page when the download fails", async () => {
    const { updates, offers, settle } = setUp("1.3.0", { failDownload: true });
    updates.start();
    await settle();
    expect(offers).toEqual([{ version: "1.3.0", autoUpdatable: false }]);
  });

  it("checks again on request, forgetting ignored versions, and shows a found update at once", async () => {
    const { updates, offers, timers, settle } = setUp("1.3.0");
    updates.start();
    await settle();
    updates.ignoreVersion("1.3.0");
    await updates.checkNow();
    expect(offers).toEqual([{ version: "1.3.0", autoUpdatable: true }]);
    expect(timers).toHaveLength(1);
  });
});
