import { badRequest, forbidden } from "../../http/api-errors";
import type { DB } from "../../db/db";
import type { LibraryContext } from "../context";
import type { FileRow } from "../file-json";
import { lockCollectionsForWrite, type LibraryTransaction } from "../versions";
import { collectionsOfFiles } from "../collections/collection-file-repository";
import { lockedFileRows, ownedFilesAmong } from "./file-repository";

// Checking and locking the files a request names.

/** Refuse a batch that names an ID twice (400). */
export const ensureDistinct = (ids: readonly number[], what: string): void => {
  if (new Set(ids).size !== ids.length) throw badRequest(`The same ${what} is listed twice`);
};

/**
 * The caller's files among `fileIDs`, all of them, or 403 when one is not
 * the caller's (without saying whether it exists).
 */
export const ensureOwnedFiles = async (
  db: DB,
  userID: number,
  fileIDs: readonly number[],
): Promise<FileRow[]> => {
  if (fileIDs.length === 0) return [];
  const rows = await ownedFilesAmong(db, userID, fileIDs);
  if (rows.length !== new Set(fileIDs).size) throw forbidden("Only the owner may change a file");
  return rows;
};

export interface LockedFileCollections {
  /** The version the write stamps. See: [Note: Versions of a collection only grow, in commit order] */
  versionUs: number;
  collectionIDs: number[];
}

/**
 * Lock every collection holding the files (plus `alsoCollectionIDs`) and
 * answer the write's version. Locking first and reading the rows again
 * under the locks catches a row added to another collection meanwhile; the
 * loop ends when no new collection appears.
 * See: [Note: A collection is never older than its files]
 */
const lockFileCollections = async (
  context: Pick<LibraryContext, "dialect" | "nowUs">,
  trx: LibraryTransaction,
  fileIDs: readonly number[],
  { liveOnly, alsoCollectionIDs = [] }: { liveOnly: boolean; alsoCollectionIDs?: number[] },
): Promise<LockedFileCollections> => {
  let locked = new Set<number>();
  let versionUs = 0;
  for (;;) {
    const current = await collectionsOfFiles(trx, fileIDs, { liveOnly });
    const wanted = new Set([...locked, ...current, ...alsoCollectionIDs]);
    if (wanted.size === locked.size && versionUs !== 0) {
      return { versionUs, collectionIDs: [...locked] };
    }
    versionUs = Math.max(versionUs, await lockCollectionsForWrite(context, trx, [...wanted]));
    locked = wanted;
  }
};

/** Read the files' rows under a row lock (PostgreSQL; SQLite serialises writes). */
const lockFiles = async (
  context: Pick<LibraryContext, "dialect">,
  trx: LibraryTransaction,
  fileIDs: readonly number[],
): Promise<FileRow[]> => {
  if (fileIDs.length === 0) return [];
  return lockedFileRows(trx, context.dialect, fileIDs);
};

export interface LockedFiles extends LockedFileCollections {
  /** The files' rows, read under their lock. */
  files: FileRow[];
}

/**
 * Lock a write's collections, then its files, the order of every library
 * write (collections, files, trash; see collections/file-membership.ts), and
 * answer the version. A row added to another collection while the files'
 * lock was awaited is caught by reading the collections again.
 */
export const lockFilesForWrite = async (
  context: Pick<LibraryContext, "dialect" | "nowUs">,
  trx: LibraryTransaction,
  fileIDs: readonly number[],
  options: { liveOnly: boolean; alsoCollectionIDs?: number[] },
): Promise<LockedFiles> => {
  const first = await lockFileCollections(context, trx, fileIDs, options);
  const files = await lockFiles(context, trx, fileIDs);
  const again = await lockFileCollections(context, trx, fileIDs, {
    ...options,
    alsoCollectionIDs: [...(options.alsoCollectionIDs ?? []), ...first.collectionIDs],
  });
  return { ...again, versionUs: Math.max(first.versionUs, again.versionUs), files };
};
