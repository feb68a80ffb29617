import { lockUsageRow } from "../../accounts/usage-repository";
import type { LibraryContext } from "../context";
import type { LibraryTransaction } from "../versions";
import { newestTrashVersionUs } from "./trash-repository";

// [Note: Trash versions only grow, per user, in commit order]
//
// The trash diff pages a user's trash rows by `updated_at_us` and the client
// continues from the largest it got (wire-contract §6, §7). The reference
// keeps the column moving with a trigger; we set it in code, on every change
// of a trash row (trash, restore, permanent delete), under the rule of
// [Note: Versions of a collection only grow, in commit order] applied to the
// user's trash as a whole: a write first locks the user's `usage` row
// (PostgreSQL `SELECT ... FOR UPDATE`; SQLite runs one write transaction at
// a time), then takes as its version the larger of the clock and one more
// than the newest `updated_at_us` of the user's trash. So two writes to one
// trash never share a version unless they are one write, and a version
// committed later is always larger, even when the clock goes back.
//
// Lock order: a write that also locks collections locks them first (see
// `lockCollectionsForWrite`), then the trash; the usage row is updated after
// both, so every writer takes the locks in the same order.

/**
 * Lock a user's trash and answer the version the write must stamp on the
 * trash rows it changes. See: [Note: Trash versions only grow, per user, in commit order]
 */
export const lockTrashForWrite = async (
  context: Pick<LibraryContext, "dialect" | "nowUs">,
  trx: LibraryTransaction,
  userID: number,
): Promise<number> => {
  await lockUsageRow(trx, context.dialect, userID);
  return Math.max(context.nowUs(), (await newestTrashVersionUs(trx, userID)) + 1);
};
