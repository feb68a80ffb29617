// The authenticator's sync engine: the codes as the UI sees them, local
// changes saved at once and sent when online, and pulls that merge the other
// devices' changes in. One per worker, over injected I/O.

import type { AuthenticatorRemote, EntityCipher } from "./authenticator-remote";
import {
  type AuthenticatorSyncState,
  emptyAuthenticatorState,
  localIDPrefix,
  type PendingChange,
} from "./authenticator-state";
import type { AuthenticatorLocalCopy } from "./local-copy";
import { type AuthenticatorEntry, mergedEntries } from "./merged-view";
import { withLocalChange } from "./pending-changes";
import { pullAuthenticatorEntities } from "./pull";
import { pushPendingChanges, type RefusedChange } from "./push";
import { remoteFailureOf } from "./remote-failure";
import { createStateHolder, type StateHolder } from "./state-holder";
import { serialSync } from "./serial-sync";

export interface AuthenticatorSyncDeps {
  remote: AuthenticatorRemote;
  cipher: EntityCipher;
  localCopy: AuthenticatorLocalCopy;
  /** The device's clock. */
  nowMs: () => number;
  /**
   * The server's clock minus the device's, as the worker estimates it (0
   * when it has none). See: [Note: Edits from two devices merge by entity]
   */
  serverTimeOffsetMs?: () => number;
  /** Whether to try the network at all; local changes sync at once only when online. */
  isOnline?: () => boolean;
  /** A new local ID's random part (defaults to `crypto.randomUUID`). */
  newUUID?: () => string;
}

/** What one sync did. */
export interface AuthenticatorSyncOutcome {
  /** Server changes applied here (new, edited or deleted codes). */
  pulled: number;
  /** Local changes the server took. */
  pushed: number;
  /** Server codes of this pull that could not be decrypted: skipped. */
  undecryptable: number;
  /** Local changes the server refused: dropped from the queue. */
  refused: readonly RefusedChange[];
  /** The server could not be reached (offline, or 5xx): pending changes wait for the next sync. */
  offline: boolean;
}

export type AuthenticatorSyncEvent =
  /** The merged view or the pending count changed: read `entries()` again. */
  | { kind: "entries-changed" }
  /** A code made here got its server ID: selections and orderings keyed by the old one follow. */
  | { kind: "id-changed"; previousID: string; serverID: string }
  | { kind: "synced"; outcome: AuthenticatorSyncOutcome }
  /** A sync failed for another reason than the network (the session is gone, a bug). */
  | { kind: "sync-failed"; error: unknown };

export interface AuthenticatorSync {
  /** Reads the local copy (once; every other call waits for it). */
  load(): Promise<void>;
  /** The codes as the UI shows them: the server's with the pending changes on top. */
  entries(): readonly AuthenticatorEntry[];
  /** Adds a code; answers its (local, until sent) ID once saved here. */
  create(plaintext: string): Promise<string>;
  /** False when there is no such code. */
  update(id: string, plaintext: string): Promise<boolean>;
  /** Deletes a code for good, on every device. False when there is no such code. */
  remove(id: string): Promise<boolean>;
  /** Pulls, then pushes. Calls while one runs share one more run. */
  sync(): Promise<AuthenticatorSyncOutcome>;
  /** Answers the function that stops listening. */
  onChange(listener: (event: AuthenticatorSyncEvent) => void): () => void;
  pendingCount(): number;
  /** Server codes this device cannot decrypt (kept there, not shown). */
  undecryptableCount(): number;
  /** Waits for the running sync and saves, then closes the local copy. */
  close(): Promise<void>;
}

/** A call on the engine after `close()`. */
export class AuthenticatorSyncClosedError extends Error {
  override readonly name = "AuthenticatorSyncClosedError";

  constructor() {
    super("The authenticator sync engine is closed");
  }
}

const offlineOutcome = (): AuthenticatorSyncOutcome => ({
  pulled: 0,
  pushed: 0,
  undecryptable: 0,
  refused: [],
  offline: true,
});

