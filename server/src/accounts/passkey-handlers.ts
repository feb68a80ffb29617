import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import {
  twoFactorAuthorizationResponseSchema,
  type TwoFactorAuthorizationResponse,
} from "../../../shared/api/endpoints/account-schemas";
import type { passkeyEndpoints } from "../../../shared/api/endpoints/passkeys";
import type { HandlerMap } from "../http/register-endpoints";
import { tokenAnswerFor } from "./authorization";
import { apiError, notFound, unauthorized } from "../http/api-errors";
import { microsecondsPerMinute } from "../time";
import type { AccountsContext } from "./context";
import { newUUID } from "./server-crypto";
import { storedApp } from "../db/column-values";
import {
  countPasskeyTokenFetch,
  deleteExpiredWebAuthnCeremonies,
  deletePasskeyCredentialsOf,
  deletePasskeyOf,
  deleteWebAuthnCeremony,
  insertPasskey,
  insertPasskeyCredential,
  insertWebAuthnCeremony,
  markPasskeyLoginVerified,
  passkeyCountOf,
  passkeyCredentialRowsOf,
  passkeyIDOfCredential,
  passkeyLoginSessionByID,
  passkeysOf,
  renamePasskey,
  setPasskeySignCount,
  webAuthnCeremonyOf,
} from "./passkey-repository";
import type { AccountsServices } from "./services";
import { findUserByID } from "./user-repository";
import { emailOf } from "./users";

// Passkeys (wire-contract §2.4): WebAuthn with @simplewebauthn/server. The
// relying party is the accounts app (its host name and origin, or what the
// configuration says).

/** At most 10 passkeys per user (wire-contract §2.4). */
export const maxPasskeysPerUser = 10;
/** A WebAuthn ceremony must finish within 5 minutes (the browser's own timeout is 60 s). */
const ceremonyValidityUs = 5 * microsecondsPerMinute;
/** The token of a verified passkey login may be fetched within 2 minutes, twice (wire-contract §2.4). */
const tokenFetchWindowUs = 2 * microsecondsPerMinute;
const maxTokenFetches = 2;

const invalidSession = () =>
  apiError(410, "INVALID_SESSION", "The passkey session is no longer valid; log in again");

const transportsSchema = z.array(z.string());

const credentialsOf = async (context: AccountsContext, userID: number) => {
  const rows = await passkeyCredentialRowsOf(context.db, userID);
  return rows.map((row) => ({
    ...row,
    transports: transportsSchema.parse(JSON.parse(row.transports)),
  }));
};

const takeCeremony = async (
  context: AccountsContext,
  id: string,
  kind: "registration" | "login",
  userID?: number,
) => {
  const ceremony = await webAuthnCeremonyOf(context.db, id, kind);
  if (ceremony === undefined || (userID !== undefined && ceremony.user_id !== userID)) {
    throw notFound("No such WebAuthn ceremony");
  }
  await deleteWebAuthnCeremony(context.db, id);
  if (ceremony.expires_at_us <= context.nowUs()) {
    throw apiError(410, "GONE", "The WebAuthn ceremony expired; start again");
  }
  return ceremony;
};

const storeCeremony = async (
  context: AccountsContext,
  userID: number,
  kind: "registration" | "login",
  challenge: string,
  passkeySessionID: string | null,
) => {
  const id = newUUID();
  const now = context.nowUs();
  await deleteExpiredWebAuthnCeremonies(context.db, now);
  await insertWebAuthnCeremony(context.db, {
    id,
    user_id: userID,
    kind,
    challenge,
    passkey_session_id: passkeySessionID,
    expires_at_us: now + ceremonyValidityUs,
  });
  return id;
};

const maxPasskeysReached = () =>
  apiError(409, "MAX_PASSKEYS_REACHED", `At most ${String(maxPasskeysPerUser)} passkeys`);

