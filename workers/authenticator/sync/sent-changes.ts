// The state after the server took, or refused, a pending change.

import type { RemoteAuthenticatorEntity } from "./authenticator-remote";
import type { AuthenticatorSyncState, KnownEntity, PendingChange } from "./authenticator-state";

/** What the server did with a change. */
export type SentChange =
  | { kind: "created"; entity: RemoteAuthenticatorEntity }
  | { kind: "updated" }
  | { kind: "removed" };

/**
 * `state` once `change` is on the server. A created code takes the server's
 * ID everywhere: in the entities and in the changes made to it meanwhile
 * (which are then based on the created version).
 */
export const withSentChange = (
  state: AuthenticatorSyncState,
  change: PendingChange,
  sent: SentChange,
): AuthenticatorSyncState => {
  const entities = new Map<string, KnownEntity>(state.entities);
  const undecryptableIDs = new Set(state.undecryptableIDs);
  undecryptableIDs.delete(change.id);
  let pending = state.pending.filter((queued) => queued !== change);
  switch (sent.kind) {
    case "created": {
      const { id: serverID, updatedAt } = sent.entity;
      if (change.kind === "remove") throw new TypeError("A remove cannot create a code");
      entities.delete(change.id);
      entities.set(serverID, { updatedAtUs: updatedAt, plaintext: change.plaintext });
      pending = pending.map((queued) =>
        queued.id !== change.id
          ? queued
          : queued.kind === "create"
            ? { ...queued, id: serverID }
            : { ...queued, id: serverID, baseUpdatedAtUs: updatedAt },
      );
      break;
    }
    case "updated": {
      if (change.kind !== "update") throw new TypeError("Only an update updates a code");
      // The version stays the one known: the next pull brings the server's
      // version of this write (with no pending change left, it just applies).
      const knownUs = entities.get(change.id)?.updatedAtUs ?? change.baseUpdatedAtUs ?? 0;
      entities.set(change.id, { updatedAtUs: knownUs, plaintext: change.plaintext });
      break;
    }
    case "removed":
      entities.delete(change.id);
      break;
  }
  return { ...state, entities, pending, undecryptableIDs };
};

/**
 * `state` without a change the server refused. A refused create takes the
 * later changes of its code along: the code never reached the server.
 */
export const withoutRefusedChange = (
  state: AuthenticatorSyncState,
  change: PendingChange,
): AuthenticatorSyncState => ({
  ...state,
  pending: state.pending.filter(
    (queued) => queued !== change && !(change.kind === "create" && queued.id === change.id),
  ),
});
