import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import { notFound } from "../../http/api-errors";
import type { DB } from "../../db/db";
import { presignedURLValidityMs } from "../../blobs/blob-store";
import type { EndpointHandler } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { deletedFileMarker } from "../file-json";
import { isFileSharedWith } from "../collections/collection-file-repository";
import { fileOwnerAndMetadata } from "./file-repository";
import { liveObjectKeyOf } from "./object-repository";

// Downloads (wire-contract §5.4): a 307 to a signed URL of the file's or the
// thumbnail's ciphertext. The web app passes its token as `?token=` (the auth
// layer reads it) so that no header follows the redirect to the blob store.
//
// [Note: Who may download a file]
//
// The file's owner (also while the file is in the trash, whose view shows
// it), or a participant of a collection holding the file: a live
// `collection_files` row of the file in a collection with a live share
// whose sharee or sharer is the caller. Anyone else, and a file deleted for
// good, gets the 404 of a file that does not exist.

const noSuchFile = () => notFound("No such file");

/** Whether the caller may download the file. See: [Note: Who may download a file] */
const mayDownload = async (db: DB, userID: number, fileID: number): Promise<boolean> => {
  const file = await fileOwnerAndMetadata(db, fileID);
  if (file === undefined || file.encrypted_metadata === deletedFileMarker) return false;
  if (file.owner_id === userID) return true;
  return isFileSharedWith(db, userID, fileID);
};

const redirectToObject = async (
  context: LibraryContext,
  userID: number,
  fileID: number,
  objectType: "file" | "thumbnail",
): Promise<{ location: string }> => {
  if (!(await mayDownload(context.db, userID, fileID))) throw noSuchFile();
  return presignedObjectURL(context, fileID, objectType);
};

/** A 307 to a signed URL of the file's (or thumbnail's) ciphertext, for a caller already allowed. */
export const presignedObjectURL = async (
  context: Pick<LibraryContext, "db" | "blobStore">,
  fileID: number,
  objectType: "file" | "thumbnail",
): Promise<{ location: string }> => {
  const objectKey = await liveObjectKeyOf(context.db, fileID, objectType);
  if (objectKey === undefined) throw noSuchFile();
  return {
    location: await context.blobStore.presignGet(objectKey, {
      validForMs: presignedURLValidityMs,
      attachment: true,
      octetStream: true,
    }),
  };
};

export const downloadFileHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.downloadFile> =>
  ({ session, params }) =>
    redirectToObject(context, session.userID, params.fileID, "file");

export const previewFileHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.previewFile> =>
  ({ session, params }) =>
    redirectToObject(context, session.userID, params.fileID, "thumbnail");
