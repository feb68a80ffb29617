import type { Selectable } from "kysely";
import type { DB } from "../db/db";
import type { SrpAuthTable, SrpSessionsTable, TempSrpSetupsTable } from "../db/schema";

// The queries of password logins by SRP: an account's verifier (`srp_auth`,
// one row per account that set a password), the login sessions that prove
// the password (`srp_sessions`), and the setups of a new verifier awaiting
// their proof (`temp_srp_setups`).
// See: [Note: One repository per table family]

export type SRPLoginRow = Selectable<SrpAuthTable>;
export type SRPSessionRow = Selectable<SrpSessionsTable>;
export type SRPSetupRow = Selectable<TempSrpSetupsTable>;

/** The account's SRP login, if it set a password. */
export const srpLoginOf = (db: DB, userID: number): Promise<SRPLoginRow | undefined> =>
  db.selectFrom("srp_auth").selectAll().where("user_id", "=", userID).executeTakeFirst();

/** Whether the account has an SRP login. */
export const hasSRPLogin = async (db: DB, userID: number): Promise<boolean> =>
  (await db
    .selectFrom("srp_auth")
    .select("user_id")
    .where("user_id", "=", userID)
    .executeTakeFirst()) !== undefined;

/** The SRP login named by an `srpUserID`. */
export const srpLoginBySRPUserID = (db: DB, srpUserID: string): Promise<SRPLoginRow | undefined> =>
  db.selectFrom("srp_auth").selectAll().where("srp_user_id", "=", srpUserID).executeTakeFirst();

/** The account whose SRP login an `srpUserID` names. */
export const accountOfSRPUserID = async (db: DB, srpUserID: string): Promise<number | undefined> =>
  (
    await db
      .selectFrom("srp_auth")
      .select("user_id")
      .where("srp_user_id", "=", srpUserID)
      .executeTakeFirst()
  )?.user_id;

/** The `srpUserID` of the account's SRP login. */
export const srpUserIDOf = async (db: DB, userID: number): Promise<string | undefined> =>
  (
    await db
      .selectFrom("srp_auth")
      .select("srp_user_id")
      .where("user_id", "=", userID)
      .executeTakeFirst()
  )?.srp_user_id;

export const insertSRPLogin = async (db: DB, row: SRPLoginRow): Promise<void> => {
  await db.insertInto("srp_auth").values(row).execute();
};

/** Deletes the account's SRP login. */
export const deleteSRPLoginOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("srp_auth").where("user_id", "=", userID).execute();
};

export const insertSRPSession = async (db: DB, row: SRPSessionRow): Promise<void> => {
  await db.insertInto("srp_sessions").values(row).execute();
};

export const srpSessionByID = (db: DB, sessionID: string): Promise<SRPSessionRow | undefined> =>
  db.selectFrom("srp_sessions").selectAll().where("id", "=", sessionID).executeTakeFirst();

/** A session of an `srpUserID`: whether it is fake, verified, and its wrong proofs. */
export const srpSessionOfSRPUser = (db: DB, sessionID: string, srpUserID: string) =>
  db
    .selectFrom("srp_sessions")
    .select(["id", "is_fake", "has_verified", "attempt_count"])
    .where("id", "=", sessionID)
    .where("srp_user_id", "=", srpUserID)
    .executeTakeFirst();

/**
 * Marks a session verified; false when it was verified already (the
 * condition is part of the update, so one of two concurrent proofs wins).
 */
export const markSRPSessionVerified = async (db: DB, sessionID: string): Promise<boolean> => {
  const claimed = await db
    .updateTable("srp_sessions")
    .set({ has_verified: 1 })
    .where("id", "=", sessionID)
    .where("has_verified", "=", 0)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
};

/** Counts a wrong proof against a session. */
export const countWrongSRPProof = async (db: DB, sessionID: string): Promise<void> => {
  await db
    .updateTable("srp_sessions")
    .set((eb) => ({ attempt_count: eb("attempt_count", "+", 1) }))
    .where("id", "=", sessionID)
    .execute();
};

/** How many unverified sessions of an `srpUserID` were created after `afterUs`. */
export const unverifiedSRPSessionCountAfter = async (
  db: DB,
  srpUserID: string,
  afterUs: number,
): Promise<number> => {
  const recent = await db
    .selectFrom("srp_sessions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("srp_user_id", "=", srpUserID)
    .where("has_verified", "=", 0)
    .where("created_at_us", ">", afterUs)
    .executeTakeFirstOrThrow();
  // PostgreSQL counts in bigint, which its driver answers as text.
  return Number(recent.count);
};

/** Deletes every session of an `srpUserID`. */
export const deleteSRPSessionsOf = async (db: DB, srpUserID: string): Promise<void> => {
  await db.deleteFrom("srp_sessions").where("srp_user_id", "=", srpUserID).execute();
};

export const insertSRPSetup = async (db: DB, row: SRPSetupRow): Promise<void> => {
  await db.insertInto("temp_srp_setups").values(row).execute();
};

/** A setup of the account's. */
export const srpSetupOf = (
  db: DB,
  setupID: string,
  userID: number,
): Promise<SRPSetupRow | undefined> =>
  db
    .selectFrom("temp_srp_setups")
    .selectAll()
    .where("id", "=", setupID)
    .where("user_id", "=", userID)
    .executeTakeFirst();

export const deleteSRPSetup = async (db: DB, setupID: string): Promise<void> => {
  await db.deleteFrom("temp_srp_setups").where("id", "=", setupID).execute();
};

/** Deletes the account's SRP login and its pending setups (when the account is deleted). */
export const deleteSRPLoginAndSetupsOf = async (db: DB, userID: number): Promise<void> => {
  await deleteSRPLoginOf(db, userID);
  await db.deleteFrom("temp_srp_setups").where("user_id", "=", userID).execute();
};

/** Deletes the sessions created at or before `createdAtMostUs`; answers how many. See: [Note: Expired account rows are swept] */
export const deleteSRPSessionsCreatedBy = async (
  db: DB,
  createdAtMostUs: number,
): Promise<number> => {
  const deleted = await db
    .deleteFrom("srp_sessions")
    .where("created_at_us", "<=", createdAtMostUs)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
};

/** Deletes the setups created at or before `createdAtMostUs`; answers how many. See: [Note: Expired account rows are swept] */
export const deleteSRPSetupsCreatedBy = async (
  db: DB,
  createdAtMostUs: number,
): Promise<number> => {
  const deleted = await db
    .deleteFrom("temp_srp_setups")
    .where("created_at_us", "<=", createdAtMostUs)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
};
