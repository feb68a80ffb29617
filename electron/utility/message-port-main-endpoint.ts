// Comlink over Electron's MessagePortMain (a utility process's ports and
// its parent port), which speaks Node's EventEmitter rather than the DOM's
// EventTarget that Comlink expects.

import type { Endpoint } from "comlink";

/** What of Electron's MessagePortMain this needs (tests give a plain object). */
export interface MessagePortMainLike {
  postMessage(message: unknown): void;
  on(event: "message", listener: (event: { data: unknown }) => void): unknown;
  off(event: "message", listener: (event: { data: unknown }) => void): unknown;
  once(event: "close", listener: () => void): unknown;
  start(): void;
}

type Listener = Parameters<Endpoint["addEventListener"]>[1];

/**
 * A Comlink endpoint over `port`, and a promise settled once the other end
 * has closed (a page that reloaded or went away). Comlink's Node adapter
 * does not fit: it wraps each message in `{ data }`, and Electron's events
 * already are `{ data, ports }`.
 */
export const messagePortMainEndpoint = (
  port: MessagePortMainLike,
): { endpoint: Endpoint; closed: Promise<void> } => {
  const closed = new Promise<void>((resolve) => {
    port.once("close", resolve);
  });
  const wrappers = new Map<Listener, (event: { data: unknown }) => void>();
  const endpoint: Endpoint = {
    postMessage: (message: unknown, transfer?: Transferable[]) => {
      // Only Electron's own ports could be transferred here; nothing of the export sends any.
      if (transfer !== undefined && transfer.length > 0) {
        throw new TypeError("Transferring over an Electron message port is not supported");
      }
      port.postMessage(message);
    },
    addEventListener: (_type: string, listener: Listener) => {
      const wrapper = (event: { data: unknown }) => {
        if (typeof listener === "function") listener(event as MessageEvent);
        else listener.handleEvent(event as MessageEvent);
      };
      wrappers.set(listener, wrapper);
      port.on("message", wrapper);
    },
    removeEventListener: (_type: string, listener: Listener) => {
      const wrapper = wrappers.get(listener);
      if (wrapper === undefined) return;
      wrappers.delete(listener);
      port.off("message", wrapper);
    },
    start: () => {
      port.start();
    },
  };
  return { endpoint, closed };
};
