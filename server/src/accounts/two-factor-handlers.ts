import type { twoFactorEndpoints } from "../../../shared/api/endpoints/two-factor";
import type { HandlerMap } from "../http/register-endpoints";
import { tokenAnswerFor } from "./authorization";
import { flag, storedApp } from "../db/column-values";
import { gone, notFound, tooManyRequests, unauthorized } from "../http/api-errors";
import { microsecondsPerMinute } from "../time";
import type { AccountsContext } from "./context";
import { accountLimitConstants } from "./limits";
import { decryptWithServerKey, encryptWithServerKey, sha256B64URL } from "./server-crypto";
import type { AccountsServices } from "./services";
import {
  newTOTPSecretBase32,
  qrCodePNGB64,
  sameHash,
  sameSecret,
  usedCodeHash,
  validTOTPStep,
} from "./totp";
import { emailOf, findUserByID } from "./users";

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
  await context.db
    .deleteFrom("two_factor_used_codes")
    .where("used_at_us", "<", now - usedCodeMemoryUs)
    .execute();
  const inserted = await context.db
    .insertInto("two_factor_used_codes")
    .values({ user_id: userID, code_hash: usedCodeHash(code, step), used_at_us: now })
    .onConflict((oc) => oc.columns(["user_id", "code_hash"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
};

const totpSecretOf = async (context: AccountsContext, userID: number) => {
  const row = await context.db
    .selectFrom("two_factor")
    .selectAll()
    .where("user_id", "=", userID)
    .executeTakeFirst();
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
    await trx.deleteFrom("two_factor").where("user_id", "=", userID).execute();
    await trx
      .updateTable("users")
      .set({ is_two_factor_enabled: flag(false) })
      .where("user_id", "=", userID)
      .execute();
  });
};

const liveTwoFactorSession = async (context: AccountsContext, sessionID: string) => {
  const session = await context.db
    .selectFrom("two_factor_sessions")
    .selectAll()
    .where("session_id", "=", sessionID)
    .executeTakeFirst();
  if (session === undefined) throw notFound("No such two-factor session");
  if (session.expiration_time_us <= context.nowUs()) {
    throw gone("The two-factor session expired; log in again");
  }
  return session;
};

const livePasskeySession = async (context: AccountsContext, sessionID: string) => {
  const session = await context.db
    .selectFrom("passkey_login_sessions")
    .selectAll()
    .where("session_id", "=", sessionID)
    .executeTakeFirst();
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
    await context.db.deleteFrom("temp_two_factor").where("expires_at_us", "<=", now).execute();
    await context.db
      .insertInto("temp_two_factor")
      .values({
        user_id: session.userID,
        encrypted_secret: encryptedB64,
        secret_nonce: nonceB64,
        secret_hash: sha256B64URL(secretBase32),
        expires_at_us: now + tempSecretValidityUs,
      })
      .execute();
    return {
      secretCode: secretBase32,
      qrCode: await qrCodePNGB64(secretBase32, await emailOf(context, user)),
    };
  },

  enableTwoFactor: async ({ session, body }) => {
    const pending = await context.db
      .selectFrom("temp_two_factor")
      .selectAll()
      .where("user_id", "=", session.userID)
      .where("expires_at_us", ">", context.nowUs())
      .execute();
    for (const candidate of pending) {
      const secretBase32 = await decryptWithServerKey(context.secrets, {
        encryptedB64: candidate.encrypted_secret,
        nonceB64: candidate.secret_nonce,
      });
      const step = validTOTPStep(secretBase32, body.code, nowMsOf(context));
      if (step === undefined) continue;
      await claimCode(context, session.userID, body.code, step);
      await context.db.transaction().execute(async (trx) => {
        await trx.deleteFrom("two_factor").where("user_id", "=", session.userID).execute();
        await trx
          .insertInto("two_factor")
          .values({
            user_id: session.userID,
            encrypted_secret: candidate.encrypted_secret,
            secret_nonce: candidate.secret_nonce,
            recovery_encrypted_secret: body.encryptedTwoFactorSecret,
            recovery_secret_nonce: body.twoFactorSecretDecryptionNonce,
          })
          .execute();
        await trx
          .updateTable("users")
          .set({ is_two_factor_enabled: flag(true) })
          .where("user_id", "=", session.userID)
          .execute();
        await trx.deleteFrom("temp_two_factor").where("user_id", "=", session.userID).execute();
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
      await context.db
        .updateTable("two_factor_sessions")
        .set((eb) => ({ wrong_attempt: eb("wrong_attempt", "+", 1) }))
        .where("session_id", "=", session.session_id)
        .execute();
      throw unauthorized("The code is not correct");
    }
    if (!(await claimCode(context, session.user_id, body.code, step))) {
      throw unauthorized("This code was already used; wait for the next one");
    }
    await context.db
      .deleteFrom("two_factor_sessions")
      .where("session_id", "=", session.session_id)
      .execute();
    return tokenAnswerOrFail(context, session.user_id, app, request);
  },

  recoverTwoFactor: async ({ query }) => {
    if ((query.twoFactorType ?? "totp") === "passkey") {
      const session = await livePasskeySession(context, query.sessionID);
      const recovery = await context.db
        .selectFrom("two_factor_recovery")
        .selectAll()
        .where("user_id", "=", session.user_id)
        .executeTakeFirst();
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
      const recovery = await context.db
        .selectFrom("two_factor_recovery")
        .select("passkey_skip_secret_hash")
        .where("user_id", "=", session.user_id)
        .executeTakeFirst();
      const hash = recovery?.passkey_skip_secret_hash;
      if (hash == null || !sameHash(hash, sha256B64URL(body.secret))) {
        throw unauthorized("The recovery secret is not correct");
      }
      await context.db
        .deleteFrom("passkey_login_sessions")
        .where("session_id", "=", session.session_id)
        .execute();
      return tokenAnswerOrFail(context, session.user_id, storedApp(session.app), request);
    }
    const session = await liveTwoFactorSession(context, body.sessionID);
    const totp = await totpSecretOf(context, session.user_id);
    if (totp === undefined) throw notFound("Two-factor authentication is not on");
    if (!sameSecret(totp.secretBase32, body.secret)) {
      throw unauthorized("The recovery secret is not correct");
    }
    await disableTOTP(context, session.user_id);
    await context.db
      .deleteFrom("two_factor_sessions")
      .where("session_id", "=", session.session_id)
      .execute();
    return tokenAnswerOrFail(context, session.user_id, app, request);
  },

  getTwoFactorRecoveryStatus: async ({ session }) => {
    const recovery = await context.db
      .selectFrom("two_factor_recovery")
      .selectAll()
      .where("user_id", "=", session.userID)
      .executeTakeFirst();
    return {
      allowAdminReset: recovery?.enable_admin_mfa_reset === 1,
      isPasskeyRecoveryEnabled: recovery?.user_secret_cipher != null,
    };
  },

  configurePasskeyRecovery: async ({ session, body }) => {
    const values = {
      passkey_skip_secret_hash: sha256B64URL(body.secret),
      user_secret_cipher: body.userSecretCipher,
      user_secret_nonce: body.userSecretNonce,
    };
    await context.db
      .insertInto("two_factor_recovery")
      .values({ user_id: session.userID, enable_admin_mfa_reset: 0, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    return {};
  },
});
