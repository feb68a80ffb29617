// Updates of the desktop app (spec §1, §2): electron-updater against the
// feed the configuration names (none: no checks), a check at launch and
// every day, and the update-available dialog's four answers.

import semverGt from "semver/functions/gt";
import type { AppUpdateAvailable } from "../../shared/desktop/electron-bridge";

export type { AppUpdateAvailable };

/** How often the app looks for an update after the check at launch, ms. */
export const updateCheckIntervalMs = 24 * 60 * 60 * 1000;

/**
 * How long a downloaded update waits before the dialog offers it, ms: an
 * update found at launch does not interrupt the first minutes of use (the
 * reference waits as long). "Check for updates" from the menu shows it at
 * once.
 */
export const downloadedUpdateDelayMs = 5 * 60 * 1000;

/** What this module uses of electron-updater's `autoUpdater`. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(url: string): void;
  checkForUpdates(): Promise<{ updateInfo: { version: string } } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: "update-downloaded", listener: (info: { version: string }) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

/** The user's answers kept across launches. */
export interface UpdatePreferences {
  /** "Ignore this version". */
  skippedVersion?: string | undefined;
  /** "Install on next launch": no dialog for this version any more. */
  mutedVersion?: string | undefined;
}

export interface AppUpdatesDeps {
  updater: Updater;
  /** The feed's URL; undefined: updates are off (a build without a feed, a development run). */
  feedURL: string | undefined;
  appVersion: string;
  /** Whether this package can be replaced by the updater (AppImage, NSIS, DMG; not a .deb). */
  canAutoUpdate: boolean;
  readPreferences(): UpdatePreferences;
  writePreferences(preferences: UpdatePreferences): void;
  /** Shows the update-available dialog in the window. */
  offer(update: AppUpdateAvailable): void;
  /** Opens the download page in the user's browser ("Download and install"). */
  openDownloadPage(): void;
  /** Lets the window close for good (the shell hides it on close otherwise). */
  allowQuit(): void;
  setTimer(run: () => void, ms: number): void;
  setInterval(run: () => void, ms: number): void;
  log(message: string, error?: unknown): void;
}

export interface AppUpdates {
  /** Checks at launch and every day after (nothing when no feed is configured). */
  start(): void;
  /** The menu's "Check for updates": forgets skipped and muted versions, shows a found update at once. */
  checkNow(): Promise<void>;
  /** "Install now": restarts into the downloaded update. */
  installNow(): void;
  /** "Install on next launch": installed when the app quits; no dialog for it any more. */
  installOnNextLaunch(version: string): void;
  /** "Ignore this version". */
  ignoreVersion(version: string): void;
  /** "Download and install": the download page. */
  downloadAndInstall(): void;
}

/** Whether `version` is one to tell the user about. */
export const isOfferable = (
  version: string,
  appVersion: string,
  preferences: UpdatePreferences,
): boolean =>
  semverGt(version, appVersion) &&
  version !== preferences.skippedVersion &&
  version !== preferences.mutedVersion;

// [Note: The updater's listeners are registered once]
//
// The reference adds its `update-downloaded` and `error` listeners on every
// check and never removes them, so a session of a few weeks answers one
// download with dozens of dialogs. Here they are added once, at start, and
// a check only records which version it is about (`pendingVersion`) and how
// soon the dialog may show.

export const createAppUpdates = (deps: AppUpdatesDeps): AppUpdates => {
  const { updater } = deps;
  let started = false;
  let pendingVersion: string | undefined;
  let showAtOnce = false;

  const check = async (): Promise<void> => {
    const result = await updater.checkForUpdates();
    const version = result?.updateInfo.version;
    if (version === undefined) return;
    if (!isOfferable(version, deps.appVersion, deps.readPreferences())) return;
    pendingVersion = version;
    if (!deps.canAutoUpdate) {
      deps.offer({ version, autoUpdatable: false });
      return;
    }
    await updater.downloadUpdate();
  };

  const checkLogged = (): void => {
    check().catch((error: unknown) => {
      deps.log("The update check failed", error);
    });
  };

  return {
    start: () => {
      if (deps.feedURL === undefined || started) return;
      started = true;
      updater.autoDownload = false;
      updater.autoInstallOnAppQuit = false;
      updater.setFeedURL(deps.feedURL);
      updater.on("update-downloaded", ({ version }) => {
        const offer = (): void => {
          deps.offer({ version, autoUpdatable: true });
        };
        if (showAtOnce) offer();
        else deps.setTimer(offer, downloadedUpdateDelayMs);
        showAtOnce = false;
      });
      updater.on("error", (error) => {
        deps.log("The update could not be downloaded", error);
        // Spec §2: "download and install" when it cannot be applied by itself.
        if (pendingVersion !== undefined)
          deps.offer({ version: pendingVersion, autoUpdatable: false });
      });
      checkLogged();
      deps.setInterval(checkLogged, updateCheckIntervalMs);
    },
    checkNow: async () => {
      if (deps.feedURL === undefined || !started) return;
      deps.writePreferences({});
      showAtOnce = true;
      await check();
    },
    installNow: () => {
      deps.allowQuit();
      updater.quitAndInstall();
    },
    installOnNextLaunch: (version) => {
      updater.autoInstallOnAppQuit = true;
      deps.writePreferences({ ...deps.readPreferences(), mutedVersion: version });
    },
    ignoreVersion: (version) => {
      deps.writePreferences({ ...deps.readPreferences(), skippedVersion: version });
    },
    downloadAndInstall: () => {
      deps.openDownloadPage();
    },
  };
};
