import { base64DecodedLength } from "../../../../shared/api/endpoints/account-schemas";
import type { filePreviewEndpoints } from "../../../../shared/api/endpoints/file-previews";
import { presignedURLValidityMs } from "../../blobs/blob-store";
import type { DB } from "../../db/db";
import { badRequest, notFound } from "../../http/api-errors";
import type { HandlerMap } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { uploadedObjectSize } from "../files/object-sizes";
import {
  forgetTempObjects,
  isTempObjectOf,
  queueObjectDeletions,
} from "../files/object-repository";
import { recordMintedObjectKeys } from "../files/upload-url-handlers";
import { ensureFileDataSize, previewRegistration } from "./derived-data-rules";
import { noSuchFile, ownedFileForPreview, visibleFileIDs } from "./file-access";
import { previewRowOf, upsertFileData } from "./file-data-repository";
import { lockFileDataForWrite } from "./file-data-version";
import { newVideoPreviewObjectID, previewObjectKey } from "./preview-objects";
import { livePreviewKeysOf } from "./stored-previews";

// A file's previews (wire-contract §8): upload URLs for its owner, the
// registration of a video preview with its playlist, and a preview
// object's URL for whoever may see the file. The playlist is read with the
// file-data fetches (file-data-handlers.ts).
// See: [Note: Only a file's owner uploads its previews]
//
// [Note: A video preview replaces the one before]
//
// A file has at most one video preview: its `file_data` row of type
// "vid_preview", naming the object and holding the playlist. Registering
// checks that the object was minted for the file and is not registered yet
// (its `temp_objects` record, which it removes), and that it has exactly
// the size the client claims (Ente's server answers a wrong size with a
// 500 of no particular code; it is the client's mistake, so 400 here). It
// then replaces the row, and the object of the preview it replaces is
// queued for deletion in the same transaction, as `PUT /files/update`
// queues a file's replaced objects (Ente's server leaves such an object in
// place until the file is deleted). The same registration again (a retry
// after an answer that got lost) finds the row already so and answers 200.
// Deleting the file for good queues its preview's object too
// (derived-data-deletion.ts).
//
// [Note: Previews do not count against storage]
//
// Ente's server counts a user's files and thumbnails in `usage`, and
// neither checks the quota before minting a preview's upload URL nor adds a
// preview's bytes when it is registered: a preview is derived data, like
// the ML index. We do the same. What bounds them: one preview per file and
// type (a replaced one is deleted), and an upload that is never registered
// is deleted when its record expires, 14 days after it was minted.

/** Who may see a file's preview. See: [Note: Who may see a file's derived data] */
const ensureVisible = async (db: DB, userID: number, fileID: number): Promise<void> => {
  if (!(await visibleFileIDs(db, userID, [fileID])).has(fileID)) throw noSuchFile();
};

/**
 * A presigned GET URL of a file's preview object of a type, for a caller
 * already allowed to see the file; 404 when the file has none.
 */
export const previewObjectURL = async (
  context: Pick<LibraryContext, "db" | "blobStore">,
  fileID: number,
  type: string,
): Promise<{ url: string }> => {
  const preview = (await livePreviewKeysOf(context.db, [fileID])).find(
    (candidate) => candidate.type === type,
  );
  if (preview === undefined) throw notFound(`The file has no ${type}`);
  return {
    url: await context.blobStore.presignGet(preview.objectKey, {
      validForMs: presignedURLValidityMs,
    }),
  };
};

