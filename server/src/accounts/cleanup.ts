import { microsecondsPerDay, microsecondsPerHour } from "../time";
import type { AccountsContext } from "./context";

// [Note: Expired account rows are swept]
//
// Codes, SRP sessions and setups, 2FA and passkey sessions and WebAuthn
// ceremonies are only useful for minutes to an hour. Reads already ignore
// expired rows; this job deletes them so the tables stay small. SRP sessions
// are kept for a day, longer than the hour over which unverified sessions are
// counted (wire-contract §0.4).

const srpSessionRetentionUs = microsecondsPerDay;
/** A passkey login's token may be fetched for 2 minutes after verification; an hour is ample. */
const passkeySessionRetentionUs = microsecondsPerHour;

export const sweepExpiredAccountRows = async (context: AccountsContext): Promise<number> => {
  const now = context.nowUs();
  const { db } = context;
  const counts = await Promise.all([
    db.deleteFrom("otts").where("expiration_time_us", "<=", now).executeTakeFirst(),
    db
      .deleteFrom("srp_sessions")
      .where("created_at_us", "<=", now - srpSessionRetentionUs)
      .executeTakeFirst(),
    db
      .deleteFrom("temp_srp_setups")
      .where("created_at_us", "<=", now - srpSessionRetentionUs)
      .executeTakeFirst(),
    db.deleteFrom("temp_two_factor").where("expires_at_us", "<=", now).executeTakeFirst(),
    db.deleteFrom("two_factor_sessions").where("expiration_time_us", "<=", now).executeTakeFirst(),
    db
      .deleteFrom("passkey_login_sessions")
      .where("expiration_time_us", "<=", now - passkeySessionRetentionUs)
      .executeTakeFirst(),
    db.deleteFrom("webauthn_ceremonies").where("expires_at_us", "<=", now).executeTakeFirst(),
    db
      .deleteFrom("two_factor_used_codes")
      .where("used_at_us", "<=", now - microsecondsPerHour)
      .executeTakeFirst(),
  ]);
  return counts.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
};
