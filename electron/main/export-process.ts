// The export's utility process as the main process runs it: started on the
// first page that connects, started again after it ends, and handed each
// connecting page's ports. See: [Note: The export runs in a utility process]

import type { ExportProcessMessage } from "../utility/export-process-messages";

/** What of Electron's MessagePortMain the main process handles (it only passes them on). */
export type PortLike = object;

/** What of Electron's UtilityProcess this needs. */
export interface UtilityProcessLike {
  postMessage(message: ExportProcessMessage, transfer?: PortLike[]): void;
  once(event: "exit", listener: (code: number) => void): unknown;
  kill(): boolean;
}

/** What of a page (Electron's WebContents) this needs. */
export interface PageLike {
  postMessage(channel: string, message: unknown, transfer?: PortLike[]): void;
}

export interface ExportProcessDeps {
  /** `utilityProcess.fork` of the export entry. */
  fork: () => UtilityProcessLike;
  /** `new MessageChannelMain()`. */
  newChannel: () => { port1: PortLike; port2: PortLike };
  /** The channel the page receives its ports on. */
  portsChannel: string;
  log: (message: string) => void;
}

export interface ExportProcess {
  /** Gives `page` ports to the export of `exportFolder` (the folder must be the one the user chose). */
  connect(page: PageLike, exportFolder: string): void;
  /** The app quits: the run stops at its next file. */
  stop(): void;
}

export const startExportProcess = (deps: ExportProcessDeps): ExportProcess => {
  let child: UtilityProcessLike | undefined;

  const running = (): UtilityProcessLike => {
    if (child !== undefined) return child;
    const started = deps.fork();
    started.once("exit", (code) => {
      deps.log(`The export process ended (code ${code})`);
      if (child === started) child = undefined;
    });
    child = started;
    return started;
  };

  return {
    connect(page, exportFolder) {
      const control = deps.newChannel();
      const library = deps.newChannel();
      // The first port of each pair to the export, the second to the page.
      running().postMessage({ type: "connect", exportFolder }, [control.port1, library.port1]);
      page.postMessage(deps.portsChannel, null, [control.port2, library.port2]);
    },
    stop() {
      child?.postMessage({ type: "stop" });
    },
  };
};
