import { microsecondsPerDay, microsecondsPerHour } from "../time";
import type { AccountsContext } from "./context";
import { deleteExpiredOtts } from "./ott-repository";
import {
  deleteExpiredWebAuthnCeremonies,
  deletePasskeyLoginSessionsExpiredBy,
} from "./passkey-repository";
import { deleteSRPSessionsCreatedBy, deleteSRPSetupsCreatedBy } from "./srp-repository";
import {
  deleteExpiredTOTPSetups,
  deleteExpiredTwoFactorSessions,
  forgetCodesUsedBy,
} from "./two-factor-repository";

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

/** Deletes the expired account rows; answers how many. See: [Note: Expired account rows are swept] */
export const sweepExpiredAccountRows = async (context: AccountsContext): Promise<number> => {
  const now = context.nowUs();
  const { db } = context;
  const counts = await Promise.all([
    deleteExpiredOtts(db, now),
    deleteSRPSessionsCreatedBy(db, now - srpSessionRetentionUs),
    deleteSRPSetupsCreatedBy(db, now - srpSessionRetentionUs),
    deleteExpiredTOTPSetups(db, now),
    deleteExpiredTwoFactorSessions(db, now),
    deletePasskeyLoginSessionsExpiredBy(db, now - passkeySessionRetentionUs),
    deleteExpiredWebAuthnCeremonies(db, now),
    forgetCodesUsedBy(db, now - microsecondsPerHour),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
};
