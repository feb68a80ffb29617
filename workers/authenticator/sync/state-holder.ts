// The engine's one copy of the state in memory, and its saves to the local copy.

import type { AuthenticatorSyncState, PendingChange } from "./authenticator-state";
import type { AuthenticatorLocalCopy } from "./local-copy";

export interface StateHolder {
  readonly current: AuthenticatorSyncState;
  /** The change being sent: never folded into. See: [Note: Local changes collapse before they are sent] */
  inFlight: PendingChange | undefined;
  /** Replaces the state in memory and tells the listener. */
  replace(next: AuthenticatorSyncState): void;
  /**
   * Saves the state as it is when the save runs. Saves run one at a time in
   * the order asked, so the last one always writes the latest state.
   */
  save(): Promise<void>;
  /** Settles when every save asked so far has. */
  saved(): Promise<void>;
}

export const createStateHolder = (
  localCopy: AuthenticatorLocalCopy,
  initial: AuthenticatorSyncState,
  onReplaced: () => void,
): StateHolder => {
  let current = initial;
  let saving: Promise<void> = Promise.resolve();
  const holder: StateHolder = {
    get current() {
      return current;
    },
    inFlight: undefined,
    replace(next) {
      current = next;
      onReplaced();
    },
    save() {
      const run = saving.then(() => localCopy.save(current));
      saving = run.catch(() => undefined);
      return run;
    },
    saved: () => saving,
  };
  return holder;
};
