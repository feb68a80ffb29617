// The browser entry of the account worker: one dedicated worker per tab,
// created by `browser-account-worker.ts`. vite-plugin-comlink exposes every
// export of this module. See: [Note: The master key survives a reload, not a browser restart]

import { createAccountWorker } from "./account-worker";
import { createSessionKeyStore } from "./session-key-store";

const worker = createAccountWorker({
  sessionKeys: createSessionKeyStore({ indexedDB, crypto, nowMs: () => Date.now() }),
});

export const {
  generateAccount,
  unlockWithPassword,
  unlockWithLoginKEK,
  unlockWithRecoveryKey,
  restoreSession,
  isUnlocked,
  verifyPassword,
  lock,
  sessionName,
  beginSRPLogin,
  parkLoginKEK,
  resumeLoginKEK,
  beginSRPSetup,
  srpProof,
  verifySRPServerProof,
  openSealedToken,
  openDeleteChallenge,
  rewrapMasterKey,
  encryptTwoFactorSecret,
  decryptTwoFactorSecret,
  recoveryMnemonic,
  exposeLibraryKeyring,
} = worker;
