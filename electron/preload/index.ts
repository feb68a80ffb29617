import { contextBridge, ipcRenderer } from "electron";
import {
  conversionPortsMessage,
  exportPortsMessage,
  mlPortsMessage,
  ipcChannels,
  type ElectronBridge,
} from "../../shared/desktop/electron-bridge";
import { latestValueSlot, routeSlot } from "./route-slot";
import type { AppUpdateAvailable } from "../../shared/desktop/electron-bridge";

// [Note: The preload is one CommonJS file]
//
// The window is sandboxed, and a sandboxed preload is run as a classic
// script with a `require` that knows only `electron` (and a few of Node's
// modules): no ES modules and no sibling files. electron-vite bundles this
// file and what it imports into one `out/preload/index.cjs` (see
// electron.vite.config.ts), and only `electron` stays a `require`.

// See: [Note: How a deep link reaches the photos app]
const openURL = routeSlot();
ipcRenderer.on(ipcChannels.openURL, (_event, route: unknown) => {
  if (typeof route === "string") openURL.receive(route);
});

const appUpdateAvailable = latestValueSlot<AppUpdateAvailable>();
ipcRenderer.on(ipcChannels.appUpdateAvailable, (_event, update: AppUpdateAvailable) => {
  appUpdateAvailable.receive(update);
});

// See: [Note: The export runs in a utility process]
ipcRenderer.on(ipcChannels.exportPorts, (event) => {
  window.postMessage(exportPortsMessage, window.location.origin, event.ports);
});
ipcRenderer.on(ipcChannels.conversionPorts, (event) => {
  window.postMessage(conversionPortsMessage, window.location.origin, event.ports);
});
ipcRenderer.on(ipcChannels.mlPorts, (event) => {
  window.postMessage(mlPortsMessage, window.location.origin, event.ports);
});

// See: [Note: One declaration of the Electron bridge]
const bridge: ElectronBridge = {
  clientPackage: "io.cairn.photos.desktop",
  appVersion: () => ipcRenderer.invoke(ipcChannels.appVersion) as Promise<string>,
  onOpenURL: (callback) => {
    openURL.set(callback);
  },
  onAppUpdateAvailable: (callback) => {
    appUpdateAvailable.set(callback);
  },
  installUpdateNow: () => ipcRenderer.invoke(ipcChannels.installUpdateNow) as Promise<void>,
  installUpdateOnNextLaunch: (version) =>
    ipcRenderer.invoke(ipcChannels.installUpdateOnNextLaunch, version) as Promise<void>,
  ignoreUpdate: (version) => ipcRenderer.invoke(ipcChannels.ignoreUpdate, version) as Promise<void>,
  downloadUpdate: () => ipcRenderer.invoke(ipcChannels.downloadUpdate) as Promise<void>,
  selectExportFolder: () =>
    ipcRenderer.invoke(ipcChannels.selectExportFolder) as Promise<string | undefined>,
  connectExport: (exportFolder) =>
    ipcRenderer.invoke(ipcChannels.connectExport, exportFolder) as Promise<boolean>,
  connectNativeConversions: () =>
    ipcRenderer.invoke(ipcChannels.connectNativeConversions) as Promise<void>,
  connectNativeML: () => ipcRenderer.invoke(ipcChannels.connectNativeML) as Promise<void>,
};

contextBridge.exposeInMainWorld("electron", bridge);
