// The account service: the flows of spec §2/§4/§7 over the API client
// (shared/api) and the tab's account worker (workers/account), which holds
// the keys. This thread never sees a key: it passes wrapped values, SRP
// numbers and opaque session ciphers between the server and the worker.
// See: [Note: The master key survives a reload, not a browser restart]

import { createApiClient, type ApiClient, type FetchFunction } from "../../../shared/api/client";
import type { EmailAuthorizationResponse } from "../../../shared/api/endpoints/account-schemas";
import { enableTwoFactor as enableTwoFactorEndpoint } from "../../../shared/api/endpoints/two-factor";
import { clientPackages } from "../../../shared/api/headers";
import * as srp from "../../../shared/api/endpoints/srp";
import * as twoFactor from "../../../shared/api/endpoints/two-factor";
import * as users from "../../../shared/api/endpoints/users";
import { getPasskeyLoginToken } from "../../../shared/api/endpoints/passkeys";
import {
  BadRequestError,
  CairnError,
  TokenExpiredError,
  UnexpectedResponseError,
} from "../../../shared/model/errors";
import {
  AccountStepOrderError,
  IncorrectPasswordError,
} from "../../../shared/model/accounts/account-errors";
import type { AccountWorker } from "../../../workers/account/account-worker";
import type { LocalStore } from "../storage/typed-storage";
import type { AccountService, LoginMethod } from "./account-service";
import { createAccountLocalState } from "./account-local-state";
import { createAccountSessions } from "./account-sessions";
import { createAccountSettings } from "./account-settings";
import { createLoginCompletion } from "./login-completion";
import { abortableSleep, type AccountTimers } from "./timers";
import { createLogout, type LogoutDependencies } from "./logout";
import { createPasskeyManagement } from "./passkey-management";

export type { AccountTimers } from "./timers";

export interface AccountServiceDependencies extends Omit<LogoutDependencies, "api" | "worker"> {
  /** The API origin (a function when the user may point the app at another server). */
  apiOrigin: string | (() => string);
  /** The app's `X-Client-Package` (`clientPackages`). */
  clientPackage: string;
  fetch: FetchFunction;
  /** The tab's account worker (errors revived, see `withRevivedAccountErrors`). */
  worker: AccountWorker;
  localStore: LocalStore;
  timers: AccountTimers;
}

/**
 * How long the photos app waits between two polls of the passkey token. Two
 * seconds: a person takes several seconds to verify with a passkey, and the
 * server ends the session 2 min after verification (wire-contract §2.4), so
 * this answers within a blink of the verification at a negligible load.
 */
export const passkeyPollIntervalMs = 2000;

const isUnauthorized = (e: unknown) => e instanceof TokenExpiredError && e.status === 401;

