import type { twoFactorEndpoints } from "../../../shared/api/endpoints/two-factor";
import type { HandlerMap } from "../http/register-endpoints";
import { tokenAnswerFor } from "./authorization";
import { storedApp } from "../db/column-values";
import { gone, notFound, tooManyRequests, unauthorized } from "../http/api-errors";
import { microsecondsPerMinute } from "../time";
import type { AccountsContext } from "./context";
import { accountLimitConstants } from "./limits";
import {
  decryptWithServerKey,
  encryptWithServerKey,
  sameHash,
  sha256B64URL,
} from "./server-crypto";
import type { AccountsServices } from "./services";
import { newTOTPSecretBase32, qrCodePNGB64, sameSecret, usedCodeHash, validTOTPStep } from "./totp";
import { deletePasskeyLoginSession, passkeyLoginSessionByID } from "./passkey-repository";
import {
  countWrongTwoFactorCode,
  deleteExpiredTOTPSetups,
  deleteTOTPSecretOf,
  deleteTOTPSetupsOf,
  deleteTwoFactorSession,
  forgetCodesUsedBefore,
  insertTOTPSecret,
  insertTOTPSetup,
  passkeySkipSecretHashOf,
  pendingTOTPSetupsOf,
  putPasskeyRecovery,
  recordUsedCode,
  totpSecretRowOf,
  twoFactorRecoveryOf,
  twoFactorSessionByID,
} from "./two-factor-repository";
import { findUserByID, setTwoFactorEnabled } from "./user-repository";
import { emailOf } from "./users";

// Two-factor endpoints (wire-contract §2.3).

/** A secret from `/setup` must be enabled within 10 minutes (wire-contract §2.3). */
const tempSecretValidityUs = 10 * microsecondsPerMinute;
/**
 * Used codes are remembered a little longer than any code stays valid (three
 * 30 s steps), then pruned.
 */
const usedCodeMemoryUs = 5 * microsecondsPerMinute;

const nowMsOf = (context: AccountsContext) => Math.floor(context.nowUs() / 1000);

/** Records a code's use; false when it was used before. */
const claimCode = async (context: AccountsContext, userID: number, code: string, step: number) => {
  const now = context.nowUs();
  await forgetCodesUsedBefore(context.db, now - usedCodeMemoryUs);
  return recordUsedCode(context.db, {
    userID,
    codeHash: usedCodeHash(code, step),
    usedAtUs: now,
  });
};

const totpSecretOf = async (context: AccountsContext, userID: number) => {
  const row = await totpSecretRowOf(context.db, userID);
  if (row === undefined) return undefined;
  return {
    row,
    secretBase32: await decryptWithServerKey(context.secrets, {
      encryptedB64: row.encrypted_secret,
      nonceB64: row.secret_nonce,
    }),
  };
};

const disableTOTP = async (context: AccountsContext, userID: number) => {
  await context.db.transaction().execute(async (trx) => {
    await deleteTOTPSecretOf(trx, userID);
    await setTwoFactorEnabled(trx, userID, false);
  });
};

const liveTwoFactorSession = async (context: AccountsContext, sessionID: string) => {
  const session = await twoFactorSessionByID(context.db, sessionID);
  if (session === undefined) throw notFound("No such two-factor session");
  if (session.expiration_time_us <= context.nowUs()) {
    throw gone("The two-factor session expired; log in again");
  }
  return session;
};

const livePasskeySession = async (context: AccountsContext, sessionID: string) => {
  const session = await passkeyLoginSessionByID(context.db, sessionID);
  if (session === undefined) throw notFound("No such passkey session");
  if (session.expiration_time_us <= context.nowUs()) {
    throw gone("The passkey session expired; log in again");
  }
  return session;
};

const tokenAnswerOrFail = async (
  ...args: Parameters<typeof tokenAnswerFor>
): Promise<NonNullable<Awaited<ReturnType<typeof tokenAnswerFor>>>> => {
  const answer = await tokenAnswerFor(...args);
  if (answer === undefined) throw notFound("The account has no key attributes");
  return answer;
};

