// The desktop shell's export and native conversions, for a browser test of
// the photos app: the page gets a `window.electron` whose export calls
// reach, through the test, the main process's folder rule (`exportFolders`)
// and the export host (`startExportHost`) running in the test's Node
// process, as the utility process runs it; its native conversions are the
// conversion process's (sharp and the npm ffmpeg) running here too, and,
// when asked, its CLIP is the ML process's (onnxruntime-node). The
// page's ports are relayed message by message (Chromium's ports cannot
// cross to Node), so the photos app, its sync worker, the export and the
// conversions speak the same Comlink as in the desktop app.

import { expose } from "comlink";
import type { BrowserContext, Page } from "playwright-core";
import {
  conversionPortsMessage,
  exportPortsMessage,
  mlPortsMessage,
} from "../../../shared/desktop/electron-bridge";
import type { ExportFolders } from "../../../electron/main/export-folder";
import {
  type MessagePortMainLike,
  messagePortMainEndpoint,
} from "../../../electron/utility/message-port-main-endpoint";
import type { ExportHost } from "../../../workers/export/export-host";
import { startNodeExportHost } from "../../../workers/export/node-export-host";
import {
  createNodeNativeConversions,
  loadNodeNativeConversionDeps,
} from "../../../workers/native-conversion/node-native-conversions";
import type { NativeConversions } from "../../../workers/native-conversion/native-conversion-contract";
import {
  type NativeClipServiceOptions,
  createNativeClipService,
} from "../../../workers/ml/clip/native-clip-service";
import type { ClipCalls } from "../../../workers/ml/ml-worker-contract";

/** What the page's bridge asks the test (`window.cairnExportMain`). */
type MainRequest =
  | { kind: "select" }
  | { kind: "connect"; folder: string }
  | { kind: "conversions" }
  | { kind: "ml" }
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
  /** The native conversions the pages asked for, in order (`toJPEG scan.tiff`). */
  conversionsAsked: string[];
  /** The native CLIP calls the pages made, in order (`embedImages 1`, `embedText a red car`). */
  clipAsked: string[];
  close(): Promise<void>;
}

export interface DesktopBridgeOptions {
  /**
   * The ML process's CLIP, for this server and models folder; without it
   * the pages are given no port and index with their own onnxruntime-web.
   */
  ml?: NativeClipServiceOptions;
}

/**
 * Gives every page of `context` a desktop bridge whose export runs in this
 * process against `apiOrigin`'s files, within the folders `folders` allows.
 */
export const bridgeDesktopExport = async (
  context: BrowserContext,
  folders: ExportFolders,
  options: DesktopBridgeOptions = {},
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
  const native = createNodeNativeConversions(await loadNodeNativeConversionDeps());
  const conversionsAsked: string[] = [];
  const conversions: NativeConversions = {
    toJPEG: (image, fileName) => {
      conversionsAsked.push(`toJPEG ${fileName}`);
      return native.toJPEG(image, fileName);
    },
    toMP4: (video, fileName) => {
      conversionsAsked.push(`toMP4 ${fileName}`);
      return native.toMP4(video, fileName);
    },
  };
  const clipAsked: string[] = [];
  const nativeClip = options.ml === undefined ? undefined : createNativeClipService(options.ml);
  const clip: ClipCalls | undefined =
    nativeClip === undefined
      ? undefined
      : {
          clipStatus: () => nativeClip.clipStatus(),
          embedImages: (images) => {
            clipAsked.push(`embedImages ${String(images.length)}`);
            return nativeClip.embedImages(images);
          },
          embedText: (text) => {
            clipAsked.push(`embedText ${text}`);
            return nativeClip.embedText(text);
          },
        };
  /** A relayed port whose messages go to the page's port `portIndex` of `connectionID`. */
  const portToPage = (page: Page, connectionID: number, portIndex: number) =>
    new RelayedPort((data) => {
      void page
        .evaluate(([id, index, message]) => window.cairnExportFromMain?.(id, index, message), [
          connectionID,
          portIndex,
          data,
        ] as const)
        .catch(() => undefined);
    });

  await context.exposeBinding("cairnExportMain", async (source, request: MainRequest) => {
    switch (request.kind) {
      case "select":
        return folders.choose();
      case "connect": {
        if (!folders.isAllowed(request.folder)) return null;
        const connectionID = nextConnectionID++;
        const previous = connectionOfPage.get(source.page);
        if (previous === undefined) {
          // A closed page's ports close, as Electron closes a gone renderer's: a run waiting on it ends.
          source.page.once("close", () => {
            const last = connectionOfPage.get(source.page);
            for (const port of connections.get(last ?? 0) ?? []) port.close();
          });
        } else {
          for (const port of connections.get(previous) ?? []) port.close();
        }
        connectionOfPage.set(source.page, connectionID);
        const ports = [0, 1].map((portIndex) => portToPage(source.page, connectionID, portIndex));
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
      case "conversions": {
        const connectionID = nextConnectionID++;
        const port = portToPage(source.page, connectionID, 0);
        connections.set(connectionID, [port]);
        expose(conversions, messagePortMainEndpoint(port).endpoint);
        return connectionID;
      }
      case "ml": {
        if (clip === undefined) return null;
        const connectionID = nextConnectionID++;
        const port = portToPage(source.page, connectionID, 0);
        connections.set(connectionID, [port]);
        expose(clip, messagePortMainEndpoint(port).endpoint);
        return connectionID;
      }
      case "message":
        connections.get(request.connectionID)?.[request.portIndex]?.deliver(request.data);
        return null;
    }
  });

  await context.addInitScript(
    ([portsMessage, conversionsMessage, mlMessage]: readonly [string, string, string]) => {
      const pagePorts = new Map<number, MessagePort[]>();
      window.cairnExportFromMain = (connectionID, portIndex, data) => {
        pagePorts.get(connectionID)?.[portIndex]?.postMessage(data);
      };
      const main = (request: MainRequest) => {
        if (window.cairnExportMain === undefined) throw new Error("No export bridge");
        return window.cairnExportMain(request);
      };
      /** A port relayed to the test's connection of `kind`, posted to the window as `message`. */
      const connectOnePort = async (kind: "conversions" | "ml", message: string) => {
        const connectionID = (await main({ kind })) as number | null;
        // No such process in this test: no port comes, as from a shell without it.
        if (connectionID === null) return;
        const channel = new MessageChannel();
        pagePorts.set(connectionID, [channel.port1]);
        channel.port1.onmessage = (event) => {
          void main({ kind: "message", connectionID, portIndex: 0, data: event.data });
        };
        window.postMessage(message, window.location.origin, [channel.port2]);
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
        connectNativeConversions: () => connectOnePort("conversions", conversionsMessage),
        connectNativeML: () => connectOnePort("ml", mlMessage),
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
    },
    [exportPortsMessage, conversionPortsMessage, mlPortsMessage] as const,
  );

  return { host, conversionsAsked, clipAsked, close: () => nodeHost.close() };
};
