// Whether the hidden section is open: locked until the account's password is
// given again, open while the person is in it, and locked again a few
// minutes after they leave it. A store for `useSyncExternalStore`; the
// clock's timers are injected.

import { useSyncExternalStore } from "react";
import { ChangeListeners } from "../../../common/state/change-listeners";

/**
 * [Note: Hidden is locked]
 *
 * What someone hides is what they would not show a person looking over their
 * shoulder, or one handed their unlocked laptop. So the hidden section
 * (hidden items and hidden albums) shows nothing, not even its albums' names
 * or covers, until the account's password is given again, however the
 * section is reached (the navigation, the albums page, an address, the back
 * button). The password is checked in the account worker by deriving the
 * key-encryption key again at its stored strength (a few seconds) and
 * opening the master key with it; the page never sees a key, and nothing is
 * sent to the server.
 *
 * Once open, the section stays open while the person is in it and for
 * `hiddenStaysOpenMs` after they leave it, so going from a hidden album to
 * the timeline and back does not ask again. The opening is kept in the
 * page's memory only: a reload, a new tab or a logout locks it again.
 */
export const hiddenStaysOpenMs = 5 * 60_000;

export interface LockTimers {
  setTimeout(run: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: LockTimers = {
  setTimeout: (run, delayMs) => globalThis.setTimeout(run, delayMs),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
  },
};

export class HiddenLock {
  #open = false;
  #inSection = false;
  #closing: unknown;
  readonly #listeners = new ChangeListeners();

  constructor(private readonly timers: LockTimers = browserTimers) {}

  /** The snapshot: whether the hidden section shows its files. */
  readonly isOpen = (): boolean => this.#open;

  readonly subscribe = this.#listeners.subscribe;

  /** The password was given: the section opens. */
  opened(): void {
    this.#cancelClosing();
    this.#set(true);
    if (!this.#inSection) this.#scheduleClosing();
  }

  /** The person entered (true) or left (false) the hidden section. */
  inSection(inside: boolean): void {
    if (inside === this.#inSection) return;
    this.#inSection = inside;
    if (inside) this.#cancelClosing();
    else if (this.#open) this.#scheduleClosing();
  }

  /** Locks at once (leaving the gallery, logging out). */
  lock(): void {
    this.#cancelClosing();
    this.#inSection = false;
    this.#set(false);
  }

  #scheduleClosing() {
    this.#cancelClosing();
    this.#closing = this.timers.setTimeout(() => {
      this.#closing = undefined;
      this.#set(false);
    }, hiddenStaysOpenMs);
  }

  #cancelClosing() {
    if (this.#closing === undefined) return;
    this.timers.clearTimeout(this.#closing);
    this.#closing = undefined;
  }

  #set(open: boolean) {
    if (open === this.#open) return;
    this.#open = open;
    this.#listeners.notify();
  }
}

/** The page's lock (one per tab; a reload starts locked). */
export const hiddenLock = new HiddenLock();

export const useHiddenOpen = (): boolean =>
  useSyncExternalStore(hiddenLock.subscribe, hiddenLock.isOpen);
