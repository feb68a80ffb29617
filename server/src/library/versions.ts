import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import type { LibraryContext } from "./context";
import { lockCollectionVersions, setCollectionVersions } from "./collections/collection-repository";

// [Note: A collection is never older than its files]
//
// A client skips a collection whose stored sync time equals the collection's
// `updationTime`, and pulls its file diff from that time on (wire-contract
// §7.4). So every write to a collection's files (`collection_files` rows, or
// a file's content or metadata, which bumps every row of that file) sets the
// rows' `updation_time_us` and the collection's `updation_time_us` to one
// and the same version, in the same transaction: then
// `collections.updation_time_us >= max(collection_files.updation_time_us)`
// always holds. A write that changes what a collection's diff answers without
// versioning rows (a metadata edit with `skipVersion`, a file deleted for
// good behind a removed entry, the entries of a deleted account) stamps the
// collection alone, so that its version still moves with every change of its
// diff. See: [Note: Encoded diff pages are cached by collection version]
//
// [Note: Versions of a collection only grow, in commit order]
//
// A client that has seen version V of a collection asks for rows newer than
// V next time. If a write with a smaller version committed after a reader saw
// V, the client would never see it. So a write first locks the collections
// it touches (PostgreSQL: `SELECT ... FOR UPDATE`; SQLite runs one write
// transaction at a time, which is the same lock for all), then takes as its
// version the larger of the clock and one more than each locked collection's
// current version. Writes to one collection are thereby serialised and their
// versions grow in commit order, even when the clock goes back or two writes
// fall in the same microsecond.

export type LibraryTransaction = Transaction<Database>;

/**
 * Lock the collections a write touches and answer the version the write must
 * stamp on their rows and on them. See: [Note: Versions of a collection only grow, in commit order]
 */
export const lockCollectionsForWrite = async (
  context: Pick<LibraryContext, "dialect" | "nowUs">,
  trx: LibraryTransaction,
  collectionIDs: readonly number[],
): Promise<number> => {
  const unique = [...new Set(collectionIDs)].sort((a, b) => a - b);
  let newest = 0;
  if (unique.length > 0) {
    const rows = await lockCollectionVersions(trx, context.dialect, unique);
    for (const row of rows) newest = Math.max(newest, row.updation_time_us);
  }
  return Math.max(context.nowUs(), newest + 1);
};

/**
 * Stamp collections with a write's version. They must have been locked by
 * `lockCollectionsForWrite` in the same transaction, whose version is newer
 * than each of theirs. See: [Note: A collection is never older than its files]
 */
export const stampCollections = async (
  trx: LibraryTransaction,
  collectionIDs: readonly number[],
  versionUs: number,
): Promise<void> => {
  const unique = [...new Set(collectionIDs)];
  if (unique.length === 0) return;
  await setCollectionVersions(trx, unique, versionUs);
};