export const createAuthenticatorSync = ({
  remote,
  cipher,
  localCopy,
  nowMs,
  serverTimeOffsetMs = () => 0,
  isOnline = () => true,
  newUUID = () => crypto.randomUUID(),
}: AuthenticatorSyncDeps): AuthenticatorSync => {
  const listeners = new Set<(event: AuthenticatorSyncEvent) => void>();
  const emit = (event: AuthenticatorSyncEvent) => {
    for (const listener of listeners) listener(event);
  };

  let closed = false;
  let holder: StateHolder | undefined;
  let loading: Promise<StateHolder> | undefined;
  let entriesCache: { state: AuthenticatorSyncState; entries: AuthenticatorEntry[] } | undefined;

  const ensureOpen = () => {
    if (closed) throw new AuthenticatorSyncClosedError();
  };

  const loaded = (): Promise<StateHolder> => {
    loading ??= (async () => {
      // An unreadable copy loads as undefined: start empty and pull everything.
      // See: [Note: The authenticator's local copy is one sealed value]
      const saved = await localCopy.load();
      holder = createStateHolder(localCopy, saved ?? emptyAuthenticatorState(), () => {
        emit({ kind: "entries-changed" });
      });
      emit({ kind: "entries-changed" });
      return holder;
    })();
    return loading;
  };

  const runSync = async (): Promise<AuthenticatorSyncOutcome> => {
    const current = await loaded();
    if (closed || !isOnline()) return offlineOutcome();
    try {
      const pulled = await pullAuthenticatorEntities({
        remote,
        cipher,
        holder: current,
        serverTimeOffsetMs,
      });
      const pushed = await pushPendingChanges({
        remote,
        cipher,
        holder: current,
        onIDChanged: (previousID, serverID) => {
          emit({ kind: "id-changed", previousID, serverID });
        },
      });
      const outcome: AuthenticatorSyncOutcome = {
        pulled: pulled.pulled,
        pushed: pushed.pushed,
        undecryptable: pulled.undecryptable,
        refused: pushed.refused,
        offline: pushed.unreachable,
      };
      emit({ kind: "synced", outcome });
      return outcome;
    } catch (error) {
      if (remoteFailureOf(error) === "unreachable") {
        const outcome = offlineOutcome();
        emit({ kind: "synced", outcome });
        return outcome;
      }
      emit({ kind: "sync-failed", error });
      throw error;
    }
  };

  const sync = serialSync(runSync);

  /** Saves a local change, then lets it be sent (when online). */
  const changedLocally = async (current: StateHolder, change: PendingChange) => {
    current.replace({
      ...current.current,
      pending: withLocalChange(current.current.pending, change, current.inFlight),
    });
    await current.save();
    // A failed background sync has told its listeners already.
    if (isOnline()) sync().catch(() => undefined);
  };

  /** The code's server version, when it is a server code still shown here. */
  const shownCode = (current: StateHolder, id: string) => {
    const entry = engine.entries().find((shown) => shown.id === id);
    return entry === undefined
      ? undefined
      : { baseUpdatedAtUs: current.current.entities.get(id)?.updatedAtUs };
  };

  const engine: AuthenticatorSync = {
    async load() {
      ensureOpen();
      await loaded();
    },

    entries() {
      if (holder === undefined) return [];
      const state = holder.current;
      if (entriesCache?.state !== state) entriesCache = { state, entries: mergedEntries(state) };
      return entriesCache.entries;
    },

    async create(plaintext) {
      ensureOpen();
      const current = await loaded();
      const id = `${localIDPrefix}${newUUID()}`;
      await changedLocally(current, { kind: "create", id, plaintext, editedAtMs: nowMs() });
      return id;
    },

    async update(id, plaintext) {
      ensureOpen();
      const current = await loaded();
      const code = shownCode(current, id);
      if (code === undefined) return false;
      await changedLocally(current, {
        kind: "update",
        id,
        plaintext,
        editedAtMs: nowMs(),
        ...code,
      });
      return true;
    },

    async remove(id) {
      ensureOpen();
      const current = await loaded();
      const code = shownCode(current, id);
      if (code === undefined) return false;
      await changedLocally(current, { kind: "remove", id, editedAtMs: nowMs(), ...code });
      return true;
    },

    sync() {
      ensureOpen();
      return sync();
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    pendingCount: () => holder?.current.pending.length ?? 0,

    undecryptableCount: () => holder?.current.undecryptableIDs.size ?? 0,

    async close() {
      if (closed) return;
      closed = true;
      await sync.idle();
      await holder?.saved();
      listeners.clear();
      await localCopy.close();
    },
  };
  return engine;
};
