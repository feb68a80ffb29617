// The account worker: the one place in a tab that holds the account's keys.
// The UI thread asks it for results (wrapped keys, SRP values, an opened
// token) and never receives the master key, the KEK or the secret key.
// A plain module with injected I/O; `account.worker.ts` exposes it to the
// browser through Comlink, and tests call it directly.
// See: [Note: The master key survives a reload, not a browser restart]

import {
  SRPClientSession,
  boxSealOpen,
  decryptBox,
  deriveSRPLoginSubKey,
  encryptBox,
  fromB64,
  generateSRPSetupAttributes,
  recoveryKeyFromMnemonicOrHex,
  recoveryKeyToMnemonic,
  toB64,
  toB64URLSafe,
  fromB64URLSafe,
  utf8ToBytes,
  bytesToUTF8,
  DecryptionError,
  deriveSensitiveKey,
  type KeyPair,
} from "../../shared/crypto";
import {
  AccountLockedError,
  AccountStepOrderError,
  IncorrectPasswordError,
  IncorrectRecoveryKeyError,
} from "../../shared/model/accounts/account-errors";
import type { KEKAttributes, KeyAttributes, SRPLoginAttributes } from "./key-attributes";
import { KeyringPorts } from "./keyring-port";
import { createLibraryKeyring } from "./library-keyring";
import {
  decryptKeyPair,
  decryptMasterKeyWithKEK,
  decryptMasterKeyWithRecoveryKey,
  decryptRecoveryKey,
  deriveKEKFor,
  generateAccountKeys,
  wrapMasterKeyUnderKEK,
  type DeriveNewKEK,
} from "./key-hierarchy";
import {
  slotHeartbeatIntervalMs,
  type SessionCipher,
  type SessionKeyStore,
} from "./session-key-store";

export interface AccountWorkerDependencies {
  sessionKeys: SessionKeyStore;
  /** How a new account KEK is derived; tests pass cheaper limits. Defaults to `deriveSensitiveKey`. */
  deriveNewKEK?: DeriveNewKEK;
  /**
   * How an account's KEK is derived from the password at login and unlock
   * (its stored limits); tests count the calls. Defaults to `deriveKEKFor`.
   * See: [Note: A login derives the password key once]
   */
  deriveKEK?: typeof deriveKEKFor;
  /** Calls `tick` every `intervalMs` until the returned function is called. */
  every?: (tick: () => void, intervalMs: number) => () => void;
}

/** The result of every unlock: the session cipher for sessionStorage. */
export interface Unlocked {
  sessionCipher: SessionCipher;
}

/** What `/users/srp/setup` needs, plus the client's A for it. */
export interface SRPSetupStart {
  srpUserID: string;
  srpSalt: string;
  srpVerifier: string;
  srpA: string;
}

export interface AccountWorker {
  /**
   * Sign-up: generates every key, unlocks the worker with them and keeps the
   * new KEK for `beginSRPSetup`. Returns the wire attributes and the recovery
   * key's 24 words to show.
   */
  generateAccount: (
    password: string,
  ) => Promise<Unlocked & { keyAttributes: KeyAttributes; recoveryMnemonic: string }>;

