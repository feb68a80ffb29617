// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ElectronBridge } from "../../../shared/desktop/electron-bridge";
import { AppProviders, testConfig } from "../../common/app/test-support/render-in-app";
import { RuntimeConfigContext } from "../../common/config/runtime-config-context";
import type { ExportController } from "./export-controller";
import { ExportEntry } from "./ExportEntry";

// The desktop controller talks to the export process; here it is a plain object.
const controllerBridges: ElectronBridge[] = [];
vi.mock("./use-export-controller", () => ({
  useExportController: (bridge: ElectronBridge): ExportController => {
    controllerBridges.push(bridge);
    return {
      setting: { folder: "/home/mia/Cairn Photos", continuousExport: false },
      status: undefined,
      chooseFolder: () => Promise.resolve(),
      start: () => undefined,
      stop: () => undefined,
      resync: () => undefined,
      setContinuous: () => undefined,
    };
  },
}));

afterEach(() => {
  cleanup();
  controllerBridges.length = 0;
});

const desktopBridge = { clientPackage: "io.cairn.photos.desktop" } as ElectronBridge;

const renderEntry = (bridge: ElectronBridge | undefined, desktopDownloadURL?: string) =>
  render(
    <AppProviders>
      <RuntimeConfigContext
        value={
          desktopDownloadURL === undefined ? testConfig : { ...testConfig, desktopDownloadURL }
        }
      >
        <ExportEntry bridge={bridge} />
      </RuntimeConfigContext>
    </AppProviders>,
  );

const openEntry = () => {
  fireEvent.click(screen.getByRole("button", { name: /^Export/ }));
  return screen.getByRole("dialog");
};

describe("the settings' Export entry", () => {
  it("in the desktop app, opens the export dialog with the desktop's controller", () => {
    renderEntry(desktopBridge);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(controllerBridges).toEqual([]);
    const dialog = openEntry();
    expect(dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Export" })).toBe(dialog);
    expect(screen.getByTestId("export-folder").textContent).toBe("/home/mia/Cairn Photos");
    expect(controllerBridges[0]).toBe(desktopBridge);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("on the web, prompts to download the desktop app, opening its page in a new tab", () => {
    renderEntry(undefined, "https://cairn.example/download");
    const dialog = openEntry();
    expect(screen.getByRole("dialog", { name: "Get the desktop app" })).toBe(dialog);
    expect(dialog.textContent).toContain("needs the Cairn desktop app");
    const download = screen.getByRole("link", { name: "Download" });
    expect(download.getAttribute("href")).toBe("https://cairn.example/download");
    expect(download.getAttribute("target")).toBe("_blank");
    expect(download.getAttribute("rel")).toContain("noopener");
    expect(controllerBridges).toEqual([]);
  });

  it("on the web of a server without a download page, still explains, without a link", () => {
    renderEntry(undefined);
    const dialog = openEntry();
    expect(dialog.textContent).toContain("needs the Cairn desktop app");
    expect(screen.queryByRole("link")).toBeNull();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
