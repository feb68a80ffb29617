import type { srpEndpoints } from "../../../shared/api/endpoints/srp";
import type { DB } from "../db/db";
import type { HandlerMap } from "../http/register-endpoints";
import { authorizationFor } from "./authorization";
import { apiError, badRequest, notFound } from "../http/api-errors";
import { flag } from "../db/column-values";
import type { AccountsContext } from "./context";
import { accountLimitConstants, srpSessionWindowUs } from "./limits";
import { emailHashOf, newUUID, sha256B64URL } from "./server-crypto";
import type { AccountsServices } from "./services";
import {
  computeServerBB64,
  ensureValidA,
  newServerSecretB64,
  randomVerifierB64,
  sessionAlreadyVerified,
  tooManyWrongAttempts,
  verifyClientProof,
} from "./srp";
import {
  accountOfSRPUserID,
  countWrongSRPProof,
  deleteSRPLoginOf,
  deleteSRPSetup,
  hasSRPLogin,
  insertSRPLogin,
  insertSRPSession,
  insertSRPSetup,
  markSRPSessionVerified,
  srpLoginBySRPUserID,
  srpLoginOf,
  srpSessionByID,
  srpSessionOfSRPUser,
  srpSetupOf,
  unverifiedSRPSessionCountAfter,
  type SRPSetupRow,
} from "./srp-repository";
import { tokenHashOf } from "./tokens";
import { ensureKDFStrength } from "./user-handlers";
import { findUserByID, keyAttributesRowOf, setPasswordKeyAttributes } from "./user-repository";
import { findUserByEmail } from "./users";

// SRP endpoints (wire-contract §2.2).

const newSRPSession = async (
  context: AccountsContext,
  srpUserID: string,
  verifierB64: string,
  srpAB64: string,
  isFake: boolean,
) => {
  ensureValidA(srpAB64);
  const serverSecretB64 = newServerSecretB64();
  const sessionID = newUUID();
  await insertSRPSession(context.db, {
    id: sessionID,
    srp_user_id: srpUserID,
    server_key: serverSecretB64,
    srp_a: srpAB64,
    has_verified: 0,
    attempt_count: 0,
    is_fake: flag(isFake),
    created_at_us: context.nowUs(),
  });
  return { sessionID, srpB: computeServerBB64(verifierB64, serverSecretB64) };
};

/**
 * Checks M1 against a session: 410 once verified or after 5 wrong proofs,
 * 401 for a wrong proof (counted). Answers M2.
 */
const verifySession = async (
  context: AccountsContext,
  sessionID: string,
  verifierB64: string,
  srpM1B64: string,
): Promise<string> => {
  const session = await srpSessionByID(context.db, sessionID);
  if (session === undefined) throw notFound("No such SRP session");
  if (session.has_verified === 1) throw sessionAlreadyVerified();
  if (session.attempt_count >= accountLimitConstants.maxSRPWrongAttempts)
    throw tooManyWrongAttempts();
  try {
    const srpM2 = verifyClientProof(verifierB64, session.server_key, session.srp_a, srpM1B64);
    if (!(await markSRPSessionVerified(context.db, sessionID))) throw sessionAlreadyVerified();
    return srpM2;
  } catch (error) {
    if (error instanceof Error && "status" in error && error.status === 401) {
      await countWrongSRPProof(context.db, sessionID);
    }
    throw error;
  }
};

/** Deterministic stand-in attributes for an unknown email (wire-contract §2.2). */
const fakeAttributesFor = async (context: AccountsContext, email: string) => {
  const seed = await emailHashOf(context.secrets, `srp-fake-attributes:${email}`);
  const bytes = Buffer.from(sha256B64URL(seed), "base64url");
  const hex = bytes.toString("hex");
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const more = Buffer.from(sha256B64URL(`${seed}:salts`), "base64url");
  return {
    srpUserID: uuid,
    srpSalt: more.subarray(0, 16).toString("base64"),
    memLimit: 256 * 1024 ** 2,
    opsLimit: 16,
    kekSalt: more.subarray(16, 32).toString("base64"),
    isEmailMFAEnabled: false,
  };
};

/**
 * Make a verified setup the account's SRP login: it replaces any earlier one,
 * and the pending setup is used up.
 */
const adoptSRPSetup = async (
  trx: DB,
  userID: number,
  setup: Pick<SRPSetupRow, "id" | "srp_user_id" | "salt" | "verifier">,
  nowUs: number,
): Promise<void> => {
  await deleteSRPLoginOf(trx, userID);
  await insertSRPLogin(trx, {
    user_id: userID,
    srp_user_id: setup.srp_user_id,
    salt: setup.salt,
    verifier: setup.verifier,
    created_at_us: nowUs,
    updated_at_us: nowUs,
  });
  await deleteSRPSetup(trx, setup.id);
};

