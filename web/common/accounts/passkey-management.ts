// Passkey management in the accounts app (wire-contract §2.4), with an
// ACCOUNTS JWT: handed over by the photos app, or fetched with the session
// token when the accounts app has a login of its own.

import type { ApiClient } from "../../../shared/api/client";
import {
  beginPasskeyRegistration,
  deletePasskey,
  finishPasskeyRegistration,
  listPasskeys,
  renamePasskey,
} from "../../../shared/api/endpoints/passkeys";
import { registrationCredentialSchema } from "../../../shared/api/endpoints/account-schemas";
import { getAccountsToken } from "../../../shared/api/endpoints/users";
import { BadRequestError } from "../../../shared/model/errors";
import type { AccountService } from "./account-service";

export interface PasskeyManagementDependencies {
  api: ApiClient;
  getAccountsToken: () => string | undefined;
  setAccountsToken: (token: string) => void;
}

type PasskeyManagement = Pick<
  AccountService,
  | "fetchAccountsToken"
  | "useAccountsToken"
  | "listPasskeys"
  | "beginPasskeyRegistration"
  | "finishPasskeyRegistration"
  | "renamePasskey"
  | "deletePasskey"
>;

export const createPasskeyManagement = ({
  api,
  getAccountsToken: heldToken,
  setAccountsToken,
}: PasskeyManagementDependencies): PasskeyManagement => {
  const fetchAccountsToken = () => api.call(getAccountsToken);

  /** An ACCOUNTS JWT for the calls below: the one handed over, else a fresh one. */
  const ensureAccountsToken = async () => {
    if (heldToken() !== undefined) return;
    setAccountsToken((await fetchAccountsToken()).accountsToken);
  };

  return {
    fetchAccountsToken,
    useAccountsToken: setAccountsToken,

    async listPasskeys() {
      await ensureAccountsToken();
      const { passkeys } = await api.call(listPasskeys);
      return passkeys.map(({ id, friendlyName, createdAt }) => ({
        id,
        friendlyName,
        createdAtUs: createdAt,
      }));
    },

    async beginPasskeyRegistration() {
      await ensureAccountsToken();
      const { sessionID, options } = await api.call(beginPasskeyRegistration);
      return { sessionID, optionsJSON: options.publicKey };
    },

    async finishPasskeyRegistration(start, friendlyName, credential) {
      const parsed = registrationCredentialSchema.safeParse(credential);
      if (!parsed.success) throw new BadRequestError({ status: 400, cause: parsed.error });
      await ensureAccountsToken();
      await api.call(finishPasskeyRegistration, {
        query: { friendlyName, sessionID: start.sessionID },
        body: parsed.data,
      });
    },

    async renamePasskey(id, friendlyName) {
      await ensureAccountsToken();
      await api.call(renamePasskey, { params: { id }, query: { friendlyName } });
    },

    async deletePasskey(id) {
      await ensureAccountsToken();
      await api.call(deletePasskey, { params: { id } });
    },
  };
};
