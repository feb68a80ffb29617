// The desktop shell's export, for a browser test of the photos app: the page
// gets a `window.electron` whose export calls reach, through the test, the
// main process's folder rule (`exportFolders`) and the export host
// (`startExportHost`) running in the test's Node process, as the utility
// process runs it. The page's two export ports are relayed message by
// message (Chromium's ports cannot cross to Node), so the photos app, its
// sync worker and the export speak the same Comlink as in the desktop app.

import type { BrowserContext } from "playwright-core";
import { exportPortsMessage } from "../../../shared/desktop/electron-bridge";
import type { ExportFolders } from "../../../electron/main/export-folder";
import {
  type MessagePortMainLike,
  messagePortMainEndpoint,
} from "../../../electron/utility/message-port-main-endpoint";
import type { ExportHost } from "../../../workers/export/export-host";
import { startNodeExportHost } from "../../../workers/export/node-export-host";

/** What the page's bridge asks the test (`window.cairnExportMain`). */
type MainRequest =
  | { kind: "select" }
  | { kind: "connect"; folder: string }
  | { kind: "message"; connectionID: number; portIndex: number; data: unknown };

declare global {
  interface Window {
    cairnExportMain?: (request: MainRequest) => Promise<unknown>;
    cairnExportFromMain?: (connectionID: number, portIndex: number, data: unknown) => void;
  }
}

/** One end of a relayed port, as the export host sees Electron's MessagePortMain. */
class RelayedPort implements MessagePortMainLike {
  readonly #listeners = new Set<(event: { data: unknown }) => void>();
  readonly #closeListeners: (() => void)[] = [];

  constructor(readonly postMessage: (message: unknown) => void) {}

  deliver(data: unknown): void {
    for (const listener of this.#listeners) listener({ data });
  }

  on(_event: "message", listener: (event: { data: unknown }) => void): this {
    this.#listeners.add(listener);
    return this;
  }

  off(_event: "message", listener: (event: { data: unknown }) => void): this {
    this.#listeners.delete(listener);
    return this;
  }

  once(_event: "close", listener: () => void): this {
    this.#closeListeners.push(listener);
    return this;
  }

  /** The page's end went away (Electron tells a MessagePortMain so). */
  close(): void {
    for (const listener of this.#closeListeners.splice(0)) listener();
  }

  start(): void {
    // Messages are delivered as they come.
  }
}

export interface DesktopExportBridge {
  host: ExportHost;
  close(): Promise<void>;
}

/**
 * Gives every page of `context` a desktop bridge whose export runs in this
 * process against `apiOrigin`'s files, within the folders `folders` allows.
 */
export const bridgeDesktopExport = async (
  context: BrowserContext,
  folders: ExportFolders,
): Promise<DesktopExportBridge> => {
  const nodeHost = await startNodeExportHost({
    cryptoThreads: 1,
    log: (message, cause) => {
      console.log(`[export] ${message}`, cause ?? "");
    },
  });
  const { host } = nodeHost;
  const connections = new Map<number, RelayedPort[]>();
  /** Each page's connection: a page connects once per load, so a new one means the last page is gone. */
  const connectionOfPage = new Map<unknown, number>();
  let nextConnectionID = 1;

  await context.exposeBinding("cairnExportMain", async (source, request: MainRequest) => {
    switch (request.kind) {
      case "select":
        return folders.choose();
      case "connect": {
        if (!folders.isAllowed(request.folder)) return null;
        const connectionID = nextConnectionID++;
        const previous = connectionOfPage.get(source.page);
        if (previous !== undefined)
          for (const port of connections.get(previous) ?? []) port.close();
        connectionOfPage.set(source.page, connectionID);
        const ports = [0, 1].map(
          (portIndex) =>
            new RelayedPort((data) => {
              void source.page
                .evaluate(
                  ([id, index, message]) => window.cairnExportFromMain?.(id, index, message),
                  [connectionID, portIndex, data] as const,
                )
                .catch(() => undefined);
            }),
        );
        connections.set(connectionID, ports);
        const [control, library] = ports.map((port) => messagePortMainEndpoint(port));
        if (control === undefined || library === undefined) return null;
        host.connect(request.folder, {
          control: control.endpoint,
          library: library.endpoint,
          closed: Promise.race([control.closed, library.closed]),
        });
        return connectionID;
      }
      case "message":
        connections.get(request.connectionID)?.[request.portIndex]?.deliver(request.data);
        return null;
    }
  });

  await context.addInitScript((portsMessage: string) => {
    const pagePorts = new Map<number, MessagePort[]>();
    window.cairnExportFromMain = (connectionID, portIndex, data) => {
      pagePorts.get(connectionID)?.[portIndex]?.postMessage(data);
    };
    const main = (request: MainRequest) => {
      if (window.cairnExportMain === undefined) throw new Error("No export bridge");
      return window.cairnExportMain(request);
    };
    window.electron = {
      clientPackage: "io.cairn.photos.desktop",
      appVersion: () => Promise.resolve("1.2.0"),
      onOpenURL: () => undefined,
      onAppUpdateAvailable: () => undefined,
      installUpdateNow: () => Promise.resolve(),
      installUpdateOnNextLaunch: () => Promise.resolve(),
      ignoreUpdate: () => Promise.resolve(),
      downloadUpdate: () => Promise.resolve(),
      // No native conversions here: the photos app takes the web path.
      connectNativeConversions: () => Promise.resolve(),
      selectExportFolder: async () =>
        ((await main({ kind: "select" })) as string | null) ?? undefined,
      connectExport: async (folder) => {
        const connectionID = (await main({ kind: "connect", folder })) as number | null;
        if (connectionID === null) return false;
        const channels = [new MessageChannel(), new MessageChannel()];
        pagePorts.set(
          connectionID,
          channels.map((channel) => channel.port1),
        );
        channels.forEach((channel, portIndex) => {
          channel.port1.onmessage = (event) => {
            void main({ kind: "message", connectionID, portIndex, data: event.data });
          };
        });
        window.postMessage(
          portsMessage,
          window.location.origin,
          channels.map((channel) => channel.port2),
        );
        return true;
      },
    };
  }, exportPortsMessage);

  return { host, close: () => nodeHost.close() };
};
