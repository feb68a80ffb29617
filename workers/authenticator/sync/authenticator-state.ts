// What the authenticator's worker knows of the user's codes: the entities as
// last pulled, how far the diff is pulled, and the local changes the server
// has not got yet. Pure data: the rules over it are in their own modules.

/** An entity as the server last gave it, decrypted. */
export interface KnownEntity {
  /** The server's version of it (its `updatedAt`, server clock). */
  updatedAtUs: number;
  /** Opaque to the sync engine (an `otpauth://` URI with a note and tags). */
  plaintext: string;
}

/**
 * A code made here. Its `id` is a local one (`local-<uuid>`) until the
 * server answers with its own; a code re-created because it was deleted
 * elsewhere after an edit here keeps its former server ID meanwhile.
 * See: [Note: Edits from two devices merge by entity]
 */
export interface PendingCreate {
  kind: "create";
  id: string;
  plaintext: string;
  /** The device's clock when the code was last edited here. */
  editedAtMs: number;
}

/** New plaintext for a code the server has (or will have, once its create is sent). */
export interface PendingUpdate {
  kind: "update";
  id: string;
  plaintext: string;
  editedAtMs: number;
  /**
   * The server version the edit was made on; undefined only while the
   * code's create is being sent (the push fills it in with the created
   * version).
   */
  baseUpdatedAtUs: number | undefined;
}

/** A code deleted for good. */
export interface PendingRemove {
  kind: "remove";
  id: string;
  editedAtMs: number;
  baseUpdatedAtUs: number | undefined;
}

export type PendingChange = PendingCreate | PendingUpdate | PendingRemove;

export interface AuthenticatorSyncState {
  /** The largest `updatedAt` pulled: the next diff starts there. */
  syncTimeUs: number;
  /** By server ID, in the order first pulled. */
  entities: ReadonlyMap<string, KnownEntity>;
  /** In the order made; sent in that order. See: [Note: Local changes collapse before they are sent] */
  pending: readonly PendingChange[];
  /** Server entities this device could not decrypt: kept there, not shown, counted. */
  undecryptableIDs: ReadonlySet<string>;
}

export const emptyAuthenticatorState = (): AuthenticatorSyncState => ({
  syncTimeUs: 0,
  entities: new Map(),
  pending: [],
  undecryptableIDs: new Set(),
});

/** The prefix of the IDs of codes made here and not yet on the server. */
export const localIDPrefix = "local-";
