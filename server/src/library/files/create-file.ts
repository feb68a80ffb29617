import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import type { BodyOf } from "../../../../shared/api/endpoint";
import type { RemoteFileJSON } from "../../../../shared/api/endpoints/library-schemas";
import { badRequest } from "../../http/api-errors";
import { nextID } from "../../db/id-counters";
import type { DB } from "../../db/db";
import type { EndpointHandler } from "../../http/register-endpoints";
import { collectionFileEntry } from "../collections/collection-file-repository";
import type { CollectionRow } from "../collections/collection-repository";
import { ownedCollection } from "../access";
import type { LibraryContext } from "../context";
import { fileJSON } from "../file-json";
import { magicMetadataColumn } from "../magic-metadata";
import { adjustUsage } from "../../accounts/usage-repository";
import { ensureFileObjectSize, ensureUploadFits } from "../quota";
import { lockCollectionsForWrite, stampCollections } from "../versions";
import { isUniqueViolation } from "../../db/unique-violation";
import { uploadedObjectSize } from "./object-sizes";
import {
  forgetTempObjects,
  isAnyQueuedForDeletion,
  registeredObjectsNamed,
} from "./object-repository";
import { fileByID } from "./file-repository";
import { insertNewFile, newFileRows } from "./new-file-rows";
import { isOwnObjectKey } from "./upload-rules";

// `POST /files` (wire-contract §5.2): registers uploaded objects as a new file
// of a collection the caller owns.

export type NewFileBody = BodyOf<typeof fileEndpoints.createFile>;

export interface UploadedObjects {
  fileKey: string;
  thumbnailKey: string;
  fileSizeBytes: number;
  thumbSizeBytes: number;
}

/** Refuse object keys outside the caller's folder, or one key used twice (400). */
export const ensureOwnObjectKeys = (userID: number, fileKey: string, thumbnailKey: string) => {
  if (!isOwnObjectKey(userID, fileKey) || !isOwnObjectKey(userID, thumbnailKey)) {
    throw badRequest("Object keys must be ones minted for the caller");
  }
  if (fileKey === thumbnailKey) throw badRequest("The file and thumbnail objects must differ");
};

/**
 * Refuse objects queued for deletion (400): a key that was replaced or whose
 * file was deleted for good names a blob about to go.
 */
export const ensureNotQueuedForDeletion = async (
  db: DB,
  fileKey: string,
  thumbnailKey: string,
): Promise<void> => {
  if (await isAnyQueuedForDeletion(db, [fileKey, thumbnailKey])) {
    throw badRequest("An object is deleted");
  }
};

/**
 * The real sizes of a request's objects (503 when one is missing), checked
 * against the 10 GiB limit (413) and against the sizes the client sent, when
 * it sent any (400).
 */
export const measureUploadedObjects = async (
  context: LibraryContext,
  body: Pick<NewFileBody, "file" | "thumbnail">,
): Promise<UploadedObjects> => {
  const [fileSizeBytes, thumbSizeBytes] = await Promise.all([
    uploadedObjectSize(context.blobStore, body.file.objectKey),
    uploadedObjectSize(context.blobStore, body.thumbnail.objectKey),
  ]);
  ensureFileObjectSize(fileSizeBytes);
  const claimed = [
    ["file", body.file.size, fileSizeBytes],
    ["thumbnail", body.thumbnail.size, thumbSizeBytes],
  ] as const;
  for (const [what, sent, real] of claimed) {
    // 0, null or absent: the server measures it. See: [Note: A request's null is its absence]
    if ((sent ?? 0) !== 0 && sent !== real) {
      throw badRequest(`The ${what} object has ${String(real)} bytes, not ${String(sent)}`);
    }
  }
  return {
    fileKey: body.file.objectKey,
    thumbnailKey: body.thumbnail.objectKey,
    fileSizeBytes,
    thumbSizeBytes,
  };
};

// [Note: Registering the same objects twice answers the same file]
//
// A client whose `POST /files` timed out retries it with the same body. If
// the objects are already registered, the file they belong to is answered
// when the request describes exactly that file (same collection and key,
// same headers and metadata), so the retry succeeds without a duplicate;
// any other reuse of a registered object key is refused (400), since an
// object belongs to one file. This check runs before the quota check: the
// first attempt already counted the bytes. A concurrent retry that loses the
// race on the unique object key lands here too.

