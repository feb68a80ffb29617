import type { accountEndpoints } from "../../../shared/api/endpoints/accounts";
import { noSessions, type AuthResolvers } from "../http/auth";
import type { HandlerMap } from "../http/register-endpoints";
import { createBillingHandlers } from "./billing-handlers";
import { createStorageBonusHandlers } from "./storage-bonus-handlers";
import type { AccountsContext } from "./context";
import { createDeletionHandlers } from "./deletion-handlers";
import { AccountLimits } from "./limits";
import { createOttHandlers } from "./ott-handlers";
import { createPasskeyHandlers } from "./passkey-handlers";
import { createRemoteStoreHandlers } from "./remote-store-handlers";
import { scopedTokenHolderOf } from "./scoped-token-holder";
import type { AccountsServices } from "./services";
import { createSRPHandlers } from "./srp-handlers";
import { TokenService } from "./tokens";
import { createTwoFactorHandlers } from "./two-factor-handlers";
import { createUserHandlers } from "./user-handlers";
import { createUserEntityHandlers } from "../user-entities/user-entity-handlers";
import { createAuthenticatorHandlers } from "../authenticator/authenticator-handlers";

export interface Accounts {
  handlers: HandlerMap<typeof accountEndpoints>;
  /** Sessions from tokens and ACCOUNTS JWTs; public links belong to sharing. */
  resolvers: AuthResolvers;
  services: AccountsServices;
}

/** The account endpoints' handlers and the auth resolvers, over one context. */
export const createAccounts = (
  context: AccountsContext,
  { rateLimitScale, nowMs = Date.now }: { rateLimitScale: number; nowMs?: () => number },
): Accounts => {
  const services: AccountsServices = {
    context,
    tokens: new TokenService(context, nowMs),
    limits: new AccountLimits(rateLimitScale, nowMs),
  };
  return {
    services,
    handlers: {
      ...createOttHandlers(services),
      ...createUserHandlers(services),
      ...createDeletionHandlers(services),
      ...createSRPHandlers(services),
      ...createTwoFactorHandlers(services),
      ...createPasskeyHandlers(services),
      ...createRemoteStoreHandlers(services),
      ...createBillingHandlers(services),
      ...createStorageBonusHandlers(services),
      ...createUserEntityHandlers(services),
      ...createAuthenticatorHandlers(services),
    },
    resolvers: {
      ...noSessions,
      user: (token, { app, request }) => services.tokens.resolve(token, app, request),
      // See: [Note: A scoped token dies with its account]
      accountsToken: (jwt) => scopedTokenHolderOf(context, jwt, "ACCOUNTS"),
    },
  };
};
