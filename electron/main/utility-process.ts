// A utility process as the main process runs it (the export, the native
// conversions): started on the first page that connects, started again after
// it ended, and handed each connecting page's ports, one end of each channel
// to the process and the other to the page.
// See: [Note: The export runs in a utility process]

/** What of Electron's MessagePortMain the main process handles (it only passes them on). */
export type PortLike = object;

/** What of Electron's UtilityProcess this needs. */
export interface UtilityProcessLike<Message> {
  postMessage(message: Message, transfer?: PortLike[]): void;
  once(event: "exit", listener: (code: number) => void): unknown;
}

/** What of a page (Electron's WebContents) this needs. */
export interface PageLike {
  postMessage(channel: string, message: unknown, transfer?: PortLike[]): void;
}

export interface UtilityProcessDeps<Message> {
  /** `utilityProcess.fork` of the process's entry. */
  fork: () => UtilityProcessLike<Message>;
  /** `new MessageChannelMain()`. */
  newChannel: () => { port1: PortLike; port2: PortLike };
  /** The channel the page receives its ports on. */
  portsChannel: string;
  log: (message: string) => void;
}

export interface UtilityProcess<Message> {
  /** Tells the process `message` with `portCount` new ports, and gives the page their other ends. */
  connect(page: PageLike, message: Message, portCount: number): void;
  /** Tells the process `message` if it runs (the app quits). */
  tell(message: Message): void;
}

export const startUtilityProcess = <Message>(
  deps: UtilityProcessDeps<Message>,
): UtilityProcess<Message> => {
  let child: UtilityProcessLike<Message> | undefined;

  const running = (): UtilityProcessLike<Message> => {
    if (child !== undefined) return child;
    const started = deps.fork();
    started.once("exit", (code) => {
      deps.log(`A utility process ended (code ${code})`);
      if (child === started) child = undefined;
    });
    child = started;
    return started;
  };

  return {
    connect(page, message, portCount) {
      const channels = Array.from({ length: portCount }, deps.newChannel);
      running().postMessage(
        message,
        channels.map((channel) => channel.port1),
      );
      page.postMessage(
        deps.portsChannel,
        null,
        channels.map((channel) => channel.port2),
      );
    },
    tell(message) {
      child?.postMessage(message);
    },
  };
};