export const createTwoFactorHandlers = ({
  context,
}: AccountsServices): HandlerMap<typeof twoFactorEndpoints> => ({
  getTwoFactorStatus: async ({ session }) => {
    const user = await findUserByID(context.db, session.userID);
    return { status: user?.is_two_factor_enabled === 1 };
  },

  setupTwoFactor: async ({ session }) => {
    const user = await findUserByID(context.db, session.userID);
    if (user === undefined) throw notFound("No such account");
    const secretBase32 = newTOTPSecretBase32();
    const { encryptedB64, nonceB64 } = await encryptWithServerKey(context.secrets, secretBase32);
    const now = context.nowUs();
    await deleteExpiredTOTPSetups(context.db, now);
    await insertTOTPSetup(context.db, {
      user_id: session.userID,
      encrypted_secret: encryptedB64,
      secret_nonce: nonceB64,
      secret_hash: sha256B64URL(secretBase32),
      expires_at_us: now + tempSecretValidityUs,
    });
    return {
      secretCode: secretBase32,
      qrCode: await qrCodePNGB64(secretBase32, await emailOf(context, user)),
    };
  },

  enableTwoFactor: async ({ session, body }) => {
    const pending = await pendingTOTPSetupsOf(context.db, session.userID, context.nowUs());
    for (const candidate of pending) {
      const secretBase32 = await decryptWithServerKey(context.secrets, {
        encryptedB64: candidate.encrypted_secret,
        nonceB64: candidate.secret_nonce,
      });
      const step = validTOTPStep(secretBase32, body.code, nowMsOf(context));
      if (step === undefined) continue;
      await claimCode(context, session.userID, body.code, step);
      await context.db.transaction().execute(async (trx) => {
        await deleteTOTPSecretOf(trx, session.userID);
        await insertTOTPSecret(trx, {
          user_id: session.userID,
          encrypted_secret: candidate.encrypted_secret,
          secret_nonce: candidate.secret_nonce,
          recovery_encrypted_secret: body.encryptedTwoFactorSecret,
          recovery_secret_nonce: body.twoFactorSecretDecryptionNonce,
        });
        await setTwoFactorEnabled(trx, session.userID, true);
        await deleteTOTPSetupsOf(trx, session.userID);
      });
      return undefined;
    }
    throw pending.length === 0
      ? gone("No two-factor setup is pending; start the setup again")
      : unauthorized("The code is not correct");
  },

  disableTwoFactor: async ({ session }) => {
    await disableTOTP(context, session.userID);
    return undefined;
  },

  verifyTwoFactor: async ({ body, app, request }) => {
    const session = await liveTwoFactorSession(context, body.sessionID);
    if (session.wrong_attempt >= accountLimitConstants.maxTOTPWrongAttempts) {
      throw tooManyRequests("Too many wrong codes; log in again");
    }
    const totp = await totpSecretOf(context, session.user_id);
    if (totp === undefined) throw notFound("Two-factor authentication is not on");
    const step = validTOTPStep(totp.secretBase32, body.code, nowMsOf(context));
    if (step === undefined) {
      await countWrongTwoFactorCode(context.db, session.session_id);
      throw unauthorized("The code is not correct");
    }
    if (!(await claimCode(context, session.user_id, body.code, step))) {
      throw unauthorized("This code was already used; wait for the next one");
    }
    await deleteTwoFactorSession(context.db, session.session_id);
    return tokenAnswerOrFail(context, session.user_id, app, request);
  },

  recoverTwoFactor: async ({ query }) => {
    if ((query.twoFactorType ?? "totp") === "passkey") {
      const session = await livePasskeySession(context, query.sessionID);
      const recovery = await twoFactorRecoveryOf(context.db, session.user_id);
      if (recovery?.user_secret_cipher == null || recovery.user_secret_nonce === null) {
        throw notFound("Passkey recovery is not set up for this account");
      }
      return {
        encryptedSecret: recovery.user_secret_cipher,
        secretDecryptionNonce: recovery.user_secret_nonce,
      };
    }
    const session = await liveTwoFactorSession(context, query.sessionID);
    const totp = await totpSecretOf(context, session.user_id);
    if (totp === undefined) throw notFound("Two-factor authentication is not on");
    return {
      encryptedSecret: totp.row.recovery_encrypted_secret,
      secretDecryptionNonce: totp.row.recovery_secret_nonce,
    };
  },

  removeTwoFactor: async ({ body, app, request }) => {
    if ((body.twoFactorType ?? "totp") === "passkey") {
      const session = await livePasskeySession(context, body.sessionID);
      const hash = await passkeySkipSecretHashOf(context.db, session.user_id);
      if (hash == null || !sameHash(hash, sha256B64URL(body.secret))) {
        throw unauthorized("The recovery secret is not correct");
      }
      await deletePasskeyLoginSession(context.db, session.session_id);
      return tokenAnswerOrFail(context, session.user_id, storedApp(session.app), request);
    }
    const session = await liveTwoFactorSession(context, body.sessionID);
    const totp = await totpSecretOf(context, session.user_id);
    if (totp === undefined) throw notFound("Two-factor authentication is not on");
    if (!sameSecret(totp.secretBase32, body.secret)) {
      throw unauthorized("The recovery secret is not correct");
    }
    await disableTOTP(context, session.user_id);
    await deleteTwoFactorSession(context.db, session.session_id);
    return tokenAnswerOrFail(context, session.user_id, app, request);
  },

  getTwoFactorRecoveryStatus: async ({ session }) => {
    const recovery = await twoFactorRecoveryOf(context.db, session.userID);
    return {
      allowAdminReset: recovery?.enable_admin_mfa_reset === 1,
      isPasskeyRecoveryEnabled: recovery?.user_secret_cipher != null,
    };
  },

  configurePasskeyRecovery: async ({ session, body }) => {
    await putPasskeyRecovery(context.db, session.userID, {
      passkeySkipSecretHash: sha256B64URL(body.secret),
      userSecretCipher: body.userSecretCipher,
      userSecretNonce: body.userSecretNonce,
    });
    return {};
  },
});
