import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import {
  type BatchedThumbnail,
  encodeThumbnailBatch,
} from "../../../../shared/api/thumbnail-batch";
import type { BlobStore } from "../../blobs/blob-store";
import type { DB } from "../../db/db";
import type { EndpointHandler } from "../../http/register-endpoints";
import { ensureBatchSize } from "../batch";
import { filesSharedWith } from "../collections/collection-file-repository";
import type { LibraryContext } from "../context";
import { liveFileOwners } from "./file-repository";
import { liveObjectKeysOf } from "./object-repository";

// `POST /files/previews`: many thumbnails' ciphertexts in one answer.
// See: [Note: Thumbnails are fetched many to a request]

/**
 * The thumbnail keys of those of `fileIDs` the user may download, by file ID,
 * in three queries whatever their number. See: [Note: Who may download a file]
 */
const readableThumbnailKeys = async (
  db: DB,
  userID: number,
  fileIDs: readonly number[],
): Promise<Map<number, string>> => {
  const owners = await liveFileOwners(db, fileIDs);
  const othersFiles = owners.filter((row) => row.owner_id !== userID).map((row) => row.file_id);
  const shared = await filesSharedWith(db, userID, othersFiles);
  const readable = owners
    .filter((row) => row.owner_id === userID || shared.has(row.file_id))
    .map((row) => row.file_id);
  return liveObjectKeysOf(db, readable, "thumbnail");
};

const entryOf = async (
  blobStore: BlobStore,
  objectKey: string | undefined,
): Promise<BatchedThumbnail<Uint8Array>> => {
  if (objectKey === undefined) return { kind: "missing" };
  const bytes = await blobStore.readSmall(objectKey, libraryLimits.thumbnailBatchEntryBytes);
  if (bytes === undefined) return { kind: "missing" };
  if (bytes === "tooLarge") return { kind: "fetchAlone" };
  return { kind: "bytes", bytes };
};

export const previewFilesHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.previewFiles> =>
  async ({ session, body }) => {
    ensureBatchSize(body.fileIDs, libraryLimits.thumbnailBatchFiles, "files");
    const unique = [...new Set(body.fileIDs)];
    const keys =
      unique.length === 0
        ? new Map<number, string>()
        : await readableThumbnailKeys(context.db, session.userID, unique);
    const entries = new Map(
      await Promise.all(
        unique.map(
          async (fileID) => [fileID, await entryOf(context.blobStore, keys.get(fileID))] as const,
        ),
      ),
    );
    // A file asked for twice is answered twice, as asked.
    return encodeThumbnailBatch(
      body.fileIDs.map((fileID) => entries.get(fileID) ?? { kind: "missing" }),
    );
  };
