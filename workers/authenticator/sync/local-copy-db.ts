// The authenticator's local copy in IndexedDB: one sealed value in the
// `cairn-auth` database. See: [Note: The authenticator's local copy is one sealed value]

import { Dexie, type Table } from "dexie";
import type { LocalCipher } from "../../sync/local-cipher";
import { localDatabaseOptions, type SealedValue } from "../../sync/local-db";
import type { AuthenticatorSyncState } from "./authenticator-state";
import { type AuthenticatorLocalCopy, stateFromStored, storedStateOf } from "./local-copy";

/** The IndexedDB database of the authenticator; logout deletes it with every other database. */
export const authenticatorDatabaseName = "cairn-auth";

/** The key of the one row of `state`. */
const stateKey = "state";

interface SealedStateRow {
  key: string;
  sealed: SealedValue;
}

class AuthenticatorDatabase extends Dexie {
  state!: Table<SealedStateRow, string>;

  constructor(indexedDB: IDBFactory, keyRange: typeof IDBKeyRange) {
    super(authenticatorDatabaseName, localDatabaseOptions(indexedDB, keyRange));
    this.version(1).stores({ state: "key" });
  }
}

/**
 * Seals and opens the state under a local key (the project's `LocalCipher`
 * fits: the worker passes one under a key derived from the master key).
 */
export type AuthenticatorStateSealer = Pick<LocalCipher, "seal" | "open">;

export interface IndexedDBLocalCopyDeps {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
  sealer: AuthenticatorStateSealer;
}

/** The local copy in IndexedDB. See: [Note: The authenticator's local copy is one sealed value] */
export const indexedDBAuthenticatorLocalCopy = ({
  indexedDB,
  IDBKeyRange,
  sealer,
}: IndexedDBLocalCopyDeps): AuthenticatorLocalCopy => {
  const db = new AuthenticatorDatabase(indexedDB, IDBKeyRange);
  return {
    async load() {
      const row = await db.state.get(stateKey);
      if (row === undefined) return undefined;
      const [opened] = await sealer.open([row.sealed]);
      // Unreadable (another key, damaged): start empty, the server has every code.
      return opened?.ok === true ? stateFromStored(opened.value) : undefined;
    },

    async save(state: AuthenticatorSyncState) {
      const [sealed] = await sealer.seal([storedStateOf(state)]);
      if (sealed === undefined) throw new Error("The sealer answered no value");
      await db.state.put({ key: stateKey, sealed });
    },

    close() {
      db.close();
      return Promise.resolve();
    },
  };
};
