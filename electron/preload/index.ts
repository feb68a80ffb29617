import { contextBridge, ipcRenderer } from "electron";
import { ipcChannels, type ElectronBridge } from "../bridge";

// See: [Note: One declaration of the Electron bridge]
const bridge: ElectronBridge = {
  clientPackage: "io.cairn.photos.desktop",
  appVersion: () => ipcRenderer.invoke(ipcChannels.appVersion) as Promise<string>,
};

contextBridge.exposeInMainWorld("electron", bridge);
