import {
  fileDataLimits,
  type fileDataEndpoints,
  type RemoteFileDataJSON,
} from "../../../../shared/api/endpoints/file-data";
import { base64DecodedLength } from "../../../../shared/api/endpoints/account-schemas";
import type { DB } from "../../db/db";
import { notFound } from "../../http/api-errors";
import { noContent, type HandlerMap } from "../../http/register-endpoints";
import { ensureBatchSize } from "../batch";
import type { LibraryContext } from "../context";
import { readDiffPage } from "../diff-page";
import {
  ensureFileDataSize,
  ensureWrittenOverStored,
  sortFetchedFileData,
} from "./derived-data-rules";
import { noSuchFile, ownerForDerivedWrite, visibleFileIDs } from "./file-access";
import {
  fileDataRowOf,
  fileDataStatusAfter,
  fileDataStatusAt,
  liveFileDataOf,
  upsertFileData,
  type FileDataRow,
} from "./file-data-repository";
import { lockFileDataForWrite } from "./file-data-version";

// The file-data calls of wire-contract §8 (the preview ones are in
// preview-handlers.ts). `mldata` and a video preview's playlist are kept in
// the database. See: [Note: A file's ML data is bounded at 1 MiB]
// See: [Note: A video preview's playlist is kept like ML data]

const fileDataJSON = (row: FileDataRow): RemoteFileDataJSON => ({
  fileID: row.file_id,
  type: row.data_type,
  encryptedData: row.encrypted_data,
  decryptionHeader: row.decryption_header,
  updatedAt: row.updated_at_us,
});

/**
 * A file's stored data of a type as `GET /files/data/fetch` answers it,
 * for a caller already allowed to see the file: 204 without any when the
 * caller prefers no content, else 404 `NOT_FOUND`.
 */
export const oneFileDataAnswer = async (
  db: DB,
  fileID: number,
  type: string,
  preferNoContent: boolean | undefined,
): Promise<{ data: RemoteFileDataJSON } | typeof noContent> => {
  const [row] = await liveFileDataOf(db, [fileID], type);
  if (row !== undefined) return { data: fileDataJSON(row) };
  if (preferNoContent === true) return noContent;
  throw notFound(`The file has no ${type}`);
};

export const createFileDataHandlers = (
  context: LibraryContext,
): HandlerMap<typeof fileDataEndpoints> => {
  const { db } = context;

  /** The stored rows of a type of the files. */
  const storedRowsOf = (fileIDs: readonly number[], type: string) =>
    liveFileDataOf(db, fileIDs, type);

  return {
    putFileData: async ({ session, body }) => {
      const sizeBytes = base64DecodedLength(body.encryptedData);
      ensureFileDataSize(sizeBytes);
      await db.transaction().execute(async (trx) => {
        // See: [Note: Who may see a file's derived data]
        const ownerID = await ownerForDerivedWrite(context, trx, session.userID, body.fileID);
        // See: [Note: File-data versions only grow, per owner, in commit order]
        const versionUs = await lockFileDataForWrite(context, trx, ownerID);
        const stored = await fileDataRowOf(trx, body.fileID, body.type);
        const storedUs =
          stored === undefined || stored.is_deleted === 1 ? undefined : stored.updated_at_us;
        ensureWrittenOverStored(storedUs, body.lastUpdatedAt);
        await upsertFileData(trx, {
          file_id: body.fileID,
          data_type: body.type,
          user_id: ownerID,
          encrypted_data: body.encryptedData,
          decryption_header: body.decryptionHeader,
          size: sizeBytes,
          created_at_us: context.nowUs(),
          updated_at_us: versionUs,
        });
      });
      return {};
    },

    fetchFilesData: async ({ session, body }) => {
      ensureBatchSize(body.fileIDs, fileDataLimits.fetchBatch, "files");
      const asked = [...new Set(body.fileIDs)];
      const visible = await visibleFileIDs(db, session.userID, asked);
      const rows = await storedRowsOf([...visible], body.type);
      const sorted = sortFetchedFileData(asked, visible, rows.map(fileDataJSON));
      return {
        data: sorted.data,
        pendingIndexFileIDs: sorted.pendingIndexFileIDs,
        errFileIDs: sorted.errFileIDs,
      };
    },

    fetchFileData: async ({ session, query }) => {
      const visible = await visibleFileIDs(db, session.userID, [query.fileID]);
      if (!visible.has(query.fileID)) throw noSuchFile();
      return oneFileDataAnswer(db, query.fileID, query.type, query.preferNoContent);
    },

    getFileDataStatusDiff: async ({ session, body }) => {
      const { userID } = session;
      // See: [Note: Diff pagination never splits a version]
      const page = await readDiffPage(
        {
          rowsAfter: (after, count) => fileDataStatusAfter(db, userID, after, count),
          rowsAt: (at) => fileDataStatusAt(db, userID, at),
          versionOf: (row) => row.updated_at_us,
        },
        body.lastUpdatedAt,
        fileDataLimits.statusDiffRows,
      );
      return {
        diff: page.rows.map((row) => ({
          fileID: row.file_id,
          userID: row.user_id,
          type: row.data_type,
          isDeleted: row.is_deleted === 1,
          // Ente's server answers both, null when a row has none.
          objectID: row.object_id,
          objectNonce: null,
          size: row.size,
          updatedAt: row.updated_at_us,
        })),
      };
    },
  };
};
