import type { CairnConfig } from "../config/config";

/**
 * The WebAuthn relying party: the configured ID and origins, or by default
 * the accounts app's host name and origin (wire-contract §2.4, where the
 * passkey ceremonies run).
 */
export const webAuthnRelyingParty = (
  config: Pick<CairnConfig, "webAuthnRPID" | "webAuthnOrigins">,
  accountsURL: string,
): { rpID: string; origins: string[] } => {
  const url = new URL(accountsURL);
  return {
    rpID: config.webAuthnRPID ?? url.hostname,
    origins: config.webAuthnOrigins.length > 0 ? config.webAuthnOrigins : [url.origin],
  };
};
