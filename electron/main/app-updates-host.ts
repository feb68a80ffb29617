// The app's updates wired to Electron: electron-updater's updater, the
// answers kept in a file of the user's data folder, the offer sent to the
// window, and the dialog's four answers as IPC handlers.

import fs from "node:fs";
import path from "node:path";
import type { IpcMain, Shell, WebContents } from "electron";
import electronUpdater from "electron-updater";
import { ipcChannels } from "../../shared/desktop/electron-bridge";
import { type AppUpdates, type UpdatePreferences, createAppUpdates } from "./app-updates";
import type { DesktopSettings } from "./desktop-settings";

export interface AppUpdatesHostDeps {
  settings: Pick<DesktopSettings, "updateFeedURL" | "downloadPageUrl">;
  appVersion: string;
  userDataDir: string;
  ipcMain: Pick<IpcMain, "handle">;
  shell: Pick<Shell, "openExternal">;
  /** The windows to offer an update in. */
  windows: () => readonly { webContents: Pick<WebContents, "send"> }[];
  log: (message: string) => void;
}

/** The answers kept across launches, in `<userData>/update-preferences.json`. */
const preferencesFile = (userDataDir: string) => {
  const file = path.join(userDataDir, "update-preferences.json");
  return {
    read: (): UpdatePreferences => {
      try {
        const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
        return {
          skippedVersion:
            typeof parsed.skippedVersion === "string" ? parsed.skippedVersion : undefined,
          mutedVersion: typeof parsed.mutedVersion === "string" ? parsed.mutedVersion : undefined,
        };
      } catch {
        return {};
      }
    },
    write: (preferences: UpdatePreferences): void => {
      fs.mkdirSync(userDataDir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(preferences));
    },
  };
};

/**
 * Whether the updater can replace this package: the installers it knows
 * (Windows NSIS, macOS) and an AppImage; a .deb or a folder run by hand is
 * updated by the user, so the dialog offers the download page.
 */
const canAutoUpdate = (): boolean =>
  process.platform === "linux" ? process.env.APPIMAGE !== undefined : true;

export const startAppUpdates = (deps: AppUpdatesHostDeps): AppUpdates => {
  const preferences = preferencesFile(deps.userDataDir);
  const updates = createAppUpdates({
    updater: electronUpdater.autoUpdater,
    feedURL: deps.settings.updateFeedURL,
    appVersion: deps.appVersion,
    canAutoUpdate: canAutoUpdate(),
    readPreferences: preferences.read,
    writePreferences: preferences.write,
    offer: (update) => {
      for (const window of deps.windows()) {
        window.webContents.send(ipcChannels.appUpdateAvailable, update);
      }
    },
    openDownloadPage: () => {
      void deps.shell.openExternal(deps.settings.downloadPageUrl);
    },
    // The window closes like any other: nothing holds the app open.
    allowQuit: () => undefined,
    setTimer: (run, ms) => setTimeout(run, ms),
    setInterval: (run, ms) => setInterval(run, ms),
    log: (message, error) => {
      deps.log(
        error === undefined
          ? message
          : `${message}: ${error instanceof Error ? error.message : "an unknown error"}`,
      );
    },
  });
  const version = (value: unknown): string => {
    if (typeof value !== "string") throw new TypeError("An update's version is a string");
    return value;
  };
  deps.ipcMain.handle(ipcChannels.installUpdateNow, () => {
    updates.installNow();
  });
  deps.ipcMain.handle(ipcChannels.installUpdateOnNextLaunch, (_event, value: unknown) => {
    updates.installOnNextLaunch(version(value));
  });
  deps.ipcMain.handle(ipcChannels.ignoreUpdate, (_event, value: unknown) => {
    updates.ignoreVersion(version(value));
  });
  deps.ipcMain.handle(ipcChannels.downloadUpdate, () => {
    updates.downloadAndInstall();
  });
  updates.start();
  return updates;
};
