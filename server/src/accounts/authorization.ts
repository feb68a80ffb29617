import type { FastifyRequest } from "fastify";
import type {
  EmailAuthorizationResponse,
  TwoFactorAuthorizationResponse,
} from "../../../shared/api/endpoints/account-schemas";
import type { ClientApp } from "../../../shared/api/headers";
import { microsecondsPerMinute } from "../time";
import type { AccountsContext } from "./context";
import { newSessionID } from "./server-crypto";
import { insertPasskeyLoginSession, passkeyCountOf } from "./passkey-repository";
import { issueToken, sealToken } from "./tokens";
import { insertTwoFactorSession } from "./two-factor-repository";
import type { UserRow } from "./user-repository";
import { keyAttributesOf } from "./users";

// What a login answers once the first factor (email code or SRP) passed:
// the branches of wire-contract §2.1 `EmailAuthorizationResponse`.

/** 2FA sessions are valid 10 minutes (wire-contract §2.1). */
export const twoFactorSessionValidityUs = 10 * microsecondsPerMinute;
/** Passkey login sessions: long enough for the round trip to the accounts app. */
export const passkeySessionValidityUs = 10 * microsecondsPerMinute;

const createTwoFactorSession = async (context: AccountsContext, userID: number) => {
  const sessionID = newSessionID();
  const now = context.nowUs();
  await insertTwoFactorSession(context.db, {
    session_id: sessionID,
    user_id: userID,
    creation_time_us: now,
    expiration_time_us: now + twoFactorSessionValidityUs,
    wrong_attempt: 0,
  });
  return sessionID;
};

const createPasskeySession = async (context: AccountsContext, userID: number, app: ClientApp) => {
  const sessionID = newSessionID();
  const now = context.nowUs();
  await insertPasskeyLoginSession(context.db, {
    session_id: sessionID,
    user_id: userID,
    app,
    creation_time_us: now,
    expiration_time_us: now + passkeySessionValidityUs,
    verified_at_us: null,
    token_fetch_count: 0,
    token_data: null,
  });
  return sessionID;
};

/**
 * A new session's token for a user that has key attributes, sealed to the
 * public key (the answer of every completed second factor).
 */
export const tokenAnswerFor = async (
  context: AccountsContext,
  userID: number,
  app: ClientApp,
  request: FastifyRequest,
): Promise<TwoFactorAuthorizationResponse | undefined> => {
  const keyAttributes = await keyAttributesOf(context.db, userID);
  if (keyAttributes === undefined) return undefined;
  const token = await issueToken(context, userID, app, request);
  return {
    id: userID,
    keyAttributes,
    encryptedToken: await sealToken(token, keyAttributes.publicKey),
  };
};

/** The login answer after the first factor. */
export const authorizationFor = async (
  context: AccountsContext,
  user: UserRow,
  app: ClientApp,
  request: FastifyRequest,
): Promise<EmailAuthorizationResponse> => {
  const answer: EmailAuthorizationResponse = {
    id: user.user_id,
    passkeySessionID: "",
    accountsUrl: "",
    twoFactorSessionID: "",
    twoFactorSessionIDV2: "",
  };
  const hasTOTP = user.is_two_factor_enabled === 1;
  const hasPasskeys = (await passkeyCountOf(context.db, user.user_id)) > 0;
  if (hasPasskeys) {
    answer.passkeySessionID = await createPasskeySession(context, user.user_id, app);
    answer.accountsUrl = context.accountsURL();
    if (hasTOTP) answer.twoFactorSessionIDV2 = await createTwoFactorSession(context, user.user_id);
    return answer;
  }
  if (hasTOTP) {
    answer.twoFactorSessionID = await createTwoFactorSession(context, user.user_id);
    return answer;
  }
  const withToken = await tokenAnswerFor(context, user.user_id, app, request);
  if (withToken !== undefined) {
    return {
      ...answer,
      keyAttributes: withToken.keyAttributes,
      encryptedToken: withToken.encryptedToken,
    };
  }
  const token = await issueToken(context, user.user_id, app, request);
  return { ...answer, token: token.tokenB64URL };
};