  /** `/credentials` and the email-code login: derive the KEK from the password and unwrap. */
  unlockWithPassword: (keyAttributes: KeyAttributes, password: string) => Promise<Unlocked>;
  /** After an SRP login: unwrap with the KEK derived in `beginSRPLogin`. */
  unlockWithLoginKEK: (keyAttributes: KeyAttributes) => Promise<Unlocked>;
  /** `/recover`: unwrap with the recovery key (24 words or hex). */
  unlockWithRecoveryKey: (
    keyAttributes: KeyAttributes,
    recoveryMnemonicOrHex: string,
  ) => Promise<Unlocked>;
  /**
   * After a reload: reopens the session cipher; false when its slot is gone
   * (ask the password). True at once when the worker is already unlocked.
   */
  restoreSession: (keyAttributes: KeyAttributes, sessionCipher: SessionCipher) => Promise<boolean>;
  isUnlocked: () => Promise<boolean>;
  /**
   * Whether `password` is the unlocked account's: its key-encryption key is
   * derived again (at the stored strength, a few seconds) and must open the
   * master key held. Nothing held changes. See: [Note: Hidden is locked]
   */
  verifyPassword: (password: string) => Promise<boolean>;
  /** Logout: forgets every key and the tab's slot. */
  lock: () => Promise<void>;
  /**
   * The name the server gives the session of `tokenB64URL` in its list of
   * sessions (the URL-safe base64 SHA-256 of the token's bytes), so the
   * settings can tell "this device" from the others.
   * See: [Note: Sessions are named by their token's hash]
   */
  sessionName: (tokenB64URL: string) => Promise<string>;

  /** Login: derives the KEK (kept for `unlockWithLoginKEK`) and starts the SRP exchange. */
  beginSRPLogin: (attributes: SRPLoginAttributes, password: string) => Promise<{ srpA: string }>;
  /**
   * A login waiting for a second factor may leave the page (the passkey is
   * verified in the accounts app): parks the login's KEK like the master key
   * (a slot of its own), so the page coming back can finish the login without
   * asking for the password again. Undefined when no KEK is held.
   * See: [Note: The master key survives a reload, not a browser restart]
   */
  parkLoginKEK: () => Promise<SessionCipher | undefined>;
  /** Takes back a parked login KEK (once: its slot is deleted); false when gone or stale. */
  resumeLoginKEK: (parkedCipher: SessionCipher) => Promise<boolean>;
  /** Sign-up and password changes: new SRP attributes for the KEK of the last generate or rewrap. */
  beginSRPSetup: () => Promise<SRPSetupStart>;
  /** The client proof M1 for the server's B. */
  srpProof: (srpB: string) => Promise<{ srpM1: string }>;
  /** Checks the server's proof M2 and ends the exchange. */
  verifySRPServerProof: (srpM2: string) => Promise<void>;

  /** Opens the session token sealed to the account's public key: URL-safe base64 with padding. */
  openSealedToken: (encryptedToken: string) => Promise<string>;
  /** Opens the account-deletion challenge (a JWT). */
  openDeleteChallenge: (encryptedChallenge: string) => Promise<string>;

  /** Change password and recovery: wraps the master key under a new KEK (kept for `beginSRPSetup`). */
  rewrapMasterKey: (
    newPassword: string,
  ) => Promise<{ keyAttributes: KeyAttributes; updatedKeyAttr: KEKAttributes }>;

  /** `/two-factor/enable`: the TOTP secret encrypted under the recovery key. */
  encryptTwoFactorSecret: (
    secretCode: string,
  ) => Promise<{ encryptedTwoFactorSecret: string; twoFactorSecretDecryptionNonce: string }>;
  /** `/two-factor/remove`: the TOTP secret, decrypted with the recovery key the user typed. */
  decryptTwoFactorSecret: (
    encrypted: { encryptedSecret: string; secretDecryptionNonce: string },
    recoveryMnemonicOrHex: string,
  ) => Promise<string>;
  /** The recovery key of the unlocked account, as its 24 words. */
  recoveryMnemonic: () => Promise<string>;
}

/**
 * What the account worker offers the library's workers, apart from the
 * screens' API. See: [Note: Library workers get keys through a keyring, never the master key]
 */
export interface LibraryKeyringHost {
  /**
   * Serves a `LibraryKeyring` on `port` (the other end goes to a library
   * worker). Locking the account stops that worker first.
   * See: [Note: Locking the account stops the library's workers first]
   */
  exposeLibraryKeyring: (port: MessagePort) => Promise<void>;
}

