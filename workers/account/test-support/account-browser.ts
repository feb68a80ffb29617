// Helpers for the account worker's tests (and the account service's): a cheap
// KEK derivation and a fresh "browser" (its own IndexedDB and clock).

import { IDBFactory } from "fake-indexeddb";
import { deriveKey, randomBytes, toB64, type DerivedKey } from "../../../shared/crypto";
import { createAccountWorker, type AccountWorker } from "../account-worker";
import { deriveKEKFor } from "../key-hierarchy";
import { createSessionKeyStore, type SessionKeyStore } from "../session-key-store";

/**
 * Argon2id at libsodium's minimum limits: the same code path as the account's
 * sensitive KEK at a thousandth of its cost, for tests that do not talk to a
 * server (which would refuse these limits).
 */
export const cheapLimits = { opsLimit: 1, memLimitBytes: 8192 } as const;

export const deriveCheapKEK = async (password: string): Promise<DerivedKey> => {
  const salt = await randomBytes(16);
  return {
    key: await deriveKey(password, toB64(salt), cheapLimits.opsLimit, cheapLimits.memLimitBytes),
    salt,
    ...cheapLimits,
  };
};

/** A browser profile: its IndexedDB (shared by its tabs) and a settable clock. */
export interface TestBrowser {
  indexedDB: IDBFactory;
  nowMs: number;
  /** Password KEKs derived at the account's stored limits by this browser's workers. */
  kekDerivations: number;
  sessionKeys(): SessionKeyStore;
  /** A new tab's account worker (a reload is a new worker in the same browser). */
  newWorker(options?: { cheapKEK?: boolean }): AccountWorker;
}

export const createTestBrowser = (): TestBrowser => {
  const browser: TestBrowser = {
    indexedDB: new IDBFactory(),
    nowMs: 1_700_000_000_000,
    kekDerivations: 0,
    sessionKeys: () =>
      createSessionKeyStore({
        indexedDB: browser.indexedDB,
        crypto: globalThis.crypto,
        nowMs: () => browser.nowMs,
      }),
    newWorker: ({ cheapKEK = true } = {}) =>
      createAccountWorker({
        sessionKeys: browser.sessionKeys(),
        ...(cheapKEK ? { deriveNewKEK: deriveCheapKEK } : {}),
        deriveKEK: (attributes, password) => {
          browser.kekDerivations += 1;
          return deriveKEKFor(attributes, password);
        },
        every: () => () => undefined,
      }),
  };
  return browser;
};
