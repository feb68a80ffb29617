// The account state a tab keeps outside the worker: local storage `user`,
// `keyAttributes`, `originalKeyAttributes`, `isFirstLogin`, `justSignedUp`
// (spec §3) and, in sessionStorage, the session cipher of the worker's slot.
// See: [Note: The master key survives a reload, not a browser restart]

import { CairnError } from "../../../shared/model/errors";
import type { KeyAttributes } from "../../../workers/account/key-attributes";
import type { SessionCipher } from "../../../workers/account/session-key-store";
import type { LocalStorageValue } from "../storage/local-storage-keys";
import type { LocalStore } from "../storage/typed-storage";

/** The sessionStorage key of the session cipher (opaque to this thread). */
export const sessionCipherStorageKey = "accountSessionCipher";

/** The sessionStorage key of a login KEK parked while a second factor is verified elsewhere. */
export const parkedLoginKEKStorageKey = "accountParkedLoginKEK";

export type StoredUser = LocalStorageValue<"user">;

export interface AccountLocalState {
  user(): StoredUser | undefined;
  /** The stored user, or `CairnError("userMissing")` (spec §5 'user missing'). */
  ensureUser(): StoredUser;
  setUser(user: StoredUser): void;
  keyAttributes(): KeyAttributes | undefined;
  /** The stored attributes, or `CairnError("keyMissing")`. */
  ensureKeyAttributes(): KeyAttributes;
  setKeyAttributes(keyAttributes: KeyAttributes): void;
  sessionCipher(): SessionCipher | undefined;
  setSessionCipher(cipher: SessionCipher): void;
  setParkedLoginKEK(cipher: SessionCipher): void;
  /** The parked login KEK's cipher, removed from sessionStorage (it is used once). */
  takeParkedLoginKEK(): SessionCipher | undefined;
}

export const createAccountLocalState = (
  localStore: LocalStore,
  sessionStorage: () => Storage | undefined,
): AccountLocalState => {
  const readSession = (key: string) => {
    try {
      return sessionStorage()?.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const writeSession = (key: string, value: string | undefined) => {
    try {
      if (value === undefined) sessionStorage()?.removeItem(key);
      else sessionStorage()?.setItem(key, value);
    } catch {
      // Storage refused (full or forbidden): this tab asks for the password after a reload.
    }
  };
  const state: AccountLocalState = {
    user: () => localStore.get("user"),
    ensureUser: () => {
      const user = state.user();
      if (user === undefined) throw new CairnError("userMissing");
      return user;
    },
    setUser: (user) => {
      localStore.set("user", user);
    },
    keyAttributes: () => localStore.get("keyAttributes"),
    ensureKeyAttributes: () => {
      const keyAttributes = state.keyAttributes();
      if (keyAttributes === undefined) throw new CairnError("keyMissing");
      return keyAttributes;
    },
    setKeyAttributes: (keyAttributes) => {
      localStore.set("keyAttributes", { ...keyAttributes });
    },
    sessionCipher: () => readSession(sessionCipherStorageKey),
    setSessionCipher: (cipher) => {
      writeSession(sessionCipherStorageKey, cipher);
    },
    setParkedLoginKEK: (cipher) => {
      writeSession(parkedLoginKEKStorageKey, cipher);
    },
    takeParkedLoginKEK: () => {
      const cipher = readSession(parkedLoginKEKStorageKey);
      writeSession(parkedLoginKEKStorageKey, undefined);
      return cipher;
    },
  };
  return state;
};
