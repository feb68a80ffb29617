// The keyring's MessagePort between the account worker and a library worker,
// beside Comlink's calls: serving a keyring on a port, and the lock signal.
// Imports only Comlink, so that a library worker importing it does not load
// libsodium. See: [Note: The UI thread never loads libsodium]

import { expose } from "comlink";
import type { LibraryKeyringWire } from "./library-keyring";

// [Note: Locking the account stops the library's workers first]
//
// Logout locks the account worker in its "in-memory state" step (spec §4),
// before the offline stores are deleted. A library worker still running then
// would hold the local database key and the database open, and could write
// a page after the deletion. So locking tells every keyring port, and waits
// (briefly) for each worker to say it has stopped and closed its database;
// then the ports close. A worker that does not answer in time (it crashed, or
// was terminated) is not waited for: its database is then deleted as soon as
// the browser lets go of it.

/** Signals on a keyring port besides Comlink's calls (Comlink ignores messages without its ID). */
export const keyringPortSignals = {
  /** Account worker → library worker: the account is locked, stop now. */
  locked: "cairn-keyring-locked",
  /** Library worker → account worker: stopped, database closed. */
  stopped: "cairn-keyring-stopped",
} as const;

/** How long locking waits for a library worker to stop: a page write in progress takes well under this. */
export const keyringStopTimeoutMs = 3000;

const isSignal = (data: unknown, signal: string) =>
  typeof data === "object" && data !== null && (data as { signal?: unknown }).signal === signal;

/** The keyring ports an account worker has handed out. */
export class KeyringPorts {
  readonly #ports = new Set<MessagePort>();

  /** Serves `keyring` on `port`. */
  expose(keyring: LibraryKeyringWire, port: MessagePort): void {
    expose(keyring, port);
    this.#ports.add(port);
  }

  /** Tells every port's worker to stop, waits for each (bounded), and closes the ports. See: [Note: Locking the account stops the library's workers first] */
  async lockAll(timeoutMs: number = keyringStopTimeoutMs): Promise<void> {
    const ports = [...this.#ports];
    this.#ports.clear();
    await Promise.all(
      ports.map(
        (port) =>
          new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              port.removeEventListener("message", onMessage);
              port.removeEventListener("close", done);
              port.close();
              resolve();
            };
            const onMessage = (event: MessageEvent) => {
              if (isSignal(event.data, keyringPortSignals.stopped)) done();
            };
            const timer = setTimeout(done, timeoutMs);
            port.addEventListener("message", onMessage);
            // The other end already closed (where the platform says so): nobody to wait for.
            port.addEventListener("close", done);
            port.postMessage({ signal: keyringPortSignals.locked });
          }),
      ),
    );
  }
}

/**
 * The library worker's side of a keyring port: calls `onLocked` when the
 * account locks, then answers that it stopped.
 * See: [Note: Locking the account stops the library's workers first]
 */
export const listenForKeyringLock = (port: MessagePort, onLocked: () => Promise<void>): void => {
  port.addEventListener("message", (event: MessageEvent) => {
    if (!isSignal(event.data, keyringPortSignals.locked)) return;
    void onLocked()
      .catch(() => undefined)
      .then(() => {
        port.postMessage({ signal: keyringPortSignals.stopped });
      });
  });
  port.start();
};
