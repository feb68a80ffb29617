import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import { badRequest, notFound } from "../../http/api-errors";
import type { EndpointHandler } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { deletedFileMarker } from "../file-json";
import { adjustUsage } from "../../accounts/usage-repository";
import { ensureUploadFits } from "../quota";
import { stampCollections } from "../versions";
import {
  ensureNotQueuedForDeletion,
  ensureOwnObjectKeys,
  measureUploadedObjects,
} from "./create-file";
import { isUniqueViolation } from "../../db/unique-violation";
import { bumpFileRows } from "../collections/collection-file-repository";
import { ensureOwnedFiles, lockFilesForWrite } from "./file-rows";
import { setFileContent } from "./file-repository";
import {
  deleteObjectsOfFile,
  forgetTempObjects,
  insertFileObjects,
  liveObjectsOfFile,
  queueObjectDeletions,
  registeredObjectsNamedOrOf,
} from "./object-repository";

// `PUT /files/update` (wire-contract §5.3): the owner replaces a file's
// objects, headers and metadata (an edited photo). The file keeps its ID and
// key; every collection holding it sees the change at a new version.
// Objects that are replaced are queued for deletion from the blob store.
// Magic metadata has its own calls with their version rule, so an update
// leaves it as it is.

const fileGone = () => notFound("The file is deleted");

export const updateFileHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.updateFile> =>
  async ({ session, body }) => {
    const { db } = context;
    const userID = session.userID;
    const fileID = body.id;
    ensureOwnObjectKeys(userID, body.file.objectKey, body.thumbnail.objectKey);
    const [current] = await ensureOwnedFiles(db, userID, [fileID]);
    if (current === undefined || current.encrypted_metadata === deletedFileMarker) throw fileGone();
    await ensureNotQueuedForDeletion(db, body.file.objectKey, body.thumbnail.objectKey);
    const objects = await measureUploadedObjects(context, body);

    const registered = await registeredObjectsNamedOrOf(
      db,
      [objects.fileKey, objects.thumbnailKey],
      fileID,
    );
    const newKeyOf = { file: objects.fileKey, thumbnail: objects.thumbnailKey } as const;
    for (const key of registered) {
      const isNewKey =
        key.object_key === objects.fileKey || key.object_key === objects.thumbnailKey;
      // A new key may only be this file's current key for the same object.
      if (isNewKey && (key.file_id !== fileID || newKeyOf[key.o_type] !== key.object_key)) {
        throw badRequest("An object key is already registered to another object");
      }
    }
    const oldObjects = registered.filter((key) => key.file_id === fileID && key.is_deleted === 0);
    const oldBytes = oldObjects.reduce((sum, key) => sum + key.size, 0);
    const deltaBytes = objects.fileSizeBytes + objects.thumbSizeBytes - oldBytes;
    await ensureUploadFits(db, userID, context.nowUs(), deltaBytes);

    try {
      const versionUs = await db.transaction().execute(async (trx) => {
        const {
          versionUs,
          collectionIDs,
          files: [locked],
        } = await lockFilesForWrite(context, trx, [fileID], { liveOnly: false });
        if (locked === undefined || locked.encrypted_metadata === deletedFileMarker) {
          throw fileGone();
        }
        const nowUs = context.nowUs();
        const liveKeys = await liveObjectsOfFile(trx, fileID);
        const lockedOldBytes = liveKeys.reduce((sum, key) => sum + key.size, 0);
        const replaced = liveKeys
          .filter((key) => key.object_key !== newKeyOf[key.o_type])
          .map((key) => key.object_key);
        if (replaced.length > 0) await queueObjectDeletions(trx, replaced, nowUs);
        await deleteObjectsOfFile(trx, fileID);
        await insertFileObjects(trx, fileID, objects, nowUs);
        await setFileContent(trx, fileID, {
          file_decryption_header: body.file.decryptionHeader,
          thumbnail_decryption_header: body.thumbnail.decryptionHeader,
          metadata_decryption_header: body.metadata.decryptionHeader,
          encrypted_metadata: body.metadata.encryptedData,
          file_size: objects.fileSizeBytes,
          thumb_size: objects.thumbSizeBytes,
          updation_time_us: versionUs,
        });
        await adjustUsage(
          trx,
          userID,
          objects.fileSizeBytes + objects.thumbSizeBytes - lockedOldBytes,
        );
        await forgetTempObjects(trx, [objects.fileKey, objects.thumbnailKey]);
        await bumpFileRows(trx, [fileID], versionUs, { liveOnly: false });
        await stampCollections(trx, collectionIDs, versionUs);
        return versionUs;
      });
      return { id: fileID, updationTime: versionUs };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw badRequest("An object key is already registered to another object");
      }
      throw error;
    }
  };