export const createSRPHandlers = ({
  context,
  tokens,
  limits,
}: AccountsServices): HandlerMap<typeof srpEndpoints> => {
  const setupFor = async (setupID: string, userID: number) => {
    const setup = await srpSetupOf(context.db, setupID, userID);
    if (setup === undefined) throw notFound("No such SRP setup");
    return setup;
  };

  return {
    getSRPAttributes: async ({ query }) => {
      const user = await findUserByEmail(context, query.email);
      const srp = user && (await srpLoginOf(context.db, user.user_id));
      const keys = user && (await keyAttributesRowOf(context.db, user.user_id));
      if (user === undefined || srp === undefined || keys === undefined) {
        // See: [Note: Disclosing answers are limited]
        if (
          limits.srpUnknownLookups.tryTake(
            "srp-attributes",
            limits.scaled(accountLimitConstants.srpUnknownLookupsPerHour),
          ) ||
          user !== undefined
        ) {
          throw notFound("No password login is set up for this email");
        }
        return { attributes: await fakeAttributesFor(context, query.email.trim().toLowerCase()) };
      }
      return {
        attributes: {
          srpUserID: srp.srp_user_id,
          srpSalt: srp.salt,
          memLimit: keys.mem_limit,
          opsLimit: keys.ops_limit,
          kekSalt: keys.kek_salt,
          isEmailMFAEnabled: user.email_mfa === 1,
        },
      };
    },

    setupSRP: async ({ body, session }) => {
      const ownerID = await accountOfSRPUserID(context.db, body.srpUserID);
      if (ownerID !== undefined && ownerID !== session.userID) {
        throw badRequest("srpUserID is taken; generate a new one");
      }
      const { sessionID, srpB } = await newSRPSession(
        context,
        body.srpUserID,
        body.srpVerifier,
        body.srpA,
        false,
      );
      const setupID = newUUID();
      await insertSRPSetup(context.db, {
        id: setupID,
        session_id: sessionID,
        srp_user_id: body.srpUserID,
        user_id: session.userID,
        salt: body.srpSalt,
        verifier: body.srpVerifier,
        created_at_us: context.nowUs(),
      });
      return { setupID, srpB };
    },

    completeSRPSetup: async ({ body, session }) => {
      const setup = await setupFor(body.setupID, session.userID);
      if (await hasSRPLogin(context.db, session.userID)) {
        throw apiError(
          409,
          "CONFLICT",
          "A password login is already set up; change the password instead",
        );
      }
      const srpM2 = await verifySession(context, setup.session_id, setup.verifier, body.srpM1);
      const now = context.nowUs();
      await context.db.transaction().execute(async (trx) => {
        await adoptSRPSetup(trx, session.userID, setup, now);
      });
      return { setupID: setup.id, srpM2 };
    },

    updateSRPAndKeys: async ({ body, session }) => {
      const keys = body.updatedKeyAttr;
      ensureKDFStrength(keys.memLimit, keys.opsLimit);
      const setup = await setupFor(body.setupID, session.userID);
      if ((await keyAttributesRowOf(context.db, session.userID)) === undefined) {
        throw notFound("The account has no key attributes yet");
      }
      const srpM2 = await verifySession(context, setup.session_id, setup.verifier, body.srpM1);
      const now = context.nowUs();
      await context.db.transaction().execute(async (trx) => {
        await adoptSRPSetup(trx, session.userID, setup, now);
        await setPasswordKeyAttributes(trx, session.userID, keys);
        if (body.logOutOtherDevices !== false) {
          await tokens.revokeAll(trx, session.userID, tokenHashOf(session.token));
        }
      });
      return { setupID: setup.id, srpM2 };
    },

    createSRPSession: async ({ body }) => {
      const srp = await srpLoginBySRPUserID(context.db, body.srpUserID);
      if (srp === undefined) {
        // An unknown srpUserID gets a session that can never verify, so the
        // answer does not tell whether it exists (wire-contract §2.2).
        return newSRPSession(context, body.srpUserID, randomVerifierB64(), body.srpA, true);
      }
      const user = await findUserByID(context.db, srp.user_id);
      if (user?.email_mfa === 1) {
        throw apiError(409, "EMAIL_MFA_ENABLED", "This account verifies logins by email");
      }
      const recentCount = await unverifiedSRPSessionCountAfter(
        context.db,
        body.srpUserID,
        context.nowUs() - srpSessionWindowUs,
      );
      if (recentCount >= accountLimitConstants.maxUnverifiedSRPSessionsPerHour) {
        throw apiError(
          429,
          "TOO_MANY_UNVERIFIED_SESSIONS",
          "Too many login attempts; try again later",
        );
      }
      return newSRPSession(context, body.srpUserID, srp.verifier, body.srpA, false);
    },

    verifySRPSession: async ({ body, app, request }) => {
      const session = await srpSessionOfSRPUser(context.db, body.sessionID, body.srpUserID);
      if (session === undefined) throw notFound("No such SRP session");
      const srp = await srpLoginBySRPUserID(context.db, body.srpUserID);
      if (session.is_fake === 1 || srp === undefined) {
        if (session.has_verified === 1) throw sessionAlreadyVerified();
        if (session.attempt_count >= accountLimitConstants.maxSRPWrongAttempts) {
          throw tooManyWrongAttempts();
        }
        await countWrongSRPProof(context.db, session.id);
        throw apiError(401, "UNAUTHORIZED", "The password is not correct");
      }
      const srpM2 = await verifySession(context, session.id, srp.verifier, body.srpM1);
      const user = await findUserByID(context.db, srp.user_id);
      if (user === undefined) throw notFound("No such account");
      return { ...(await authorizationFor(context, user, app, request)), srpM2 };
    },
  };
};