export const createAccountService = (deps: AccountServiceDependencies): AccountService => {
  const { worker, localStore, timers } = deps;
  const state = createAccountLocalState(localStore, deps.sessionStorage);
  let accountsToken: string | undefined;

  const api: ApiClient = createApiClient({
    apiOrigin: deps.apiOrigin,
    clientPackage: deps.clientPackage,
    fetch: deps.fetch,
    getAuthToken: () => state.user()?.token,
    getAccountsToken: () => accountsToken,
  });

  // Held between `loginMethodFor` and `loginWithPassword`, in memory only.
  let srpAttributesByEmail = new Map<string, Awaited<ReturnType<typeof fetchSRPAttributes>>>();
  // The TOTP secret between `setUpTwoFactor` and `enableTwoFactor`.
  let pendingTwoFactorSecret: string | undefined;

  const fetchSRPAttributes = async (email: string) =>
    (await api.call(srp.getSRPAttributes, { query: { email } })).attributes;

  const login = createLoginCompletion(worker, state);
  const {
    afterFirstFactor,
    afterSecondFactor,
    openAndStoreToken,
    unlockWithLoginKEK,
    holdSession,
  } = login;
  const sleep = abortableSleep(timers);

  const verifyEmailCall = (email: string, code: string) => {
    const referral = localStore.get("referralSource");
    return api.call(users.verifyEmail, {
      body: { email, ott: code, ...(referral === undefined ? {} : { source: `web:${referral}` }) },
    });
  };

  /** Runs an SRP setup exchange for the KEK the worker just made; gives the setupID and M1. */
  const srpSetupExchange = async () => {
    const start = await worker.beginSRPSetup();
    const { setupID, srpB } = await api.call(srp.setupSRP, { body: start });
    const { srpM1 } = await worker.srpProof(srpB);
    return { setupID, srpM1 };
  };

  const settings = createAccountSettings({ api, worker, localStore, timers, log: deps.log });
  const passkeys = createPasskeyManagement({
    api,
    getAccountsToken: () => accountsToken,
    setAccountsToken: (token) => {
      accountsToken = token;
    },
  });
  const logout = createLogout(
    { ...deps, api, worker },
    {
      clearMemory: () => {
        srpAttributesByEmail = new Map();
        pendingTwoFactorSecret = undefined;
      },
      clearHttpAuth: () => {
        accountsToken = undefined;
      },
      cancelFeatureFlags: () => {
        settings.cancelScheduledPulls();
      },
    },
  );

  const sessions = createAccountSessions({ api, worker, token: () => state.user()?.token });

  const { cancelScheduledPulls: _cancel, ...settingsAPI } = settings;
  return {
    ...settingsAPI,
    ...passkeys,
    ...sessions,
    logout,

    async sendEmailCode(email, purpose) {
      const client = deps.clientPackage === clientPackages.authWeb ? "totp" : "web";
      await api.call(users.sendOtt, { body: { email, purpose, client } });
    },

    async verifyEmailCode(email, code) {
      return afterFirstFactor(email, await verifyEmailCall(email, code));
    },

    async generateAccount(password) {
      const { keyAttributes, recoveryMnemonic, sessionCipher } =
        await worker.generateAccount(password);
      // Kept until the server confirms it has them. See `checkSessionValidity`.
      localStore.set("originalKeyAttributes", { ...keyAttributes });
      await api.call(users.setKeyAttributes, { body: { keyAttributes } });
      state.setKeyAttributes(keyAttributes);
      holdSession(sessionCipher);
      const { setupID, srpM1 } = await srpSetupExchange();
      const { srpM2 } = await api.call(srp.completeSRPSetup, { body: { setupID, srpM1 } });
      await worker.verifySRPServerProof(srpM2);
      localStore.set("isFirstLogin", true);
      localStore.set("justSignedUp", true);
      return { recoveryMnemonic };
    },

    async loginMethodFor(email): Promise<LoginMethod> {
      try {
        const attributes = await fetchSRPAttributes(email);
        srpAttributesByEmail.set(email, attributes);
        return attributes.isEmailMFAEnabled ? "email-code" : "srp";
      } catch (e) {
        // No SRP yet for this address: the email-code path (wire-contract §2.2).
        if (e instanceof CairnError && e.key === "notFound") return "email-code";
        throw e;
      }
    },

    async loginWithPassword(email, password, onProgress) {
      const attributes = srpAttributesByEmail.get(email) ?? (await fetchSRPAttributes(email));
      srpAttributesByEmail.delete(email);
      onProgress?.("unlocking-keys");
      const { srpA } = await worker.beginSRPLogin(attributes, password);
      onProgress?.("checking-password");
      const { sessionID, srpB } = await api.call(srp.createSRPSession, {
        body: { srpUserID: attributes.srpUserID, srpA },
      });
      const { srpM1 } = await worker.srpProof(srpB);
      let response: EmailAuthorizationResponse;
      try {
        response = await api.call(srp.verifySRPSession, {
          body: { sessionID, srpUserID: attributes.srpUserID, srpM1 },
        });
      } catch (e) {
        // wire-contract §2.2: a wrong password is a 401 on verify-session.
        if (isUnauthorized(e)) throw new IncorrectPasswordError({ cause: e });
        throw e;
      }
      // Trust nothing of the answer before the server proved it knows the verifier.
      if (response.srpM2 === undefined) {
        throw new UnexpectedResponseError({ status: 200, issues: "srpM2: missing" });
      }
      await worker.verifySRPServerProof(response.srpM2);
      return afterFirstFactor(email, response);
    },

    async unlockWithPassword(password, onProgress) {
      const keyAttributes = state.ensureKeyAttributes();
      const user = state.ensureUser();
      onProgress?.("unlocking-keys");
      const { sessionCipher } = await worker.unlockWithPassword(keyAttributes, password);
      holdSession(sessionCipher);
      if (user.token !== undefined) return { kind: "logged-in" };
      if (user.encryptedToken !== undefined) return openAndStoreToken(user.encryptedToken);
      throw new CairnError("tokenMissing");
    },

    async verifyTwoFactor(sessionID, code) {
      return afterSecondFactor(
        await api.call(twoFactor.verifyTwoFactor, { body: { sessionID, code } }),
      );
    },

    async removeTwoFactorWithRecoveryKey(sessionID, recoveryMnemonicOrHex, twoFactorType) {
      const encrypted = await api.call(twoFactor.recoverTwoFactor, {
        query: { sessionID, twoFactorType },
      });
      const secret = await worker.decryptTwoFactorSecret(encrypted, recoveryMnemonicOrHex);
      const response = await api.call(twoFactor.removeTwoFactor, {
        body: { sessionID, secret, twoFactorType },
      });
      // The recovery key that proved the second factor also unlocks the keys.
      return afterSecondFactor(
        response,
        async (keyAttributes) =>
          (await unlockWithLoginKEK(keyAttributes)) ??
          worker.unlockWithRecoveryKey(keyAttributes, recoveryMnemonicOrHex),
      );
    },

    async waitForPasskeyLogin(sessionID, signal) {
      for (;;) {
        try {
          return await afterSecondFactor(
            await api.call(getPasskeyLoginToken, { query: { sessionID }, signal }),
          );
        } catch (e) {
          // 400 SESSION_NOT_VERIFIED: the passkey is not verified yet.
          if (!(e instanceof BadRequestError)) throw e;
        }
        await sleep(passkeyPollIntervalMs, signal);
      }
    },

    async twoFactorStatus() {
      return (await api.call(twoFactor.getTwoFactorStatus)).status;
    },

    async setUpTwoFactor() {
      const { secretCode, qrCode } = await api.call(twoFactor.setupTwoFactor);
      pendingTwoFactorSecret = secretCode;
      return { secretCode, qrCodeDataURL: `data:image/png;base64,${qrCode}` };
    },

    async enableTwoFactor(code) {
      if (pendingTwoFactorSecret === undefined) {
        throw new AccountStepOrderError("enableTwoFactor before setUpTwoFactor");
      }
      const encrypted = await worker.encryptTwoFactorSecret(pendingTwoFactorSecret);
      await api.call(enableTwoFactorEndpoint, { body: { code, ...encrypted } });
      pendingTwoFactorSecret = undefined;
    },

    async disableTwoFactor() {
      await api.call(twoFactor.disableTwoFactor);
    },

    async recoverWithRecoveryKey(recoveryMnemonicOrHex) {
      const keyAttributes = state.ensureKeyAttributes();
      const user = state.ensureUser();
      const { sessionCipher } = await worker.unlockWithRecoveryKey(
        keyAttributes,
        recoveryMnemonicOrHex,
      );
      holdSession(sessionCipher);
      if (user.token === undefined && user.encryptedToken !== undefined) {
        await openAndStoreToken(user.encryptedToken);
      }
    },

    async changePassword(newPassword) {
      const { keyAttributes, updatedKeyAttr } = await worker.rewrapMasterKey(newPassword);
      const { setupID, srpM1 } = await srpSetupExchange();
      const { srpM2 } = await api.call(srp.updateSRPAndKeys, {
        body: { setupID, srpM1, updatedKeyAttr },
      });
      await worker.verifySRPServerProof(srpM2);
      state.setKeyAttributes(keyAttributes);
    },

    async changeEmail(newEmail, code) {
      await api.call(users.changeEmail, { body: { email: newEmail, ott: code } });
      const user = state.ensureUser();
      state.setUser({ ...user, email: newEmail });
    },

    async checkSessionValidity() {
      let validity;
      try {
        validity = await api.call(users.getSessionValidity);
      } catch (e) {
        // Spec §4, §8: only a 401 invalidates the session.
        return isUnauthorized(e) || (e instanceof CairnError && e.key === "tokenMissing")
          ? "invalid"
          : "valid";
      }
      if (validity.hasSetKeys) {
        state.setKeyAttributes(validity.keyAttributes);
        localStore.remove("originalKeyAttributes");
      } else {
        // Sign-up stopped before the server stored the keys: push them now.
        const original = localStore.get("originalKeyAttributes");
        if (original !== undefined) {
          try {
            await api.call(users.setKeyAttributes, { body: { keyAttributes: original } });
          } catch (e) {
            deps.log.warn("Could not push the original key attributes", e);
          }
        }
      }
      return "valid";
    },

    async deleteAccount({ category, feedback }) {
      const { allowDelete, encryptedChallenge } = await api.call(users.getDeleteChallenge);
      if (!allowDelete || encryptedChallenge === undefined) {
        throw new AccountStepOrderError("deleteAccount while the server does not allow it");
      }
      const challenge = await worker.openDeleteChallenge(encryptedChallenge);
      await api.call(users.deleteAccount, {
        body: { challenge, reasonCategory: category, reason: category, feedback },
      });
      await logout();
    },

    async resumeSession() {
      const user = state.user();
      if (user === undefined || (user.token === undefined && user.encryptedToken === undefined)) {
        return { kind: "logged-out" };
      }
      const keyAttributes = state.keyAttributes();
      if (keyAttributes === undefined) {
        return user.token === undefined ? { kind: "logged-out" } : { kind: "needs-keys" };
      }
      const cipher = state.sessionCipher();
      const unlocked =
        cipher === undefined
          ? await worker.isUnlocked()
          : await worker.restoreSession(keyAttributes, cipher);
      if (!unlocked) return { kind: "needs-password" };
      if (user.token === undefined && user.encryptedToken !== undefined) {
        return openAndStoreToken(user.encryptedToken);
      }
      return { kind: "logged-in" };
    },
  };
};
