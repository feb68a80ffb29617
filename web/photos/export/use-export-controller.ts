// The export dialog's controller in the desktop app: the tab's one
// `DesktopExport`, made on first use. See: [Note: The export runs in a utility process]

import { useEffect, useSyncExternalStore } from "react";
import type { ElectronBridge } from "../../../shared/desktop/electron-bridge";
import { serveLibraryToExport } from "../../common/library/library-state";
import { localStore } from "../../common/storage/local-store";
import { onDesktopLogout } from "../../common/accounts/desktop-logout-hooks";
import type { ExportController } from "./export-controller";
import { DesktopExport } from "./desktop-export";

let tabExport: { bridge: ElectronBridge; desktopExport: DesktopExport } | undefined;

/** The tab's export, connected to the export process once the tab's library runs. */
export const tabDesktopExport = (bridge: ElectronBridge): DesktopExport => {
  if (tabExport?.bridge === bridge) return tabExport.desktopExport;
  const desktopExport = new DesktopExport({
    bridge,
    window,
    readSetting: () => localStore.get("export"),
    writeSetting: (setting) => {
      if (setting === undefined) localStore.remove("export");
      else localStore.set("export", { ...setting });
    },
    serveLibrary: serveLibraryToExport,
    log: (message, cause) => {
      console.error(message, cause);
    },
  });
  tabExport = { bridge, desktopExport };
  onDesktopLogout("export", logoutDesktopExport);
  return desktopExport;
};

/** Logout (spec §4, "on desktop … export"): the run stops and the tab lets go of it. */
export const logoutDesktopExport = (): void => {
  tabExport?.desktopExport.logout();
  tabExport = undefined;
};

/**
 * Connects the tab's export once its library runs (`libraryStarted`), so
 * that continuous export follows the library whether or not the dialog is open.
 */
export function useDesktopExportConnection(
  bridge: ElectronBridge | undefined,
  libraryStarted: boolean,
): void {
  useEffect(() => {
    if (bridge === undefined || !libraryStarted) return;
    void tabDesktopExport(bridge).connect();
  }, [bridge, libraryStarted]);
}

export function useExportController(bridge: ElectronBridge): ExportController {
  const desktopExport = tabDesktopExport(bridge);
  const state = useSyncExternalStore(
    (listener) => desktopExport.subscribe(listener),
    () => desktopExport.state,
  );
  useEffect(() => {
    void desktopExport.connect();
  }, [desktopExport]);
  return {
    setting: state.setting,
    status: state.status,
    chooseFolder: () => desktopExport.chooseFolder(),
    start: () => {
      desktopExport.start();
    },
    stop: () => {
      desktopExport.stop();
    },
    resync: () => {
      desktopExport.resync();
    },
    setContinuous: (enabled) => {
      desktopExport.setContinuous(enabled);
    },
  };
}
