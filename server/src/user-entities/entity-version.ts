import { lockUsageRow } from "../accounts/usage-repository";
import type { DatabaseConfig } from "../config/config";
import type { LibraryTransaction } from "../library/versions";
import { newestEntityVersion } from "./entity-data-repository";

// [Note: User-entity versions only grow, per user, in commit order]
//
// The diff pages a user's entities by `updated_at_us` and the client goes on
// from the largest it got, so a write committed after a page was read must
// never carry a version at or below that page's. A write first locks the
// user's `usage` row (PostgreSQL `SELECT ... FOR UPDATE`; SQLite writes one
// at a time), then stamps the larger of the clock and one more than the
// user's newest entity. So each of a user's writes has a version of its own,
// later commits have larger ones even when the clock steps back, and a page
// ending at a full `limit` never splits a version: the next page, from its
// largest version, skips nothing.

/** Lock a user's entities and answer the version a write must stamp. See: [Note: User-entity versions only grow, per user, in commit order] */
export const lockEntitiesForWrite = async (
  context: { dialect: DatabaseConfig["kind"]; nowUs: () => number },
  trx: LibraryTransaction,
  userID: number,
): Promise<number> => {
  await lockUsageRow(trx, context.dialect, userID);
  return Math.max(context.nowUs(), (await newestEntityVersion(trx, userID)) + 1);
};
