import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import type { trashEndpoints } from "../../../../shared/api/endpoints/trash";
import { badRequest } from "../../http/api-errors";
import type { HandlerMap } from "../../http/register-endpoints";
import { ensureBatchSize } from "../batch";
import type { LibraryContext } from "../context";
import { deleteFilesForever } from "./permanent-delete";
import { trashDiffPage } from "./trash-diff";
import { liveTrashFileIDsUpTo, trashStatesOf } from "./trash-repository";

// The trash calls (wire-contract §6).
//
// [Note: Emptying the trash is synchronous, in chunks]
//
// The reference queues `/trash/empty` and answers at once. We delete in the
// request, one transaction per chunk of 2500 files (the `/trash/delete`
// cap), so that a large trash never holds locks for long and each chunk
// commits on its own; a failure midway leaves the rest in the trash, where
// a retry (or the purge at `deleteBy`) finds them. A trash of our scale
// (tens of thousands of files) empties in seconds, and the client learns
// that the trash is empty when the call returns.

/** Files deleted per transaction when emptying the trash. See: [Note: Emptying the trash is synchronous, in chunks] */
const emptyTrashChunkFiles = libraryLimits.trashDeleteBatch;

export const createTrashHandlers = (context: LibraryContext): HandlerMap<typeof trashEndpoints> => {
  const { db } = context;

  return {
    getTrashDiff: async ({ session, query }) => {
      const page = await trashDiffPage(db, session.userID, query.sinceTime);
      return { diff: page.rows, hasMore: page.hasMore };
    },

    deleteFromTrash: async ({ session, body }) => {
      const userID = session.userID;
      ensureBatchSize(body.fileIDs, libraryLimits.trashDeleteBatch, "files");
      const fileIDs = [...new Set(body.fileIDs)];
      if (fileIDs.length === 0) return;
      const rows = new Map(
        (await trashStatesOf(db, userID, fileIDs)).map((row) => [row.file_id, row]),
      );
      const toDelete: number[] = [];
      for (const fileID of fileIDs) {
        const row = rows.get(fileID);
        // A file the caller already deleted for good is done (a retried call).
        if (row?.is_deleted === 1) continue;
        if (row === undefined || row.is_restored === 1) {
          throw badRequest(`File ${String(fileID)} is not in the trash`);
        }
        toDelete.push(fileID);
      }
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteFilesForever(context, trx, userID, toDelete);
        // A concurrent restore took a file out of the trash: refuse the whole call.
        if (deleted.length !== toDelete.length) {
          throw badRequest("A file left the trash meanwhile");
        }
      });
    },

    emptyTrash: async ({ session, body }) => {
      // See: [Note: Emptying the trash is synchronous, in chunks]
      const userID = session.userID;
      for (;;) {
        const chunk = await liveTrashFileIDsUpTo(
          db,
          userID,
          body.lastUpdatedAt,
          emptyTrashChunkFiles,
        );
        if (chunk.length === 0) return;
        await db.transaction().execute(async (trx) => {
          await deleteFilesForever(context, trx, userID, chunk);
        });
      }
    },
  };
};
