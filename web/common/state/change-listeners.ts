// The listeners of a store that React reads with `useSyncExternalStore`:
// `subscribe` (bound, so it can be passed as it is) and a notification of
// every listener after a change.

export class ChangeListeners {
  readonly #listeners = new Set<() => void>();

  /** Adds `listener`; the answer removes it. Bound: `useSyncExternalStore(store.subscribe, …)`. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Calls every listener once; one that unsubscribes another during the call does not skip it. */
  notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

/**
 * A store whose snapshot is a revision number: `getRevision` changes
 * whenever `changed` is called, which tells the listeners.
 */
export class RevisionedStore {
  readonly #listeners = new ChangeListeners();
  #revision = 0;

  readonly subscribe = this.#listeners.subscribe;

  readonly getRevision = (): number => this.#revision;

  protected changed(): void {
    this.#revision += 1;
    this.#listeners.notify();
  }
}
