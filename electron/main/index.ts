import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  MessageChannelMain,
  net,
  protocol,
  shell,
  utilityProcess,
} from "electron";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ipcChannels } from "../../shared/desktop/electron-bridge";
import { appOrigin, appRequestHandler, appScheme } from "./app-protocol";
import { startAppUpdates } from "./app-updates-host";
import { desktopPolicyFor } from "./content-security-policy";
import { protocolClientRegistration } from "./deep-links";
import { desktopSettingsFromEnv } from "./desktop-settings";
import { startLinkDelivery, type LinkDelivery } from "./link-delivery";
import { mainWindowOptions } from "./main-window";
import { fetchMapTileOrigin } from "./map-tile-origin";
import { guardNavigation, ownOriginsFor } from "./navigation";
import { chosenExportFolderFile, exportFolders } from "./export-folder";
import { startUtilityProcess } from "./utility-process";
import type { ExportProcessMessage } from "../utility/export-process-messages";
import type { ConnectConversionsMessage } from "../utility/conversion-process-messages";
import type { ConnectMLMessage } from "../utility/ml-process-messages";

// The main process stays thin: it wires Electron to the modules beside it,
// which hold the rules and are tested under Node with Electron's APIs faked.

const settings = desktopSettingsFromEnv(process.env);
const rendererDir = path.join(import.meta.dirname, "../renderer");
// Set by `electron-vite dev` only: the Vite dev server serving the renderer.
const devRendererURL =
  process.env.ELECTRON_RENDERER_URL === "" ? undefined : process.env.ELECTRON_RENDERER_URL;
const log = (message: string) => {
  console.log(`[main] ${message}`);
};

/** Undefined in a second instance, which quits. */
let links: LinkDelivery | undefined;

function main() {
  // See: [Note: How a deep link reaches the photos app]
  links = startLinkDelivery({
    app,
    argv: process.argv,
    registration: protocolClientRegistration({
      defaultApp: process.defaultApp,
      execPath: process.execPath,
      argv: process.argv,
      resolvePath: (relative) => path.resolve(relative),
    }),
    log,
    ensureWindow: () => {
      if (app.isReady() && BrowserWindow.getAllWindows().length === 0) createMainWindow();
    },
  });
  // Another instance is running: it has our argv, and this one is quitting.
  if (links === undefined) return;

  // See: [Note: The desktop window's app origin]
  protocol.registerSchemesAsPrivileged([
    {
      scheme: appScheme,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    },
  ]);

  void app.whenReady().then(() => {
    const indexPath = path.join(rendererDir, "index.html");
    const indexHTML = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, "utf8") : undefined;
    // See: [Note: The desktop learns the map's tile service at start]
    const contentSecurityPolicy = fetchMapTileOrigin({
      apiOrigin: settings.apiOrigin,
      fetch: (url, init) => net.fetch(url, init),
    }).then((mapTileOrigin) => desktopPolicyFor(settings, indexHTML, mapTileOrigin));
    protocol.handle(
      appScheme,
      appRequestHandler({
        rendererDir,
        settings,
        contentSecurityPolicy,
        fileExists: (filePath) => fs.existsSync(filePath),
        fetchFile: (filePath) => net.fetch(pathToFileURL(filePath).toString()),
      }),
    );
    ipcMain.handle(ipcChannels.appVersion, () => app.getVersion());
    handleUtilityProcesses();

    createMainWindow();
    startAppUpdates({
      settings,
      appVersion: app.getVersion(),
      userDataDir: app.getPath("userData"),
      ipcMain,
      shell,
      windows: () => BrowserWindow.getAllWindows(),
      log,
    });
    app.on("activate", () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
    });
  });

  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
}

/**
 * The export folder's picker and the utility processes: the export's, the
 * native conversions' and the ML process. See: [Note: The export runs in a utility process]
 */
function handleUtilityProcesses() {
  /** The utility process of the built entry `entry`, its ports given to pages on `portsChannel`. */
  const utilityProcessOf = <Message>(entry: string, serviceName: string, portsChannel: string) =>
    startUtilityProcess<Message>({
      fork: () => utilityProcess.fork(path.join(import.meta.dirname, entry), [], { serviceName }),
      newChannel: () => new MessageChannelMain(),
      portsChannel,
      log,
    });

  const folders = exportFolders({
    showOpenDialog: (options) => dialog.showOpenDialog(options),
    mkdir: async (dir) => {
      await fs.promises.mkdir(dir, { recursive: true });
    },
    ...chosenExportFolderFile(app.getPath("userData"), fs),
  });
  const exportProcess = utilityProcessOf<ExportProcessMessage>(
    "export.js",
    "Cairn export",
    ipcChannels.exportPorts,
  );
  ipcMain.handle(ipcChannels.selectExportFolder, () => folders.choose());
  ipcMain.handle(ipcChannels.connectExport, (event, exportFolder: unknown) => {
    if (typeof exportFolder !== "string" || !folders.isAllowed(exportFolder)) return false;
    exportProcess.connect(event.sender, { type: "connect", exportFolder }, 2);
    return true;
  });
  app.on("before-quit", () => {
    exportProcess.tell({ type: "stop" });
  });

  const conversions = utilityProcessOf<ConnectConversionsMessage>(
    "conversions.js",
    "Cairn conversions",
    ipcChannels.conversionPorts,
  );
  ipcMain.handle(ipcChannels.connectNativeConversions, (event) => {
    conversions.connect(event.sender, { type: "connect" }, 1);
  });

  // See: [Note: The desktop runs CLIP natively]
  const ml = utilityProcessOf<ConnectMLMessage>("ml.js", "Cairn ML", ipcChannels.mlPorts);
  const modelsCacheDir = path.join(app.getPath("userData"), "models");
  ipcMain.handle(ipcChannels.connectNativeML, (event) => {
    ml.connect(event.sender, { type: "connect", apiOrigin: settings.apiOrigin, modelsCacheDir }, 1);
  });
}

function createMainWindow(): BrowserWindow {
  // See: [Note: The preload is one CommonJS file]
  const window = new BrowserWindow(
    mainWindowOptions(path.join(import.meta.dirname, "../preload/index.cjs")),
  );
  window.once("ready-to-show", () => {
    window.show();
  });
  // See: [Note: Where the desktop window may go]
  guardNavigation(window.webContents, {
    ownOrigins: ownOriginsFor(devRendererURL),
    openExternal: (url) => shell.openExternal(url),
    log,
  });
  links?.follow(window);
  void window.loadURL(devRendererURL ?? `${appOrigin}/`);
  return window;
}

main();
