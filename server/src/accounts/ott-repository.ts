import type { Selectable } from "kysely";
import type { DB } from "../db/db";
import type { OttsTable } from "../db/schema";

// The queries of one-time codes sent by email (`otts`, one row per code,
// named by a keyed hash of the code with its email's hash).
// See: [Note: One repository per table family] and [Note: One-time codes are stored as a keyed hash]

export type OttRow = Selectable<OttsTable>;

/** Where the active codes of an email in an app are found: its hash, the app, and the time now. */
export interface OttScope {
  emailHash: string;
  app: string;
  nowUs: number;
}

/** The codes of an email and app that have not expired, with their wrong attempts. */
export const activeOttsOf = (db: DB, { emailHash, app, nowUs }: OttScope) =>
  db
    .selectFrom("otts")
    .select(["ott_hash", "wrong_attempt"])
    .where("email_hash", "=", emailHash)
    .where("app", "=", app)
    .where("expiration_time_us", ">", nowUs)
    .execute();

/** How many codes of an email and app have not expired. */
export const activeOttCountOf = async (
  db: DB,
  { emailHash, app, nowUs }: OttScope,
): Promise<number> => {
  const active = await db
    .selectFrom("otts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("email_hash", "=", emailHash)
    .where("app", "=", app)
    .where("expiration_time_us", ">", nowUs)
    .executeTakeFirstOrThrow();
  // PostgreSQL counts in bigint, which its driver answers as text.
  return Number(active.count);
};

/** Records a code (once; the same code sent again changes nothing). */
export const insertOtt = async (db: DB, row: OttRow): Promise<void> => {
  await db
    .insertInto("otts")
    .values(row)
    .onConflict((oc) => oc.columns(["ott_hash", "email_hash", "app"]).doNothing())
    .execute();
};

/** Counts a wrong code against every active code of the email and app. */
export const countWrongOttAttempt = async (
  db: DB,
  { emailHash, app, nowUs }: OttScope,
): Promise<void> => {
  await db
    .updateTable("otts")
    .set((eb) => ({ wrong_attempt: eb("wrong_attempt", "+", 1) }))
    .where("email_hash", "=", emailHash)
    .where("app", "=", app)
    .where("expiration_time_us", ">", nowUs)
    .execute();
};

/** Deletes a used code of the email and app, and its expired codes. */
export const deleteUsedAndExpiredOtts = async (
  db: DB,
  { emailHash, app, nowUs }: OttScope,
  usedOttHash: string,
): Promise<void> => {
  await db
    .deleteFrom("otts")
    .where("email_hash", "=", emailHash)
    .where("app", "=", app)
    .where((eb) => eb.or([eb("ott_hash", "=", usedOttHash), eb("expiration_time_us", "<=", nowUs)]))
    .execute();
};

/** Deletes every expired code; answers how many. See: [Note: Expired account rows are swept] */
export const deleteExpiredOtts = async (db: DB, nowUs: number): Promise<number> => {
  const deleted = await db
    .deleteFrom("otts")
    .where("expiration_time_us", "<=", nowUs)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
};
