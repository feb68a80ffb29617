import type { Selectable } from "kysely";
import type { DB } from "../db/db";
import type { TempTwoFactorTable, TwoFactorSessionsTable, TwoFactorTable } from "../db/schema";

// The queries of second factors by TOTP: an account's secret (`two_factor`),
// the secrets of setups awaiting their first code (`temp_two_factor`), the
// logins waiting for a code (`two_factor_sessions`), the codes used lately
// (`two_factor_used_codes`), and what an account keeps to recover its second
// factor (`two_factor_recovery`).
// See: [Note: One repository per table family]

export type TOTPSecretRow = Selectable<TwoFactorTable>;
export type TOTPSetupRow = Selectable<TempTwoFactorTable>;
export type TwoFactorSessionRow = Selectable<TwoFactorSessionsTable>;

export const totpSecretRowOf = (db: DB, userID: number): Promise<TOTPSecretRow | undefined> =>
  db.selectFrom("two_factor").selectAll().where("user_id", "=", userID).executeTakeFirst();

export const insertTOTPSecret = async (db: DB, row: TOTPSecretRow): Promise<void> => {
  await db.insertInto("two_factor").values(row).execute();
};

export const deleteTOTPSecretOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("two_factor").where("user_id", "=", userID).execute();
};

export const insertTOTPSetup = async (db: DB, row: TOTPSetupRow): Promise<void> => {
  await db.insertInto("temp_two_factor").values(row).execute();
};

/** The account's setups that expire after `nowUs`. */
export const pendingTOTPSetupsOf = (
  db: DB,
  userID: number,
  nowUs: number,
): Promise<TOTPSetupRow[]> =>
  db
    .selectFrom("temp_two_factor")
    .selectAll()
    .where("user_id", "=", userID)
    .where("expires_at_us", ">", nowUs)
    .execute();

export const deleteTOTPSetupsOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("temp_two_factor").where("user_id", "=", userID).execute();
};

/** Deletes every setup expired by `nowUs`; answers how many. See: [Note: Expired account rows are swept] */
export const deleteExpiredTOTPSetups = async (db: DB, nowUs: number): Promise<number> => {
  const deleted = await db
    .deleteFrom("temp_two_factor")
    .where("expires_at_us", "<=", nowUs)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
};

export const insertTwoFactorSession = async (db: DB, row: TwoFactorSessionRow): Promise<void> => {
  await db.insertInto("two_factor_sessions").values(row).execute();
};

export const twoFactorSessionByID = (
  db: DB,
  sessionID: string,
): Promise<TwoFactorSessionRow | undefined> =>
  db
    .selectFrom("two_factor_sessions")
    .selectAll()
    .where("session_id", "=", sessionID)
    .executeTakeFirst();

/** Counts a wrong code against a session. */
export const countWrongTwoFactorCode = async (db: DB, sessionID: string): Promise<void> => {
  await db
    .updateTable("two_factor_sessions")
    .set((eb) => ({ wrong_attempt: eb("wrong_attempt", "+", 1) }))
    .where("session_id", "=", sessionID)
    .execute();
};

export const deleteTwoFactorSession = async (db: DB, sessionID: string): Promise<void> => {
  await db.deleteFrom("two_factor_sessions").where("session_id", "=", sessionID).execute();
};

/** Deletes every session expired by `nowUs`; answers how many. See: [Note: Expired account rows are swept] */
export const deleteExpiredTwoFactorSessions = async (db: DB, nowUs: number): Promise<number> => {
  const deleted = await db
    .deleteFrom("two_factor_sessions")
    .where("expiration_time_us", "<=", nowUs)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
};

/** Records the use of a code (by its hash); false when it was recorded before. */
export const recordUsedCode = async (
  db: DB,
  use: { userID: number; codeHash: string; usedAtUs: number },
): Promise<boolean> => {
  const inserted = await db
    .insertInto("two_factor_used_codes")
    .values({ user_id: use.userID, code_hash: use.codeHash, used_at_us: use.usedAtUs })
    .onConflict((oc) => oc.columns(["user_id", "code_hash"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
};

/** Forgets the codes used before `usedBeforeUs`. */
export const forgetCodesUsedBefore = async (db: DB, usedBeforeUs: number): Promise<void> => {
  await db.deleteFrom("two_factor_used_codes").where("used_at_us", "<", usedBeforeUs).execute();
};

/** Forgets the codes used at or before `usedAtMostUs`; answers how many. See: [Note: Expired account rows are swept] */
export const forgetCodesUsedBy = async (db: DB, usedAtMostUs: number): Promise<number> => {
  const deleted = await db
    .deleteFrom("two_factor_used_codes")
    .where("used_at_us", "<=", usedAtMostUs)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
};

export const twoFactorRecoveryOf = (db: DB, userID: number) =>
  db.selectFrom("two_factor_recovery").selectAll().where("user_id", "=", userID).executeTakeFirst();

/** The hash of the secret that lets the account skip its passkey, if it set one. */
export const passkeySkipSecretHashOf = async (
  db: DB,
  userID: number,
): Promise<string | null | undefined> =>
  (
    await db
      .selectFrom("two_factor_recovery")
      .select("passkey_skip_secret_hash")
      .where("user_id", "=", userID)
      .executeTakeFirst()
  )?.passkey_skip_secret_hash;

/** What recovers a passkey login: the skip secret's hash and the secret under the recovery key. */
export interface PasskeyRecovery {
  passkeySkipSecretHash: string;
  userSecretCipher: string;
  userSecretNonce: string;
}

/** Stores (or replaces) the account's passkey recovery. */
export const putPasskeyRecovery = async (
  db: DB,
  userID: number,
  recovery: PasskeyRecovery,
): Promise<void> => {
  const values = {
    passkey_skip_secret_hash: recovery.passkeySkipSecretHash,
    user_secret_cipher: recovery.userSecretCipher,
    user_secret_nonce: recovery.userSecretNonce,
  };
  await db
    .insertInto("two_factor_recovery")
    .values({ user_id: userID, enable_admin_mfa_reset: 0, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
};

/**
 * Deletes the account's TOTP secret, setups, sessions, used codes and
 * recovery, in that order (when the account is deleted).
 */
export const deleteTwoFactorRowsOf = async (db: DB, userID: number): Promise<void> => {
  for (const table of [
    "two_factor",
    "temp_two_factor",
    "two_factor_sessions",
    "two_factor_used_codes",
    "two_factor_recovery",
  ] as const) {
    await db.deleteFrom(table).where("user_id", "=", userID).execute();
  }
};
