// Finishing a login once the server has answered: which step comes next,
// and, when the keys can be unlocked, opening the sealed token that logs the
// user in. Shared by the email-code, SRP, two-factor and passkey paths.

import type {
  EmailAuthorizationResponse,
  TwoFactorAuthorizationResponse,
} from "../../../shared/api/endpoints/account-schemas";
import { UnexpectedResponseError } from "../../../shared/model/errors";
import { AccountStepOrderError } from "../../../shared/model/accounts/account-errors";
import type { AccountWorker } from "../../../workers/account/account-worker";
import type { KeyAttributes } from "../../../workers/account/key-attributes";
import type { AccountLocalState } from "./account-local-state";
import type { LoginStep } from "./account-service";
import { loginBranchOf } from "./login-branch";

type Unlock = (keyAttributes: KeyAttributes) => Promise<{ sessionCipher: string } | undefined>;

export interface LoginCompletion {
  /** Keeps the session cipher of an unlock in sessionStorage. */
  holdSession: (sessionCipher: string) => void;
  /** With the worker unlocked: open the sealed token and store it, which logs the user in. */
  openAndStoreToken: (encryptedToken: string) => Promise<LoginStep>;
  /** Unlocks with the KEK of this login; undefined when there is none. */
  unlockWithLoginKEK: Unlock;
  /** The step after a verified email code or SRP proof. */
  afterFirstFactor: (email: string, response: EmailAuthorizationResponse) => Promise<LoginStep>;
  /** The step after a passed second factor; `unlock` defaults to the login's KEK. */
  afterSecondFactor: (
    response: TwoFactorAuthorizationResponse,
    unlock?: Unlock,
  ) => Promise<LoginStep>;
}

export const createLoginCompletion = (
  worker: AccountWorker,
  state: AccountLocalState,
): LoginCompletion => {
  const holdSession = (sessionCipher: string) => {
    state.setSessionCipher(sessionCipher);
  };

  /** With the worker unlocked: open the sealed token and store it, which logs the user in. */
  const openAndStoreToken = async (encryptedToken: string): Promise<LoginStep> => {
    const token = await worker.openSealedToken(encryptedToken);
    const { id, email } = state.ensureUser();
    state.setUser({ id, email, token });
    return { kind: "logged-in" };
  };

  /**
   * The account has keys and the server sent the token sealed. If the worker
   * derived the KEK in this login (SRP), or `unlock` can unlock otherwise,
   * the token is opened at once; if not, it waits sealed for `/credentials`.
   */
  const completeSealedLogin = async (
    keyAttributes: KeyAttributes,
    encryptedToken: string,
    unlock: () => Promise<{ sessionCipher: string } | undefined>,
  ): Promise<LoginStep> => {
    const { id, email } = state.ensureUser();
    state.setKeyAttributes(keyAttributes);
    state.setUser({ id, email, encryptedToken });
    const unlocked = await unlock();
    if (unlocked === undefined) return { kind: "needs-password" };
    holdSession(unlocked.sessionCipher);
    return openAndStoreToken(encryptedToken);
  };

  /** The KEK of this login: in the worker, or parked while a second factor was verified elsewhere. */
  const unlockWithLoginKEK = async (keyAttributes: KeyAttributes) => {
    const parked = state.takeParkedLoginKEK();
    if (parked !== undefined) await worker.resumeLoginKEK(parked);
    try {
      return await worker.unlockWithLoginKEK(keyAttributes);
    } catch (e) {
      // No KEK from this login (an email-code login, or the tab was reloaded).
      if (e instanceof AccountStepOrderError) return undefined;
      throw e;
    }
  };

  const afterSecondFactor = (
    response: TwoFactorAuthorizationResponse,
    unlock: (
      keyAttributes: KeyAttributes,
    ) => Promise<{ sessionCipher: string } | undefined> = unlockWithLoginKEK,
  ): Promise<LoginStep> => {
    const { email } = state.ensureUser();
    state.setUser({ id: response.id, email });
    return completeSealedLogin(response.keyAttributes, response.encryptedToken, () =>
      unlock(response.keyAttributes),
    );
  };

  /** The step after a verified email code or SRP proof. */
  const afterFirstFactor = async (
    email: string,
    response: EmailAuthorizationResponse,
  ): Promise<LoginStep> => {
    state.setUser({ id: response.id, email });
    const branch = loginBranchOf(response);
    switch (branch.kind) {
      case "passkey":
      case "two-factor": {
        // The passkey is verified in the accounts app, which this page may
        // leave for: park the login's KEK so the password is asked only once.
        const parked = await worker.parkLoginKEK();
        if (parked !== undefined) state.setParkedLoginKEK(parked);
        return branch;
      }
      case "sealed-token":
        return completeSealedLogin(branch.keyAttributes, branch.encryptedToken, () =>
          unlockWithLoginKEK(branch.keyAttributes),
        );
      case "plain-token":
        state.setUser({ id: response.id, email, token: branch.token });
        return { kind: "needs-keys" };
      case "unexpected":
        throw new UnexpectedResponseError({
          status: 200,
          issues: "the login answer carries neither a token nor a second factor",
        });
    }
  };

  return {
    holdSession,
    openAndStoreToken,
    unlockWithLoginKEK,
    afterFirstFactor,
    afterSecondFactor,
  };
};
