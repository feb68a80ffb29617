import type { Selectable } from "kysely";
import { flag } from "../db/column-values";
import type { DB } from "../db/db";
import type { TokensTable } from "../db/schema";

// The queries of session tokens (`tokens`, one row per session, named by the
// hash of its token, kept with a deleted flag once revoked).
// See: [Note: One repository per table family] and [Note: Tokens are stored as hashes]

export type TokenRow = Selectable<TokensTable>;

export const insertToken = async (db: DB, row: TokenRow): Promise<void> => {
  await db.insertInto("tokens").values(row).execute();
};

/** The account and last use of a live (not revoked) token of an app. */
export const liveTokenOf = (db: DB, tokenHash: string, app: string) =>
  db
    .selectFrom("tokens")
    .select(["user_id", "last_used_at_us"])
    .where("token_hash", "=", tokenHash)
    .where("app", "=", app)
    .where("is_deleted", "=", 0)
    .executeTakeFirst();

/** Records a use of a token: when, and the device that used it. */
export const touchToken = async (
  db: DB,
  tokenHash: string,
  use: { lastUsedAtUs: number; ip: string; userAgent: string },
): Promise<void> => {
  await db
    .updateTable("tokens")
    .set({ last_used_at_us: use.lastUsedAtUs, ip: use.ip, user_agent: use.userAgent })
    .where("token_hash", "=", tokenHash)
    .execute();
};

/** The account's live sessions in an app, most recently used first. */
export const liveSessionsOf = (db: DB, userID: number, app: string): Promise<TokenRow[]> =>
  db
    .selectFrom("tokens")
    .selectAll()
    .where("user_id", "=", userID)
    .where("app", "=", app)
    .where("is_deleted", "=", 0)
    .orderBy("last_used_at_us", "desc")
    .execute();

/** The apps in which the account has a live session, each once. */
export const appsWithLiveSessions = async (db: DB, userID: number): Promise<string[]> => {
  const rows = await db
    .selectFrom("tokens")
    .select("app")
    .distinct()
    .where("user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .execute();
  return rows.map((row) => row.app);
};

/** Marks one of the account's sessions, named by its token's hash, revoked. */
export const revokeToken = async (db: DB, userID: number, tokenHash: string): Promise<void> => {
  await db
    .updateTable("tokens")
    .set({ is_deleted: flag(true) })
    .where("token_hash", "=", tokenHash)
    .where("user_id", "=", userID)
    .execute();
};

/** Marks every session of the account revoked, except the one named `keepHash`. */
export const revokeTokensOf = async (db: DB, userID: number, keepHash?: string): Promise<void> => {
  let query = db
    .updateTable("tokens")
    .set({ is_deleted: flag(true) })
    .where("user_id", "=", userID);
  if (keepHash !== undefined) query = query.where("token_hash", "!=", keepHash);
  await query.execute();
};

/** Deletes every token row of the account (when the account is deleted). */
export const deleteTokensOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("tokens").where("user_id", "=", userID).execute();
};
