// The photos app's end of the desktop export: the `export` setting, the
// connection to the export's utility process, and its status as the export
// dialog shows it. The page only starts, stops and shows the export; the
// export runs in its own process. See: [Note: The export runs in a utility process]

import { wrap } from "comlink";
import { type ElectronBridge, exportPortsMessage } from "../../../shared/desktop/electron-bridge";
import type { ExportControl } from "../../../workers/export/export-control";
import type { ExportStatus } from "../../../workers/export/export-service";
import type { WorkerCalls } from "../../../workers/worker-boundary";
import type { ExportSetting } from "./export-controller";
import { desktopPorts } from "../../common/shell/desktop-ports";

export interface DesktopExportDeps {
  bridge: ElectronBridge;
  /** The window the preload posts the export's ports to. */
  window: Pick<Window, "addEventListener" | "removeEventListener">;
  /** Local storage `export` (spec §3). */
  readSetting: () => Partial<ExportSetting> | undefined;
  writeSetting: (setting: ExportSetting | undefined) => void;
  /** Hands the library port to the tab's sync worker; false when the tab has no library. */
  serveLibrary: (port: MessagePort) => Promise<boolean>;
  log: (message: string, cause: unknown) => void;
}

/** What the export dialog shows. */
export interface DesktopExportState {
  setting: ExportSetting | undefined;
  status: ExportStatus | undefined;
}

interface Connection {
  control: WorkerCalls<ExportControl>;
  ports: MessagePort[];
  closed: boolean;
}

export class DesktopExport {
  readonly #deps: DesktopExportDeps;
  #state: DesktopExportState;
  #connection: Connection | undefined;
  #connecting: Promise<void> | undefined;
  readonly #listeners = new Set<() => void>();

  constructor(deps: DesktopExportDeps) {
    this.#deps = deps;
    const stored = deps.readSetting();
    this.#state = {
      setting:
        stored?.folder === undefined
          ? undefined
          : { folder: stored.folder, continuousExport: stored.continuousExport ?? false },
      status: undefined,
    };
  }

  get state(): DesktopExportState {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(change: Partial<DesktopExportState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }

  #setSetting(setting: ExportSetting | undefined): void {
    this.#deps.writeSetting(setting);
    this.#set({ setting, status: undefined });
  }

  /** Connects to the export of the chosen folder (once; again after the folder changed). */
  connect(): Promise<void> {
    this.#connecting ??= this.#connect().catch((error: unknown) => {
      this.#deps.log("Could not connect to the export", error);
    });
    return this.#connecting;
  }

  async #connect(): Promise<void> {
    const setting = this.#state.setting;
    if (setting === undefined) return;
    const arrival = desktopPorts(this.#deps.window, exportPortsMessage, 2);
    if (!(await this.#deps.bridge.connectExport(setting.folder))) {
      // Not the folder this app's picker gave (another installation wrote the
      // setting, or the app's data was reset): the user chooses it again.
      // See: [Note: The export writes only where the user chose]
      arrival.cancel();
      this.#setSetting(undefined);
      return;
    }
    const [controlPort, libraryPort] = await arrival.ports;
    if (controlPort === undefined || libraryPort === undefined) return;
    const connection: Connection = {
      control: wrap<ExportControl>(controlPort),
      ports: [controlPort, libraryPort],
      closed: false,
    };
    this.#connection = connection;
    if (!(await this.#deps.serveLibrary(libraryPort))) {
      this.#deps.log("No library to export yet", undefined);
    }
    await connection.control.setContinuous(setting.continuousExport);
    void this.#follow(connection);
  }

  /** Shows every status the export reports, while connected. */
  async #follow(connection: Connection): Promise<void> {
    let update = await connection.control.status();
    while (!connection.closed) {
      this.#set({ status: update.status });
      update = await connection.control.nextStatus(update.version);
    }
  }

  /** Lets go of the export's ports (a connection made later starts afresh). */
  #disconnect(): void {
    this.#connecting = undefined;
    const connection = this.#connection;
    if (connection === undefined) return;
    connection.closed = true;
    for (const port of connection.ports) port.close();
    this.#connection = undefined;
  }

  /** The folder picker; a chosen folder becomes the export folder. */
  async chooseFolder(): Promise<void> {
    const folder = await this.#deps.bridge.selectExportFolder();
    if (folder === undefined) return;
    this.#disconnect();
    this.#setSetting({ folder, continuousExport: this.#state.setting?.continuousExport ?? false });
    await this.connect();
  }

  #call(action: (control: WorkerCalls<ExportControl>) => Promise<void>): void {
    void (async () => {
      await this.connect();
      const control = this.#connection?.control;
      if (control !== undefined) await action(control);
    })().catch((error: unknown) => {
      this.#deps.log("The export did not answer", error);
    });
  }

  start(): void {
    this.#call((control) => control.start());
  }

  resync(): void {
    this.#call((control) => control.start({ resync: true }));
  }

  stop(): void {
    this.#call((control) => control.stop());
  }

  setContinuous(enabled: boolean): void {
    const setting = this.#state.setting;
    if (setting === undefined) return;
    this.#deps.writeSetting({ ...setting, continuousExport: enabled });
    this.#set({ setting: { ...setting, continuousExport: enabled } });
    this.#call((control) => control.setContinuous(enabled));
  }

  /** Logout: the run stops and the page lets go of the export. */
  logout(): void {
    const control = this.#connection?.control;
    this.#disconnect();
    void control?.stop().catch(() => undefined);
  }
}
