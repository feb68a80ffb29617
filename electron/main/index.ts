import { app, BrowserWindow, ipcMain, net, protocol, shell } from "electron";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ipcChannels } from "../bridge";
import { answerAppRequest, appOrigin, appScheme } from "./app-protocol";
import { desktopSettingsFromEnv } from "./desktop-settings";

// The main process stays thin: windows, the app protocol and the IPC handlers;
// the work lives in worker modules hosted in utility processes (later issues).

const settings = desktopSettingsFromEnv(process.env);
const rendererDir = path.join(import.meta.dirname, "../renderer");

// See: [Note: The desktop window's app origin]
protocol.registerSchemesAsPrivileged([
  {
    scheme: appScheme,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
  },
]);

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 400,
    minHeight: 600,
    backgroundColor: "#000000",
    show: false,
    webPreferences: {
      preload: path.join(import.meta.dirname, "../preload/index.mjs"),
      contextIsolation: true,
      sandbox: false,
      nodeIntegration: false,
    },
  });
  window.once("ready-to-show", () => {
    window.show();
  });
  // Links to other origins open in the user's browser, never inside the app.
  window.webContents.setWindowOpenHandler(({ url }) => {
    void shell.openExternal(url);
    return { action: "deny" };
  });
  const devURL = process.env.ELECTRON_RENDERER_URL;
  void window.loadURL(devURL ?? `${appOrigin}/`);
  return window;
}

void app.whenReady().then(() => {
  protocol.handle(appScheme, async (request) => {
    const answer = answerAppRequest(request.url, rendererDir, settings, (filePath) =>
      fs.existsSync(filePath),
    );
    switch (answer.kind) {
      case "json":
        return new Response(answer.body, {
          headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
        });
      case "file":
        return net.fetch(pathToFileURL(answer.filePath).toString());
      case "not-found":
        return new Response("Not found", { status: 404 });
    }
  });
  ipcMain.handle(ipcChannels.appVersion, () => app.getVersion());

  createMainWindow();
  app.on("activate", () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
});

app.on("window-all-closed", () => {
  if (process.platform !== "darwin") app.quit();
});
