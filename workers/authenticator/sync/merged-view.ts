// What the UI shows: the server's entities with the pending changes on top.

import type { AuthenticatorSyncState } from "./authenticator-state";

/** A code as the UI reads it. */
export interface AuthenticatorEntry {
  id: string;
  plaintext: string;
  /** Made or changed here and not yet on the server. */
  pending: boolean;
}

/**
 * The entities as last pulled, with every pending change applied in order:
 * an edit made offline shows at once, and after a reload too (the queue is
 * in the local copy). Pulled entities keep their order; codes made here
 * follow, in the order made.
 */
export const mergedEntries = (state: AuthenticatorSyncState): AuthenticatorEntry[] => {
  const entries = new Map<string, AuthenticatorEntry>();
  for (const [id, { plaintext }] of state.entities)
    entries.set(id, { id, plaintext, pending: false });
  for (const change of state.pending) {
    if (change.kind === "remove") entries.delete(change.id);
    else entries.set(change.id, { id: change.id, plaintext: change.plaintext, pending: true });
  }
  return [...entries.values()];
};
