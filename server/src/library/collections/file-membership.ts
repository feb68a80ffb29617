import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import { apiError, badRequest, forbidden, notFound } from "../../http/api-errors";
import { ensureBatchSize } from "../batch";
import type { LibraryContext } from "../context";
import { deletedFileMarker } from "../file-json";
import { lockedOwnedFiles } from "../files/file-repository";
import { firstTrashedFileAmong } from "../trash/trash-repository";
import type { LibraryTransaction } from "../versions";

// What add, move, restore and remove share: batch checks, the caller's
// files read under a lock, and the lock order.
//
// Lock order in every library write: collections, then files, then the
// trash (see trash/trash-version.ts), so that writers never wait on each
// other in a cycle. Locking the files makes a membership change and a
// concurrent change of the same file (trash, update) run one after the other.

/** Refuse a batch over the cap (413) or naming a file twice (400). */
export const ensureFileBatch = (fileIDs: readonly number[]): void => {
  ensureBatchSize(fileIDs, libraryLimits.collectionBatch, "files");
  if (new Set(fileIDs).size !== fileIDs.length) {
    throw badRequest("A file is listed more than once");
  }
};

/**
 * Lock the caller's files among `fileIDs`; 403 when one is not the caller's,
 * without saying whether it exists. A file deleted for good is 404.
 */
export const lockOwnedFiles = async (
  context: Pick<LibraryContext, "dialect">,
  trx: LibraryTransaction,
  userID: number,
  fileIDs: readonly number[],
): Promise<void> => {
  if (fileIDs.length === 0) return;
  const rows = await lockedOwnedFiles(trx, context.dialect, userID, fileIDs);
  if (rows.length !== fileIDs.length) throw forbidden("Only a file's owner may do this");
  if (rows.some((row) => row.encrypted_metadata === deletedFileMarker)) {
    throw notFound("A file is deleted");
  }
};

/** Refuse files that are in the trash (or deleted from it for good): 409 `FILE_IN_TRASH`. */
export const ensureNotInTrash = async (
  trx: LibraryTransaction,
  fileIDs: readonly number[],
): Promise<void> => {
  if (fileIDs.length === 0) return;
  const trashedFileID = await firstTrashedFileAmong(trx, fileIDs);
  if (trashedFileID !== undefined) {
    throw apiError(409, "FILE_IN_TRASH", `File ${String(trashedFileID)} is in the trash`);
  }
};
