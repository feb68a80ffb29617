import type { userEndpoints } from "../../../shared/api/endpoints/users";
import type { HandlerMap } from "../http/register-endpoints";
import { apiError, badRequest, forbidden, notFound } from "../http/api-errors";
import type { AccountsContext } from "./context";
import { signScopedJWT } from "./jwt";
import type { AccountsServices } from "./services";
import { tokenHashOf } from "./tokens";
import { prettyUserAgent } from "./user-agent";
import {
  findUserByID,
  insertKeyAttributes,
  keyAttributesRowOf,
  setEmailMFA,
  setRecoveryKeyAttributes,
} from "./user-repository";
import { emailOf, findUserByEmail, keyAttributesOf } from "./users";
import { passkeyCountOf } from "./passkey-repository";
import { hasSRPLogin } from "./srp-repository";
import { liveSessionsOf } from "./token-repository";
import { storageConsumedOf } from "./usage-repository";
import { subscriptionOf } from "./billing-handlers";
import { libraryCountsOf } from "./library-counts";
import { familyDataOf } from "../families/family-members";

// Account endpoints of wire-contract §2.1 that need a session: key
// attributes, sessions, details and the scoped tokens.

// [Note: KDF strength is checked by the server]
//
// A client could weaken every account it creates by sending cheap Argon2id
// limits. The server accepts only `memLimit × opsLimit = 4 GiB` with at
// least 128 MiB of memory: the sensitive limits (256 MiB × 16) or a step of
// their fallback ladder (wire-contract §2.1, "Crypto formats").
const requiredKDFWorkBytes = 4 * 1024 ** 3;
const minKDFMemLimitBytes = 128 * 1024 ** 2;

export const isAcceptedKDFStrength = (memLimit: number, opsLimit: number): boolean =>
  memLimit * opsLimit === requiredKDFWorkBytes && memLimit >= minKDFMemLimitBytes;

export const ensureKDFStrength = (memLimit: number, opsLimit: number) => {
  if (!isAcceptedKDFStrength(memLimit, opsLimit)) {
    throw badRequest(
      "Unexpected KDF strength: memLimit × opsLimit must be 4 GiB with memLimit at least 128 MiB",
    );
  }
};

const existingUser = async (context: AccountsContext, userID: number) => {
  const user = await findUserByID(context.db, userID);
  if (user === undefined) throw apiError(410, "USER_DELETED", "This account no longer exists");
  return user;
};

type UserHandlers = Pick<
  HandlerMap<typeof userEndpoints>,
  | "setKeyAttributes"
  | "setRecoveryKey"
  | "getPublicKey"
  | "getSessionValidity"
  | "getUserDetails"
  | "logout"
  | "listSessions"
  | "terminateSession"
  | "setEmailMFA"
  | "getPaymentToken"
  | "getFamiliesToken"
  | "getAccountsToken"
  | "getRoadmapURL"
>;

