// Applying a pulled page to the state, and the rule that settles an edit made
// here against a newer version from the server.

import type {
  AuthenticatorSyncState,
  KnownEntity,
  PendingChange,
  PendingCreate,
} from "./authenticator-state";

// [Note: Edits from two devices merge by entity]
//
// Each code is one entity, so two devices editing different codes never
// conflict: both edits are kept. When a pull shows that a code with a
// pending change here was changed on the server after the version the
// change was made on, the later write wins and the other is dropped:
//
// - the server's write is timed by its `updatedAt` (µs, server clock): the
//   moment it reached the server, the only time the wire has (the plaintext
//   is the Ente format and carries no edit time). An edit another device
//   made offline therefore counts from when that device sent it;
// - the edit here is timed by the device's clock when it was made
//   (`editedAtMs`), moved to the server's clock by `serverTimeOffsetMs`
//   (server clock minus device clock, estimated by the worker, 0 when it
//   has no estimate).
//
// We compare edit times rather than the times this device received the
// server's versions: a device back from a week offline receives every
// server change "now", and would let them all beat edits it made during the
// week, however old they were. The clock offset is only an estimate, but an
// error in it shifts the rule by that much, no more. On a tie the server's
// write wins: it is already on every device. Our own pushed writes come back
// in the next pull as versions newer than the base of an edit made since;
// such an edit was made after the push, so it is later and stays (unless the
// offset estimate is off by more than that gap).
//
// The outcomes, per pending change:
// - an update, the server's write later: dropped (the server's plaintext shows);
// - an update, the edit later: kept, rebased on the server's version, sent;
// - an update of a code deleted on the server: re-created with the edit's
//   plaintext if the edit is later than the deletion (nothing is lost),
//   else dropped;
// - a remove, the server's write later: dropped (the code stays, edited);
// - a remove, the edit later: kept; of a code deleted on the server: dropped.

/** A device time (ms, device clock) as a server time (µs, server clock). See: [Note: Edits from two devices merge by entity] */
export const serverClockUsOf = (deviceTimeMs: number, serverTimeOffsetMs: number): number =>
  Math.round((deviceTimeMs + serverTimeOffsetMs) * 1000);

/** One entity of a pulled page, decrypted when it could be. */
export interface PulledVersion {
  id: string;
  updatedAtUs: number;
  content: { kind: "live"; plaintext: string } | { kind: "deleted" } | { kind: "undecryptable" };
}

/**
 * What becomes of `change` given a newer-or-not server `version` of its
 * code: kept as it is, replaced, or dropped (`undefined`).
 * See: [Note: Edits from two devices merge by entity]
 */
export const settledChange = (
  change: PendingChange,
  version: PulledVersion,
  serverTimeOffsetMs: number,
): PendingChange | undefined => {
  if (change.kind === "create" || change.id !== version.id) return change;
  const baseUs = change.baseUpdatedAtUs;
  if (baseUs !== undefined && version.updatedAtUs <= baseUs) return change;
  const editIsLater = serverClockUsOf(change.editedAtMs, serverTimeOffsetMs) > version.updatedAtUs;
  if (!editIsLater) return undefined;
  if (version.content.kind !== "deleted")
    return { ...change, baseUpdatedAtUs: version.updatedAtUs };
  if (change.kind === "remove") return undefined;
  const recreated: PendingCreate = {
    kind: "create",
    id: change.id,
    plaintext: change.plaintext,
    editedAtMs: change.editedAtMs,
  };
  return recreated;
};

/**
 * `state` with a pulled page applied: entities replaced or removed, the
 * pending changes of the codes it touches settled, the sync time moved to
 * `syncTimeUs`.
 */
export const withPulledVersions = (
  state: AuthenticatorSyncState,
  versions: readonly PulledVersion[],
  syncTimeUs: number,
  serverTimeOffsetMs: number,
): AuthenticatorSyncState => {
  const entities = new Map<string, KnownEntity>(state.entities);
  const undecryptableIDs = new Set(state.undecryptableIDs);
  let pending: readonly PendingChange[] = state.pending;
  for (const version of versions) {
    const { id, updatedAtUs, content } = version;
    if (content.kind === "live") entities.set(id, { updatedAtUs, plaintext: content.plaintext });
    else entities.delete(id);
    if (content.kind === "undecryptable") undecryptableIDs.add(id);
    else undecryptableIDs.delete(id);
    if (pending.some((change) => change.id === id)) {
      pending = pending.flatMap(
        (change) => settledChange(change, version, serverTimeOffsetMs) ?? [],
      );
    }
  }
  return {
    syncTimeUs: Math.max(state.syncTimeUs, syncTimeUs),
    entities,
    pending,
    undecryptableIDs,
  };
};
