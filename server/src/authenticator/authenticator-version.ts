import { lockUsageRow } from "../accounts/usage-repository";
import type { DatabaseConfig } from "../config/config";
import type { LibraryTransaction } from "../library/versions";
import { newestAuthenticatorVersion } from "./authenticator-entity-repository";

// [Note: Authenticator versions only grow, per user, in commit order]
//
// The diff pages a user's codes by `updated_at_us` and the client goes on
// from the largest it got, so a write committed after a page was read must
// never carry a version at or below that page's. As for user entities (see
// [Note: User-entity versions only grow, per user, in commit order]) a write
// first locks the user's `usage` row (PostgreSQL `SELECT ... FOR UPDATE`;
// SQLite writes one at a time), then stamps the larger of the clock and one
// more than the user's newest code. So no two of a user's codes share a
// version, and a page ending at a full `limit` never splits one: the next
// page, from its largest version, skips nothing and repeats nothing. The
// same lock makes the live-code count of a create exact.

/** Lock a user's codes and answer the version a write must stamp. See: [Note: Authenticator versions only grow, per user, in commit order] */
export const lockAuthenticatorForWrite = async (
  context: { dialect: DatabaseConfig["kind"]; nowUs: () => number },
  trx: LibraryTransaction,
  userID: number,
): Promise<number> => {
  await lockUsageRow(trx, context.dialect, userID);
  return Math.max(context.nowUs(), (await newestAuthenticatorVersion(trx, userID)) + 1);
};
