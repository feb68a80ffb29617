// The account worker's API as seen across a Comlink boundary, with its typed
// errors revived. See: [Note: Crypto errors are identified by a literal name]

import type { AccountWorker } from "../../../workers/account/account-worker";
import { reviveAccountError } from "../../../shared/model/accounts/account-errors";

type RemoteOf<T> = { [K in keyof T]: T[K] };

// Every method of the API, typed as a record so that a new method cannot be
// forgotten here.
const methods: Record<keyof AccountWorker, true> = {
  generateAccount: true,
  unlockWithPassword: true,
  unlockWithLoginKEK: true,
  unlockWithRecoveryKey: true,
  restoreSession: true,
  isUnlocked: true,
  verifyPassword: true,
  lock: true,
  sessionName: true,
  beginSRPLogin: true,
  parkLoginKEK: true,
  resumeLoginKEK: true,
  beginSRPSetup: true,
  srpProof: true,
  verifySRPServerProof: true,
  openSealedToken: true,
  openDeleteChallenge: true,
  rewrapMasterKey: true,
  encryptTwoFactorSecret: true,
  decryptTwoFactorSecret: true,
  recoveryMnemonic: true,
};

/**
 * Wraps a remote (or local) account worker so that each rejection carries the
 * typed error class again (`IncorrectPasswordError`, `InvalidRecoveryKeyError`, ...).
 */
export const withRevivedAccountErrors = (remote: RemoteOf<AccountWorker>): AccountWorker => {
  const wrapped: Partial<Record<keyof AccountWorker, unknown>> = {};
  for (const name of Object.keys(methods) as (keyof AccountWorker)[]) {
    const method = remote[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (e) {
        throw reviveAccountError(e);
      }
    };
  }
  return wrapped as AccountWorker;
};