/** The file an idempotent retry asks for, or 400 when the keys belong elsewhere. See: [Note: Registering the same objects twice answers the same file] */
const alreadyRegistered = async (
  db: DB,
  userID: number,
  body: NewFileBody,
): Promise<RemoteFileJSON | undefined> => {
  const keys = await registeredObjectsNamed(db, [body.file.objectKey, body.thumbnail.objectKey]);
  if (keys.length === 0) return undefined;
  const refused = badRequest("An object key is already registered to another file");
  const fileID = keys[0]?.file_id;
  const sameFile =
    keys.length === 2 &&
    keys.every(
      (key) =>
        key.file_id === fileID &&
        key.o_type === (key.object_key === body.file.objectKey ? "file" : "thumbnail"),
    );
  if (!sameFile || fileID === undefined) throw refused;
  const [file, entry] = await Promise.all([
    fileByID(db, fileID),
    collectionFileEntry(db, body.collectionID, fileID),
  ]);
  if (
    file === undefined ||
    entry === undefined ||
    file.owner_id !== userID ||
    entry.is_deleted !== 0 ||
    entry.encrypted_key !== body.encryptedKey ||
    entry.key_decryption_nonce !== body.keyDecryptionNonce ||
    file.file_decryption_header !== body.file.decryptionHeader ||
    file.thumbnail_decryption_header !== body.thumbnail.decryptionHeader ||
    file.encrypted_metadata !== body.metadata.encryptedData ||
    file.metadata_decryption_header !== body.metadata.decryptionHeader
  ) {
    throw refused;
  }
  return fileJSON(file, entry, {
    viewerID: userID,
    objects: { fileObjectKey: body.file.objectKey, thumbnailObjectKey: body.thumbnail.objectKey },
  });
};

/** The version stored with magic metadata sent at creation: the first one. */
const firstMagicMetadataVersion = 1;

export const createFileHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.createFile> =>
  async ({ session, body, app }) => {
    ensureOwnObjectKeys(session.userID, body.file.objectKey, body.thumbnail.objectKey);
    const collection = await ownedCollection(context.db, session.userID, body.collectionID, {
      app,
    });
    return registerNewFile(context, session.userID, collection, body);
  };

/**
 * Registers uploaded objects as a new file of `userID` in `collection`
 * (which the caller checked `userID` owns, as the objects' keys): sizes
 * measured, quota checked, rows written under the collection's lock. The
 * owner's upload, and an upload through a collecting public link, which
 * uploads in the owner's name.
 */
export const registerNewFile = async (
  context: LibraryContext,
  userID: number,
  collection: Pick<CollectionRow, "collection_id" | "owner_id">,
  body: NewFileBody,
): Promise<RemoteFileJSON> => {
  const { db } = context;
  await ensureNotQueuedForDeletion(db, body.file.objectKey, body.thumbnail.objectKey);
  const objects = await measureUploadedObjects(context, body);
  const retried = await alreadyRegistered(db, userID, body);
  if (retried !== undefined) return retried;
  const totalBytes = objects.fileSizeBytes + objects.thumbSizeBytes;
  await ensureUploadFits(db, userID, context.nowUs(), totalBytes);

  try {
    const { file, entry } = await db.transaction().execute(async (trx) => {
      const versionUs = await lockCollectionsForWrite(context, trx, [collection.collection_id]);
      const nowUs = context.nowUs();
      const rows = newFileRows(
        {
          fileID: await nextID(trx, "file"),
          ownerID: userID,
          collection,
          encryptedKey: body.encryptedKey,
          keyDecryptionNonce: body.keyDecryptionNonce,
          fileDecryptionHeader: body.file.decryptionHeader,
          thumbnailDecryptionHeader: body.thumbnail.decryptionHeader,
          metadataDecryptionHeader: body.metadata.decryptionHeader,
          encryptedMetadata: body.metadata.encryptedData,
          // See: [Note: A request's null is its absence]
          magicMetadata:
            body.magicMetadata == null
              ? null
              : magicMetadataColumn(body.magicMetadata, firstMagicMetadataVersion),
          pubMagicMetadata:
            body.pubMagicMetadata == null
              ? null
              : magicMetadataColumn(body.pubMagicMetadata, firstMagicMetadataVersion),
          objects,
        },
        versionUs,
        nowUs,
      );
      await insertNewFile(trx, rows, nowUs);
      await adjustUsage(trx, userID, totalBytes);
      await forgetTempObjects(trx, [objects.fileKey, objects.thumbnailKey]);
      await stampCollections(trx, [collection.collection_id], versionUs);
      return rows;
    });
    return fileJSON(file, entry, {
      viewerID: userID,
      objects: { fileObjectKey: objects.fileKey, thumbnailObjectKey: objects.thumbnailKey },
    });
  } catch (error) {
    // See: [Note: Registering the same objects twice answers the same file]
    if (!isUniqueViolation(error)) throw error;
    const retried = await alreadyRegistered(db, userID, body);
    if (retried === undefined) throw error;
    return retried;
  }
};