export const createPasskeyHandlers = ({
  context,
}: AccountsServices): HandlerMap<typeof passkeyEndpoints> => {
  const loginSession = async (sessionID: string) => {
    const session = await passkeyLoginSessionByID(context.db, sessionID);
    if (session === undefined) throw notFound("No such passkey session");
    return session;
  };

  return {
    beginPasskeyLogin: async ({ body }) => {
      const session = await loginSession(body.sessionID);
      if (session.verified_at_us !== null) {
        throw apiError(409, "SESSION_ALREADY_CLAIMED", "This passkey session was already used");
      }
      if (session.expiration_time_us <= context.nowUs()) throw invalidSession();
      const { rpID } = context.webAuthn();
      const credentials = await credentialsOf(context, session.user_id);
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: credentials.map((credential) => ({
          id: credential.credential_id,
          transports: credential.transports,
        })),
        userVerification: "preferred",
      });
      const ceremonySessionID = await storeCeremony(
        context,
        session.user_id,
        "login",
        options.challenge,
        session.session_id,
      );
      return { options: { publicKey: { ...options } }, ceremonySessionID };
    },

    finishPasskeyLogin: async ({ query, body, request }) => {
      const session = await loginSession(query.sessionID);
      if (session.verified_at_us !== null) {
        throw apiError(409, "SESSION_ALREADY_CLAIMED", "This passkey session was already used");
      }
      if (session.expiration_time_us <= context.nowUs()) throw invalidSession();
      const ceremony = await takeCeremony(
        context,
        query.ceremonySessionID,
        "login",
        session.user_id,
      );
      if (ceremony.passkey_session_id !== session.session_id) {
        throw notFound("No such WebAuthn ceremony");
      }
      const credential = (await credentialsOf(context, session.user_id)).find(
        (candidate) => candidate.credential_id === body.id,
      );
      if (credential === undefined) throw unauthorized("This passkey is not registered");
      const { rpID, origins } = context.webAuthn();
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: body as unknown as AuthenticationResponseJSON,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          credential: {
            id: credential.credential_id,
            publicKey: new Uint8Array(Buffer.from(credential.public_key, "base64")),
            counter: credential.sign_count,
            transports: credential.transports,
          },
          requireUserVerification: false,
        });
      } catch (error) {
        throw unauthorized(`The passkey could not be verified: ${String(error)}`);
      }
      if (!verification.verified) throw unauthorized("The passkey could not be verified");
      await setPasskeySignCount(
        context.db,
        credential.passkey_id,
        verification.authenticationInfo.newCounter,
      );
      const answer = await tokenAnswerFor(
        context,
        session.user_id,
        storedApp(session.app),
        request,
      );
      if (answer === undefined) throw notFound("The account has no key attributes");
      await markPasskeyLoginVerified(
        context.db,
        session.session_id,
        context.nowUs(),
        JSON.stringify(answer),
      );
      return answer;
    },

    getPasskeyLoginToken: async ({ query }) => {
      const session = await loginSession(query.sessionID);
      const now = context.nowUs();
      if (session.verified_at_us === null || session.token_data === null) {
        if (session.expiration_time_us <= now) throw invalidSession();
        throw apiError(400, "SESSION_NOT_VERIFIED", "The passkey was not verified yet");
      }
      if (
        now - session.verified_at_us > tokenFetchWindowUs ||
        session.token_fetch_count >= maxTokenFetches
      ) {
        throw invalidSession();
      }
      await countPasskeyTokenFetch(context.db, session.session_id);
      const answer: TwoFactorAuthorizationResponse = twoFactorAuthorizationResponseSchema.parse(
        JSON.parse(session.token_data),
      );
      return answer;
    },

    listPasskeys: async ({ session }) => {
      const rows = await passkeysOf(context.db, session.userID);
      return {
        accountsUrl: context.accountsURL(),
        passkeys: rows.map((row) => ({
          id: row.id,
          userID: row.user_id,
          friendlyName: row.friendly_name,
          createdAt: row.created_at_us,
        })),
      };
    },

    renamePasskey: async ({ session, params, query }) => {
      if (!(await renamePasskey(context.db, session.userID, params.id, query.friendlyName))) {
        throw notFound("No such passkey");
      }
      return undefined;
    },

    deletePasskey: async ({ session, params }) => {
      const id = params.id;
      await context.db.transaction().execute(async (trx) => {
        if (!(await deletePasskeyOf(trx, session.userID, id))) throw notFound("No such passkey");
        await deletePasskeyCredentialsOf(trx, id);
      });
      return undefined;
    },

    beginPasskeyRegistration: async ({ session }) => {
      const user = await findUserByID(context.db, session.userID);
      if (user === undefined) throw notFound("No such account");
      if ((await passkeyCountOf(context.db, user.user_id)) >= maxPasskeysPerUser) {
        throw maxPasskeysReached();
      }
      const email = await emailOf(context, user);
      const { rpID } = context.webAuthn();
      const options = await generateRegistrationOptions({
        rpName: "Cairn",
        rpID,
        userName: email,
        userDisplayName: email,
        userID: new TextEncoder().encode(String(user.user_id)),
        attestationType: "none",
        excludeCredentials: (await credentialsOf(context, user.user_id)).map((credential) => ({
          id: credential.credential_id,
          transports: credential.transports,
        })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
      const sessionID = await storeCeremony(
        context,
        user.user_id,
        "registration",
        options.challenge,
        null,
      );
      return { options: { publicKey: { ...options } }, sessionID };
    },

    finishPasskeyRegistration: async ({ session, query, body }) => {
      const ceremony = await takeCeremony(context, query.sessionID, "registration", session.userID);
      const { rpID, origins } = context.webAuthn();
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: body as unknown as RegistrationResponseJSON,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        throw apiError(400, "BAD_REQUEST", `The passkey could not be verified: ${String(error)}`);
      }
      if (!verification.verified)
        throw apiError(400, "BAD_REQUEST", "The passkey could not be verified");
      const { credential } = verification.registrationInfo;
      const passkeyID = newUUID();
      await context.db.transaction().execute(async (trx) => {
        if ((await passkeyCountOf(trx, session.userID)) >= maxPasskeysPerUser) {
          throw maxPasskeysReached();
        }
        if ((await passkeyIDOfCredential(trx, credential.id)) !== undefined) {
          throw apiError(409, "CONFLICT", "This passkey is already registered");
        }
        await insertPasskey(trx, {
          id: passkeyID,
          user_id: session.userID,
          friendly_name: query.friendlyName,
          created_at_us: context.nowUs(),
        });
        await insertPasskeyCredential(trx, {
          passkey_id: passkeyID,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString("base64"),
          sign_count: credential.counter,
          transports: JSON.stringify(credential.transports ?? []),
        });
      });
      return {};
    },
  };
};
