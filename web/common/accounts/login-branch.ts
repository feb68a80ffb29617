// Which way a login goes after the server verified an email code or an SRP
// proof (wire-contract §2.1 `EmailAuthorizationResponse`). Pure.

import type { EmailAuthorizationResponse } from "../../../shared/api/endpoints/account-schemas";
import type { KeyAttributes } from "../../../workers/account/key-attributes";

export type LoginBranch =
  /** Passkeys (and maybe TOTP too): the accounts app verifies the passkey. */
  | { kind: "passkey"; sessionID: string; accountsUrl: string; twoFactorSessionID?: string }
  /** TOTP only. */
  | { kind: "two-factor"; sessionID: string }
  /** No second factor, keys set: the token arrives sealed to the account's public key. */
  | { kind: "sealed-token"; keyAttributes: KeyAttributes; encryptedToken: string }
  /** A fresh account without keys: the token arrives in the clear. */
  | { kind: "plain-token"; token: string }
  /** None of the above: the server's answer is not one the contract allows. */
  | { kind: "unexpected" };

/** The branch of `response`, in the wire contract's order of precedence. */
export const loginBranchOf = (response: EmailAuthorizationResponse): LoginBranch => {
  const { passkeySessionID, accountsUrl, twoFactorSessionID, twoFactorSessionIDV2 } = response;
  if (passkeySessionID !== "") {
    return {
      kind: "passkey",
      sessionID: passkeySessionID,
      accountsUrl,
      ...(twoFactorSessionIDV2 === "" ? {} : { twoFactorSessionID: twoFactorSessionIDV2 }),
    };
  }
  if (twoFactorSessionID !== "") return { kind: "two-factor", sessionID: twoFactorSessionID };
  if (response.keyAttributes !== undefined && response.encryptedToken !== undefined) {
    return {
      kind: "sealed-token",
      keyAttributes: response.keyAttributes,
      encryptedToken: response.encryptedToken,
    };
  }
  if (response.token !== undefined && response.token !== "") {
    return { kind: "plain-token", token: response.token };
  }
  return { kind: "unexpected" };
};