interface UnlockedKeys {
  keyAttributes: KeyAttributes;
  masterKey: Uint8Array;
  keyPair: KeyPair;
  sessionCipher: SessionCipher;
  stopHeartbeat: () => void;
}

const defaultEvery = (tick: () => void, intervalMs: number) => {
  const timer = setInterval(tick, intervalMs);
  return () => {
    clearInterval(timer);
  };
};

export const createAccountWorker = ({
  sessionKeys,
  deriveNewKEK = deriveSensitiveKey,
  deriveKEK = deriveKEKFor,
  every = defaultEvery,
}: AccountWorkerDependencies): AccountWorker & LibraryKeyringHost => {
  let unlocked: UnlockedKeys | undefined;
  /** A KEK derived for a step that follows: SRP login or SRP setup. Never leaves the worker. */
  let pendingKEK: Uint8Array | undefined;
  let srpSession: SRPClientSession | undefined;

  const wipe = (bytes: Uint8Array | undefined) => bytes?.fill(0);
  const keyringPorts = new KeyringPorts();

  const forgetUnlocked = () => {
    if (unlocked === undefined) return;
    unlocked.stopHeartbeat();
    wipe(unlocked.masterKey);
    wipe(unlocked.keyPair.secretKey);
    unlocked = undefined;
  };

  const holdKeys = async (
    keyAttributes: KeyAttributes,
    masterKey: Uint8Array,
    sessionCipher?: SessionCipher,
  ): Promise<Unlocked> => {
    const keyPair = await decryptKeyPair(keyAttributes, masterKey);
    const cipher = sessionCipher ?? (await sessionKeys.seal(masterKey));
    const previous = unlocked;
    if (previous !== undefined && previous.sessionCipher !== cipher) {
      await sessionKeys.forget(previous.sessionCipher);
    }
    forgetUnlocked();
    const stopHeartbeat = every(() => {
      void sessionKeys.touch(cipher).catch(() => undefined);
    }, slotHeartbeatIntervalMs);
    unlocked = { keyAttributes, masterKey, keyPair, sessionCipher: cipher, stopHeartbeat };
    return { sessionCipher: cipher };
  };

  const sameBytes = (a: Uint8Array, b: Uint8Array) =>
    a.length === b.length && a.every((byte, index) => byte === b[index]);

  const ensureUnlocked = (): UnlockedKeys => {
    if (unlocked === undefined) throw new AccountLockedError();
    return unlocked;
  };

  const takePendingKEK = (step: string): Uint8Array => {
    if (pendingKEK === undefined) throw new AccountStepOrderError(step);
    return pendingKEK;
  };

  const ensureSRPSession = (step: string): SRPClientSession => {
    if (srpSession === undefined) throw new AccountStepOrderError(step);
    return srpSession;
  };

  const replacePendingKEK = (kek: Uint8Array | undefined) => {
    if (pendingKEK !== kek) wipe(pendingKEK);
    pendingKEK = kek;
  };

  // Stale slots of closed tabs and earlier browser sessions go when a worker starts.
  // See: [Note: The master key survives a reload, not a browser restart]
  const purged = sessionKeys.purgeStale().catch(() => 0);

  return {
    async generateAccount(password) {
      const keys = await generateAccountKeys(password, deriveNewKEK);
      replacePendingKEK(keys.kek);
      const { sessionCipher } = await holdKeys(keys.keyAttributes, keys.masterKey);
      const recoveryMnemonic = recoveryKeyToMnemonic(keys.recoveryKey);
      wipe(keys.recoveryKey);
      return { sessionCipher, keyAttributes: keys.keyAttributes, recoveryMnemonic };
    },

    async unlockWithPassword(keyAttributes, password) {
      const kek = await deriveKEK(keyAttributes, password);
      try {
        return await holdKeys(keyAttributes, await decryptMasterKeyWithKEK(keyAttributes, kek));
      } finally {
        wipe(kek);
      }
    },

    async unlockWithLoginKEK(keyAttributes) {
      const kek = takePendingKEK("unlockWithLoginKEK before beginSRPLogin");
      const masterKey = await decryptMasterKeyWithKEK(keyAttributes, kek);
      replacePendingKEK(undefined);
      return holdKeys(keyAttributes, masterKey);
    },

    async unlockWithRecoveryKey(keyAttributes, recoveryMnemonicOrHex) {
      const masterKey = await decryptMasterKeyWithRecoveryKey(keyAttributes, recoveryMnemonicOrHex);
      return holdKeys(keyAttributes, masterKey);
    },

    async restoreSession(keyAttributes, sessionCipher) {
      // Already unlocked (this page logged in, or restored before): one call, not two.
      if (unlocked !== undefined) return true;
      await purged;
      const masterKey = await sessionKeys.open(sessionCipher);
      if (masterKey === undefined) return false;
      try {
        await holdKeys(keyAttributes, masterKey, sessionCipher);
      } catch (e) {
        // Key attributes that do not belong to this master key (another
        // account logged in meanwhile): the session is unusable.
        if (e instanceof DecryptionError) {
          await sessionKeys.forget(sessionCipher);
          return false;
        }
        throw e;
      }
      // The heartbeat's refresh, not waited for: a reload's first screen waits for this answer.
      void sessionKeys.touch(sessionCipher).catch(() => undefined);
      return true;
    },

    isUnlocked() {
      return Promise.resolve(unlocked !== undefined);
    },

    async verifyPassword(password) {
      const { keyAttributes, masterKey } = ensureUnlocked();
      const kek = await deriveKEK(keyAttributes, password);
      try {
        const opened = await decryptMasterKeyWithKEK(keyAttributes, kek);
        const same = sameBytes(opened, masterKey);
        wipe(opened);
        return same;
      } catch (e) {
        if (e instanceof IncorrectPasswordError) return false;
        throw e;
      } finally {
        wipe(kek);
      }
    },

    async sessionName(tokenB64URL) {
      const digest = await crypto.subtle.digest(
        "SHA-256",
        new Uint8Array(fromB64URLSafe(tokenB64URL)),
      );
      return toB64URLSafe(new Uint8Array(digest));
    },

    async lock() {
      await keyringPorts.lockAll();
      const cipher = unlocked?.sessionCipher;
      forgetUnlocked();
      replacePendingKEK(undefined);
      srpSession = undefined;
      if (cipher !== undefined) await sessionKeys.forget(cipher);
    },

    async beginSRPLogin(attributes, password) {
      // [Note: A login derives the password key once]
      //
      // Argon2id at the account's stored limits takes seconds on purpose,
      // so a login pays for it once: the KEK derived here makes the SRP
      // proof and is kept (in this worker only) to open the master key once
      // the server has accepted the proof, after a second factor too
      // (`unlockWithLoginKEK`; parked sealed across a reload). The stored
      // limits are never lowered to make it faster.
      const kek = await deriveKEK(attributes, password);
      replacePendingKEK(kek);
      const loginSubKey = await deriveSRPLoginSubKey(kek);
      srpSession = await SRPClientSession.create(
        attributes.srpUserID,
        attributes.srpSalt,
        loginSubKey,
      );
      wipe(loginSubKey);
      return { srpA: srpSession.srpAB64 };
    },

    async parkLoginKEK() {
      return pendingKEK === undefined ? undefined : sessionKeys.seal(pendingKEK);
    },

    async resumeLoginKEK(parkedCipher) {
      await purged;
      const kek = await sessionKeys.open(parkedCipher);
      await sessionKeys.forget(parkedCipher);
      if (kek === undefined) return false;
      replacePendingKEK(kek);
      return true;
    },

    async beginSRPSetup() {
      const kek = takePendingKEK("beginSRPSetup before generateAccount or rewrapMasterKey");
      const loginSubKey = await deriveSRPLoginSubKey(kek);
      const { srpUserID, srpSaltB64, srpVerifierB64 } =
        await generateSRPSetupAttributes(loginSubKey);
      srpSession = await SRPClientSession.create(srpUserID, srpSaltB64, loginSubKey);
      wipe(loginSubKey);
      return {
        srpUserID,
        srpSalt: srpSaltB64,
        srpVerifier: srpVerifierB64,
        srpA: srpSession.srpAB64,
      };
    },

    srpProof(srpB) {
      const session = ensureSRPSession("srpProof before beginSRPLogin or beginSRPSetup");
      session.setB(srpB);
      return Promise.resolve({ srpM1: session.computeM1B64() });
    },

    verifySRPServerProof(srpM2) {
      const session = ensureSRPSession("verifySRPServerProof before srpProof");
      session.verifyM2(srpM2);
      srpSession = undefined;
      return Promise.resolve();
    },

    async openSealedToken(encryptedToken) {
      const { keyPair } = ensureUnlocked();
      const tokenBytes = await boxSealOpen(
        fromB64(encryptedToken),
        keyPair.publicKey,
        keyPair.secretKey,
      );
      return toB64URLSafe(tokenBytes);
    },

    async openDeleteChallenge(encryptedChallenge) {
      const { keyPair } = ensureUnlocked();
      const challenge = await boxSealOpen(
        fromB64(encryptedChallenge),
        keyPair.publicKey,
        keyPair.secretKey,
      );
      return bytesToUTF8(challenge);
    },

    async rewrapMasterKey(newPassword) {
      const current = ensureUnlocked();
      const derived = await deriveNewKEK(newPassword);
      const updatedKeyAttr = await wrapMasterKeyUnderKEK(current.masterKey, derived);
      replacePendingKEK(derived.key);
      const keyAttributes = { ...current.keyAttributes, ...updatedKeyAttr };
      current.keyAttributes = keyAttributes;
      return { keyAttributes, updatedKeyAttr };
    },

    async encryptTwoFactorSecret(secretCode) {
      const { keyAttributes, masterKey } = ensureUnlocked();
      const recoveryKey = await decryptRecoveryKey(keyAttributes, masterKey);
      if (recoveryKey === undefined) throw new IncorrectRecoveryKeyError();
      const { encryptedData, nonce } = await encryptBox(utf8ToBytes(secretCode), recoveryKey);
      wipe(recoveryKey);
      return {
        encryptedTwoFactorSecret: toB64(encryptedData),
        twoFactorSecretDecryptionNonce: toB64(nonce),
      };
    },

    async decryptTwoFactorSecret(
      { encryptedSecret, secretDecryptionNonce },
      recoveryMnemonicOrHex,
    ) {
      const recoveryKey = recoveryKeyFromMnemonicOrHex(recoveryMnemonicOrHex);
      try {
        const secret = await decryptBox(
          { encryptedData: fromB64(encryptedSecret), nonce: fromB64(secretDecryptionNonce) },
          recoveryKey,
        );
        return bytesToUTF8(secret);
      } catch (e) {
        if (e instanceof DecryptionError) throw new IncorrectRecoveryKeyError({ cause: e });
        throw e;
      } finally {
        wipe(recoveryKey);
      }
    },

    exposeLibraryKeyring(port) {
      keyringPorts.expose(
        createLibraryKeyring(() => {
          const { masterKey, keyPair } = ensureUnlocked();
          return { masterKey, keyPair };
        }),
        port,
      );
      return Promise.resolve();
    },

    async recoveryMnemonic() {
      const { keyAttributes, masterKey } = ensureUnlocked();
      const recoveryKey = await decryptRecoveryKey(keyAttributes, masterKey);
      if (recoveryKey === undefined) throw new IncorrectRecoveryKeyError();
      try {
        return recoveryKeyToMnemonic(recoveryKey);
      } finally {
        wipe(recoveryKey);
      }
    },
  };
};
