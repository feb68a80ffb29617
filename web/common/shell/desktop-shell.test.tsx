// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AppUpdateAvailable, ElectronBridge } from "../../../shared/desktop/electron-bridge";
import { AppProviders } from "../app/test-support/render-in-app";
import { DialogHost } from "../dialog/DialogHost";
import { useDesktopShell } from "./desktop-shell";

afterEach(() => {
  cleanup();
});

/** A desktop bridge whose shell side the test drives, recording the app's answers. */
const fakeBridge = () => {
  let openURL: ((route: string) => void) | undefined;
  let offerUpdate: ((update: AppUpdateAvailable) => void) | undefined;
  const answers: string[] = [];
  const bridge: ElectronBridge = {
    clientPackage: "io.cairn.photos.desktop",
    appVersion: () => Promise.resolve("1.2.0"),
    onOpenURL: (callback) => {
      openURL = callback;
    },
    onAppUpdateAvailable: (callback) => {
      offerUpdate = callback;
    },
    installUpdateNow: () => {
      answers.push("install now");
      return Promise.resolve();
    },
    installUpdateOnNextLaunch: (version) => {
      answers.push(`install ${version} on next launch`);
      return Promise.resolve();
    },
    ignoreUpdate: (version) => {
      answers.push(`ignore ${version}`);
      return Promise.resolve();
    },
    downloadUpdate: () => {
      answers.push("download");
      return Promise.resolve();
    },
    selectExportFolder: () => Promise.resolve(undefined),
    connectExport: () => Promise.resolve(false),
    connectNativeConversions: () => Promise.resolve(),
    connectNativeML: () => Promise.resolve(),
  };
  return {
    bridge,
    answers,
    link: (route: string) => {
      act(() => openURL?.(route));
    },
    offer: (update: AppUpdateAvailable) => {
      act(() => offerUpdate?.(update));
    },
    listening: () => openURL !== undefined && offerUpdate !== undefined,
  };
};

function Shell({ bridge }: { bridge: ElectronBridge }) {
  useDesktopShell(bridge);
  const location = useLocation();
  return (
    <>
      <p data-testid="where">{location.pathname + location.search}</p>
      <DialogHost />
    </>
  );
}

const renderShell = (bridge: ElectronBridge) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={["/gallery"]}>
        <Routes>
          <Route path="*" element={<Shell bridge={bridge} />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe("the app inside the desktop shell", () => {
  it("follows a deep link to its route, and stops listening when it goes", async () => {
    const shell = fakeBridge();
    const { unmount } = renderShell(shell.bridge);
    await screen.findByText("/gallery");
    shell.link("/gallery?collection=12");
    expect(screen.getByTestId("where").textContent).toBe("/gallery?collection=12");
    unmount();
    expect(shell.listening()).toBe(false);
  });

  it("offers a downloaded update: install now, or on the next launch", async () => {
    const shell = fakeBridge();
    renderShell(shell.bridge);
    await screen.findByText("/gallery");
    shell.offer({ version: "1.3.0", autoUpdatable: true });
    const dialog = screen.getByRole("dialog", { name: "Update available" });
    expect(dialog.textContent).toContain("Version 1.3.0 of Cairn is downloaded");
    fireEvent.click(screen.getByRole("button", { name: "Install on next launch" }));
    expect(shell.answers).toEqual(["install 1.3.0 on next launch"]);
    expect(screen.queryByRole("dialog")).toBeNull();

    shell.offer({ version: "1.3.0", autoUpdatable: true });
    fireEvent.click(screen.getByRole("button", { name: "Install now" }));
    await act(() => Promise.resolve());
    expect(shell.answers).toEqual(["install 1.3.0 on next launch", "install now"]);
  });

  it("offers the download page for an update it cannot apply, or to ignore that version", async () => {
    const shell = fakeBridge();
    renderShell(shell.bridge);
    await screen.findByText("/gallery");
    shell.offer({ version: "2.0.0", autoUpdatable: false });
    expect(screen.getByRole("dialog").textContent).toContain(
      "Version 2.0.0 of the Cairn desktop app is available",
    );
    fireEvent.click(screen.getByRole("button", { name: "Download and install" }));
    await act(() => Promise.resolve());
    shell.offer({ version: "2.0.0", autoUpdatable: false });
    fireEvent.click(screen.getByRole("button", { name: "Ignore this version" }));
    expect(shell.answers).toEqual(["download", "ignore 2.0.0"]);
  });
});
