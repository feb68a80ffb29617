import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import type { EndpointHandler } from "../../http/register-endpoints";
import { ensureBatchSize } from "../batch";
import type { LibraryContext } from "../context";
import { ownedFileSizes, ownedFilesSharingASize } from "./file-repository";

// Size reads (wire-contract §5.3 "Other read endpoints"). Only the caller's
// own files count; others are unknown, whether they exist or not.

/** What `/files/info` answers for a file it does not know (wire-contract §5.3). */
const unknownSize = -1;

export const getFilesSizeHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.getFilesSize> =>
  async ({ session, body }) => {
    ensureBatchSize(body.fileIDs, libraryLimits.fileQueryBatch, "files");
    const fileIDs = [...new Set(body.fileIDs)];
    if (fileIDs.length === 0) return { size: 0 };
    const rows = await ownedFileSizes(context.db, session.userID, fileIDs);
    return { size: rows.reduce((sum, row) => sum + row.file_size + row.thumb_size, 0) };
  };

export const getFilesInfoHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.getFilesInfo> =>
  async ({ session, body }) => {
    ensureBatchSize(body.fileIDs, libraryLimits.fileQueryBatch, "files");
    const fileIDs = [...new Set(body.fileIDs)];
    const rows =
      fileIDs.length === 0 ? [] : await ownedFileSizes(context.db, session.userID, fileIDs);
    const known = new Map(rows.map((row) => [row.file_id, row]));
    return {
      filesInfo: fileIDs.map((id) => {
        const row = known.get(id);
        return {
          id,
          fileInfo:
            row === undefined
              ? { fileSize: unknownSize, thumbSize: unknownSize }
              : { fileSize: row.file_size, thumbSize: row.thumb_size },
        };
      }),
    };
  };

export const getDuplicateFilesHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.getDuplicateFiles> =>
  async ({ session }) => {
    const rows = await ownedFilesSharingASize(context.db, session.userID);
    const bySize = new Map<number, number[]>();
    for (const row of rows) {
      const group = bySize.get(row.file_size);
      if (group === undefined) bySize.set(row.file_size, [row.file_id]);
      else group.push(row.file_id);
    }
    return { duplicates: [...bySize].map(([size, fileIDs]) => ({ fileIDs, size })) };
  };
