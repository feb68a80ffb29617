import { expose } from "comlink";
import { describe, expect, it } from "vitest";
import { type ElectronBridge, exportPortsMessage } from "../../../shared/desktop/electron-bridge";
import { ExportStage } from "../../../shared/model/export/export-record";
import type { ExportControl } from "../../../workers/export/export-control";
import type { ExportStatus } from "../../../workers/export/export-service";
import { ExportStatusFeed } from "../../../workers/export/export-status-feed";
import type { ExportSetting } from "./export-controller";
import { DesktopExport } from "./desktop-export";

const idle: ExportStatus = {
  stage: ExportStage.init,
  progress: { total: 0, success: 0, failed: 0 },
  lastAttemptTimestampMs: null,
  running: false,
  continuous: false,
};

/** The desktop shell and the export process, as far as the page can tell. */
const fakeDesktop = ({
  allowed,
  picked,
}: {
  allowed: string | undefined;
  picked: string | undefined;
}) => {
  const target = new EventTarget();
  const calls: string[] = [];
  const feed = new ExportStatusFeed(idle);
  const servedPorts: MessagePort[] = [];
  const control: ExportControl = {
    status: () => feed.current(),
    nextStatus: (afterVersion) => feed.next(afterVersion),
    start: (options) => {
      calls.push(options?.resync === true ? "resync" : "start");
      feed.publish({ ...feed.current().status, running: true, stage: ExportStage.exportingFiles });
    },
    stop: () => {
      calls.push("stop");
    },
    setContinuous: (enabled) => {
      calls.push(`continuous ${String(enabled)}`);
      feed.publish({ ...feed.current().status, continuous: enabled });
    },
  };
  let chosen = allowed;
  const bridge = {
    selectExportFolder: () => {
      chosen = picked;
      return Promise.resolve(picked);
    },
    connectExport: (folder: string) => {
      calls.push(`connect ${folder}`);
      if (folder !== chosen) return Promise.resolve(false);
      const controlChannel = new MessageChannel();
      const libraryChannel = new MessageChannel();
      expose(control, controlChannel.port1);
      setTimeout(() => {
        target.dispatchEvent(
          new MessageEvent("message", {
            data: exportPortsMessage,
            ports: [controlChannel.port2, libraryChannel.port2],
          }),
        );
      }, 0);
      return Promise.resolve(true);
    },
  } as unknown as ElectronBridge;
  let stored: ExportSetting | undefined;
  const desktopExport = (setting?: ExportSetting) => {
    stored = setting;
    return new DesktopExport({
      bridge,
      window: target,
      readSetting: () => stored,
      writeSetting: (next) => {
        stored = next;
      },
      serveLibrary: (port) => {
        servedPorts.push(port);
        return Promise.resolve(true);
      },
      log: () => undefined,
    });
  };
  return { desktopExport, calls, servedPorts, stored: () => stored, feed };
};

/** Resolves once `desktopExport`'s state satisfies `ready`. */
const stateWhere = (
  desktopExport: DesktopExport,
  ready: (state: DesktopExport["state"]) => boolean,
): Promise<DesktopExport["state"]> =>
  new Promise((resolve) => {
    if (ready(desktopExport.state)) {
      resolve(desktopExport.state);
      return;
    }
    const unsubscribe = desktopExport.subscribe(() => {
      if (!ready(desktopExport.state)) return;
      unsubscribe();
      resolve(desktopExport.state);
    });
  });

describe("the photos app's end of the desktop export", () => {
  it("asks for nothing before a folder is chosen", async () => {
    const desktop = fakeDesktop({ allowed: undefined, picked: undefined });
    const desktopExport = desktop.desktopExport();
    await desktopExport.connect();
    expect(desktopExport.state).toEqual({ setting: undefined, status: undefined });
    expect(desktop.calls).toEqual([]);
  });

  it("keeps the chosen folder, serves the library to the export and shows its status", async () => {
    const desktop = fakeDesktop({ allowed: undefined, picked: "/backup/Cairn Photos" });
    const desktopExport = desktop.desktopExport();
    // The app connects at start, before any folder is chosen.
    await desktopExport.connect();

    await desktopExport.chooseFolder();

    expect(desktop.stored()).toEqual({ folder: "/backup/Cairn Photos", continuousExport: false });
    expect(desktop.servedPorts).toHaveLength(1);
    await stateWhere(desktopExport, (state) => state.status !== undefined);

    desktopExport.start();
    const running = await stateWhere(desktopExport, (state) => state.status?.running === true);
    expect(running.status?.stage).toBe(ExportStage.exportingFiles);
    expect(desktop.calls).toEqual(["connect /backup/Cairn Photos", "continuous false", "start"]);
  });

  it("turns continuous export on in the setting and in the export", async () => {
    const desktop = fakeDesktop({
      allowed: "/backup/Cairn Photos",
      picked: undefined,
    });
    const desktopExport = desktop.desktopExport({
      folder: "/backup/Cairn Photos",
      continuousExport: false,
    });
    await desktopExport.connect();

    desktopExport.setContinuous(true);

    expect(desktop.stored()?.continuousExport).toBe(true);
    const state = await stateWhere(desktopExport, (current) => current.status?.continuous === true);
    expect(state.setting?.continuousExport).toBe(true);
  });

  it("forgets a stored folder that the user did not choose in this app", async () => {
    const desktop = fakeDesktop({ allowed: "/backup/Cairn Photos", picked: undefined });
    const desktopExport = desktop.desktopExport({ folder: "/etc", continuousExport: true });

    await desktopExport.connect();

    expect(desktopExport.state.setting).toBeUndefined();
    expect(desktop.stored()).toBeUndefined();
    expect(desktop.servedPorts).toHaveLength(0);
  });

  it("keeps the folder when the picker is cancelled", async () => {
    const desktop = fakeDesktop({ allowed: "/backup/Cairn Photos", picked: undefined });
    const desktopExport = desktop.desktopExport({
      folder: "/backup/Cairn Photos",
      continuousExport: true,
    });
    await desktopExport.chooseFolder();
    expect(desktopExport.state.setting).toEqual({
      folder: "/backup/Cairn Photos",
      continuousExport: true,
    });
  });
});