export const createUserHandlers = ({ context, tokens }: AccountsServices): UserHandlers => ({
  setKeyAttributes: async ({ body, session }) => {
    const attributes = body.keyAttributes;
    ensureKDFStrength(attributes.memLimit, attributes.opsLimit);
    await existingUser(context, session.userID);
    if ((await keyAttributesRowOf(context.db, session.userID)) !== undefined) {
      throw forbidden("Key attributes are already set");
    }
    // A concurrent request may have won the race between the check and the insert.
    if (!(await insertKeyAttributes(context.db, session.userID, attributes, context.nowUs()))) {
      throw forbidden("Key attributes are already set");
    }
    return undefined;
  },

  setRecoveryKey: async ({ body, session }) => {
    const row = await keyAttributesRowOf(context.db, session.userID);
    if (row === undefined) throw notFound("The account has no key attributes yet");
    if (row.master_key_encrypted_with_recovery_key !== null) {
      throw apiError(409, "CONFLICT", "A recovery key is already set");
    }
    await setRecoveryKeyAttributes(context.db, session.userID, body);
    return undefined;
  },

  getPublicKey: async ({ query }) => {
    const user = await findUserByEmail(context, query.email);
    const attributes = user && (await keyAttributesRowOf(context.db, user.user_id));
    if (attributes === undefined) throw notFound("No account with keys has this email");
    return { publicKey: attributes.public_key };
  },

  getSessionValidity: async ({ session }) => {
    await existingUser(context, session.userID);
    const keyAttributes = await keyAttributesOf(context.db, session.userID);
    return keyAttributes === undefined
      ? { hasSetKeys: false }
      : { hasSetKeys: true, keyAttributes };
  },

  getUserDetails: async ({ session, query }) => {
    const user = await existingUser(context, session.userID);
    const usageBytes = await storageConsumedOf(context.db, user.user_id);
    const hasSRP = await hasSRPLogin(context.db, user.user_id);
    const withCounts = query.memoryCount ?? true;
    // A member keeps their own subscription here, as the reference answers;
    // the family's shared plan is in `familyData`. See: [Note: A family shares its admin's plan]
    const familyData = await familyDataOf(context, context.db, user.user_id);
    return {
      email: await emailOf(context, user),
      usage: usageBytes ?? 0,
      ...(withCounts ? await libraryCountsOf(context, user.user_id) : {}),
      storageBonus: 0,
      subscription: await subscriptionOf(context, user.user_id),
      ...(familyData === undefined ? {} : { familyData }),
      profileData: {
        canDisableEmailMFA: hasSRP,
        isEmailMFAEnabled: user.email_mfa === 1,
        isTwoFactorEnabled: user.is_two_factor_enabled === 1,
        passkeyCount: await passkeyCountOf(context.db, user.user_id),
      },
      bonusData: { storageBonuses: [] },
    };
  },

  logout: async ({ session }) => {
    const tokenHash = tokenHashOf(session.token);
    if (tokenHash !== undefined) await tokens.revokeHash(context.db, session.userID, tokenHash);
    return {};
  },

  listSessions: async ({ session }) => {
    const rows = await liveSessionsOf(context.db, session.userID, session.app);
    return {
      sessions: rows.map((row) => ({
        token: row.token_hash,
        creationTime: row.creation_time_us,
        ip: row.ip,
        ua: row.user_agent,
        prettyUA: prettyUserAgent(row.user_agent),
        lastUsedTime: row.last_used_at_us,
      })),
    };
  },

  terminateSession: async ({ session, query }) => {
    // See: [Note: Sessions are named by their token's hash]. A client that
    // passes a token itself (the reference lists plaintext tokens) ends it too.
    const tokenHash = tokenHashOf(query.token);
    await tokens.revokeHash(context.db, session.userID, query.token);
    if (tokenHash !== undefined) await tokens.revokeHash(context.db, session.userID, tokenHash);
    return {};
  },

  setEmailMFA: async ({ session, body }) => {
    if (!body.isEnabled) {
      if (!(await hasSRPLogin(context.db, session.userID))) {
        throw apiError(
          409,
          "CONFLICT",
          "Email verification can be turned off only once a password login is set up",
        );
      }
    }
    await setEmailMFA(context.db, session.userID, body.isEnabled);
    return undefined;
  },

  getPaymentToken: async ({ session }) => ({
    paymentToken: await signScopedJWT(context.secrets, session.userID, "PAYMENT", context.nowUs()),
  }),

  getFamiliesToken: async ({ session }) => ({
    familiesToken: await signScopedJWT(
      context.secrets,
      session.userID,
      "FAMILIES",
      context.nowUs(),
    ),
    familyUrl: context.familiesURL(),
  }),

  getAccountsToken: async ({ session }) => ({
    accountsToken: await signScopedJWT(
      context.secrets,
      session.userID,
      "ACCOUNTS",
      context.nowUs(),
    ),
    accountsUrl: context.accountsURL(),
  }),

  getRoadmapURL: () => ({ url: context.roadmapURL }),
});