export const createPreviewHandlers = (
  context: LibraryContext,
): HandlerMap<typeof filePreviewEndpoints> => {
  const { db, blobStore } = context;

  /** What a registration would do now, read without locks. */
  const registrationOf = async (
    db: DB,
    ownerID: number,
    body: { fileID: number; objectID: string; objectSize: number },
    objectKey: string,
  ) => {
    const stored = await previewRowOf(db, body.fileID, "vid_preview");
    const live = stored?.is_deleted === 0 ? stored : undefined;
    const outcome = previewRegistration({
      isMinted: await isTempObjectOf(db, objectKey, ownerID),
      registered:
        live === undefined
          ? undefined
          : { objectID: live.object_id, objectSizeBytes: live.object_size_bytes },
      objectID: body.objectID,
      objectSizeBytes: body.objectSize,
    });
    if (outcome === "refuse") {
      throw badRequest(
        "The object was not minted for this file's video preview, or is registered with another size",
      );
    }
    return { outcome, replacedObjectID: live?.object_id ?? null };
  };

  return {
    getPreviewUploadURL: async ({ session, query }) => {
      const { userID } = session;
      // See: [Note: Only a file's owner uploads its previews]
      await ownedFileForPreview(context, db, userID, query.fileID);
      const objectID = newVideoPreviewObjectID();
      const objectKey = previewObjectKey({
        ownerID: userID,
        fileID: query.fileID,
        type: query.type,
        objectID,
      });
      // The query's schema asks a count of every multipart request.
      const partCount = query.isMultiPart === true ? query.count : undefined;
      // See: [Note: Every minted object key is recorded until it is registered]
      await recordMintedObjectKeys(context, userID, [objectKey], partCount !== undefined);
      const validForMs = presignedURLValidityMs;
      if (partCount === undefined) {
        return { objectID, url: await blobStore.presignPut(objectKey, { validForMs }) };
      }
      const urls = await blobStore.presignMultipartUpload(objectKey, { validForMs, partCount });
      return { objectID, partURLs: urls.partURLs, completeURL: urls.completeURL };
    },

    putVideoData: async ({ session, body }) => {
      const ownerID = session.userID;
      const playlistBytes = base64DecodedLength(body.playlist);
      // See: [Note: A video preview's playlist is kept like ML data]
      ensureFileDataSize(playlistBytes);
      const type = "vid_preview";
      const objectKey = previewObjectKey({
        ownerID,
        fileID: body.fileID,
        type,
        objectID: body.objectID,
      });
      // Refused before the blob store is asked: another's file, a key never minted.
      await ownedFileForPreview(context, db, ownerID, body.fileID);
      await registrationOf(db, ownerID, body, objectKey);
      // See: [Note: A video preview replaces the one before]
      const uploadedBytes = await uploadedObjectSize(blobStore, objectKey);
      if (uploadedBytes !== body.objectSize) {
        throw badRequest(
          `The preview object has ${String(uploadedBytes)} bytes, not ${String(body.objectSize)}`,
        );
      }
      await db.transaction().execute(async (trx) => {
        await ownedFileForPreview(context, trx, ownerID, body.fileID);
        // See: [Note: File-data versions only grow, per owner, in commit order]
        const versionUs = await lockFileDataForWrite(context, trx, ownerID);
        const { outcome, replacedObjectID } = await registrationOf(trx, ownerID, body, objectKey);
        if (outcome === "repeat") return;
        await forgetTempObjects(trx, [objectKey]);
        if (replacedObjectID !== null && replacedObjectID !== body.objectID) {
          const replacedKey = previewObjectKey({
            ownerID,
            fileID: body.fileID,
            type,
            objectID: replacedObjectID,
          });
          await queueObjectDeletions(trx, [replacedKey], context.nowUs());
        }
        await upsertFileData(trx, {
          file_id: body.fileID,
          data_type: type,
          user_id: ownerID,
          encrypted_data: body.playlist,
          decryption_header: body.playlistHeader,
          size: playlistBytes + body.objectSize,
          created_at_us: context.nowUs(),
          updated_at_us: versionUs,
          object_id: body.objectID,
          object_size_bytes: body.objectSize,
        });
      });
      return {};
    },

    getPreviewURL: async ({ session, query }) => {
      await ensureVisible(db, session.userID, query.fileID);
      return previewObjectURL(context, query.fileID, query.type);
    },
  };
};
