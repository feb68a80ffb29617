import { expect, it } from "vitest";
import { mainWindowOptions } from "./main-window";

// See: [Note: The window's web preferences]
it("the main window is sandboxed, isolated and without Node", () => {
  expect(mainWindowOptions("/opt/Cairn/out/preload/index.cjs").webPreferences).toEqual({
    preload: "/opt/Cairn/out/preload/index.cjs",
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webviewTag: false,
  });
});
