import { badRequest, forbidden } from "../../http/api-errors";
import type { DB } from "../../db/db";
import type { LibraryContext } from "../context";
import type { FileRow } from "../file-json";
import { lockCollectionsForWrite, type LibraryTransaction } from "../versions";

// Reading and locking the files a request names.

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
  const rows = await db
    .selectFrom("files")
    .selectAll()
    .where("file_id", "in", [...fileIDs])
    .where("owner_id", "=", userID)
    .execute();
  if (rows.length !== new Set(fileIDs).size) throw forbidden("Only the owner may change a file");
  return rows;
};

/** The collections holding the files (live rows only, or every row). */
export const collectionsOfFiles = async (
  db: DB,
  fileIDs: readonly number[],
  { liveOnly }: { liveOnly: boolean },
): Promise<number[]> => {
  if (fileIDs.length === 0) return [];
  let query = db
    .selectFrom("collection_files")
    .select("collection_id")
    .distinct()
    .where("file_id", "in", [...fileIDs]);
  if (liveOnly) query = query.where("is_deleted", "=", 0);
  return (await query.execute()).map((row) => row.collection_id);
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
  const query = trx
    .selectFrom("files")
    .selectAll()
    .where("file_id", "in", [...fileIDs])
    .orderBy("file_id");
  return (context.dialect === "postgres" ? query.forUpdate() : query).execute();
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

/** Set the version of the files' rows in every collection (or only the live rows). */
export const bumpFileRows = async (
  trx: LibraryTransaction,
  fileIDs: readonly number[],
  versionUs: number,
  { liveOnly }: { liveOnly: boolean },
): Promise<void> => {
  if (fileIDs.length === 0) return;
  let query = trx
    .updateTable("collection_files")
    .set({ updation_time_us: versionUs })
    .where("file_id", "in", [...fileIDs]);
  if (liveOnly) query = query.where("is_deleted", "=", 0);
  await query.execute();
};
