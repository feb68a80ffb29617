import type { BodyOf } from "../../../../shared/api/endpoint";
import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import { apiError, notFound } from "../../http/api-errors";
import type { EndpointHandler } from "../../http/register-endpoints";
import { ensureBatchSize } from "../batch";
import type { LibraryContext } from "../context";
import { deletedFileMarker } from "../file-json";
import { magicMetadataColumn, storedMagicMetadata } from "../magic-metadata";
import { stampCollections } from "../versions";
import { bumpFileRows } from "../collections/collection-file-repository";
import { ensureDistinct, ensureOwnedFiles, lockFilesForWrite } from "./file-rows";
import { setFileMagicMetadata } from "./file-repository";

// `PUT /files/magic-metadata` and `PUT /files/public-magic-metadata`
// (wire-contract §5.3).
//
// [Note: A file's magic metadata is written over the version it was read at]
//
// Two devices editing one file's metadata (a caption here, archiving there)
// must not silently overwrite each other. An update names the version it
// was made from; the server refuses it with 409 `VERSION_MISMATCH` unless
// that is the stored version, and stores the new metadata at version + 1,
// so the losing device re-reads and merges. A file with no metadata of the
// kind yet takes any version, as Ente's server does: the Ente web app starts
// a file's first metadata at version 1 (Cairn's clients at 0), and both are
// stored at their version + 1. An
// update whose key count is more than 2 below the stored count is refused
// too (409): it almost certainly comes from a client that dropped keys it
// did not understand. The check and the write happen under the file's row
// lock, after the collections' locks (see file-rows.ts for the order).

/** How many keys an update may have fewer than the stored metadata. See: [Note: A file's magic metadata is written over the version it was read at] */
const allowedCountDrop = 2;

type Column = "magic_metadata" | "pub_magic_metadata";
type MagicMetadataBody = BodyOf<typeof fileEndpoints.updateFileMagicMetadata>;

const conflict = (message: string) => apiError(409, "VERSION_MISMATCH", message);

const updateMagicMetadata = async (
  context: LibraryContext,
  userID: number,
  body: MagicMetadataBody,
  column: Column,
): Promise<void> => {
  const { metadataList, skipVersion = false } = body;
  ensureBatchSize(metadataList, libraryLimits.collectionBatch, "files");
  const fileIDs = metadataList.map((item) => item.id);
  ensureDistinct(fileIDs, "file");
  await ensureOwnedFiles(context.db, userID, fileIDs);

  await context.db.transaction().execute(async (trx) => {
    // Every collection holding the files, removed entries too: their diffs
    // answer the new metadata, so each gets a new version.
    // See: [Note: Encoded diff pages are cached by collection version]
    const { versionUs, collectionIDs, files } = await lockFilesForWrite(context, trx, fileIDs, {
      liveOnly: false,
    });
    const rows = new Map(files.map((row) => [row.file_id, row]));
    for (const { id, magicMetadata } of metadataList) {
      const row = rows.get(id);
      if (row === undefined || row.encrypted_metadata === deletedFileMarker) {
        throw notFound(`File ${String(id)} is deleted`);
      }
      const stored = storedMagicMetadata(row[column]);
      if (stored !== undefined && magicMetadata.version !== stored.version) {
        throw conflict(
          `File ${String(id)} has metadata version ${String(stored.version)}, not ${String(magicMetadata.version)}`,
        );
      }
      if (stored !== undefined && magicMetadata.count < stored.count - allowedCountDrop) {
        throw conflict(
          `File ${String(id)} has ${String(stored.count)} metadata keys; an update with ${String(magicMetadata.count)} would lose some`,
        );
      }
      await setFileMagicMetadata(trx, id, {
        [column]: magicMetadataColumn(magicMetadata, magicMetadata.version + 1),
        ...(skipVersion ? {} : { updation_time_us: versionUs }),
      });
    }
    // With `skipVersion` the entries keep their versions (clients that have
    // them are not told), but the collections still change version: a page
    // kept for the old one would answer the old metadata to new readers.
    if (!skipVersion) await bumpFileRows(trx, fileIDs, versionUs, { liveOnly: true });
    await stampCollections(trx, collectionIDs, versionUs);
  });
};

export const updateFileMagicMetadataHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.updateFileMagicMetadata> =>
  async ({ session, body }) => {
    await updateMagicMetadata(context, session.userID, body, "magic_metadata");
  };

export const updateFilePublicMagicMetadataHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.updateFilePublicMagicMetadata> =>
  async ({ session, body }) => {
    await updateMagicMetadata(context, session.userID, body, "pub_magic_metadata");
  };
