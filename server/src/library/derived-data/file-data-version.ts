import { lockUsageRow } from "../../accounts/usage-repository";
import type { LibraryContext } from "../context";
import type { LibraryTransaction } from "../versions";
import { newestFileDataVersion } from "./file-data-repository";

// [Note: File-data versions only grow, per owner, in commit order]
//
// The status diff pages an owner's `file_data` rows by `updated_at_us`, and
// the client continues from the largest it got (wire-contract §8), so the
// rule of [Note: Trash versions only grow, per user, in commit order]
// applies to them, with the same lock: a write first locks the owner's
// `usage` row (PostgreSQL `SELECT ... FOR UPDATE`; SQLite writes one at a
// time), then takes as its version the larger of the clock and one more
// than the owner's newest row. The same version is the optimistic check's
// value (`lastUpdatedAt`), so two writes never share one. A permanent delete
// holds this lock already (it locks the trash), and stamps its tombstones
// under it. Lock order: the file's row, then the usage row, as a permanent
// delete takes them.

/**
 * Lock an owner's file data and answer the version a write must stamp.
 * See: [Note: File-data versions only grow, per owner, in commit order]
 */
export const lockFileDataForWrite = async (
  context: Pick<LibraryContext, "dialect" | "nowUs">,
  trx: LibraryTransaction,
  ownerID: number,
): Promise<number> => {
  await lockUsageRow(trx, context.dialect, ownerID);
  return Math.max(context.nowUs(), (await newestFileDataVersion(trx, ownerID)) + 1);
};
