/**
 * The main window's options.
 *
 * [Note: The window's web preferences]
 *
 * The window shows a web app that handles decrypted photos and keys, so it
 * gets Chromium's full renderer sandbox and no Node:
 * - `contextIsolation`: the preload and its `contextBridge` run in their own
 *   JavaScript world; the page sees only `window.electron`.
 * - `sandbox`: the renderer process is sandboxed like a browser tab (which is
 *   why the preload is one CommonJS file: see [Note: The preload is one
 *   CommonJS file]).
 * - `nodeIntegration: false`: no `require` or `process` in the page.
 * These are Electron's defaults today; they are spelled out so that a change
 * of default, or of this file, is visible in review and caught by a test.
 */
export function mainWindowOptions(preloadPath: string) {
  return {
    width: 1280,
    height: 840,
    minWidth: 400,
    minHeight: 600,
    backgroundColor: "#000000",
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    },
  } as const;
}
