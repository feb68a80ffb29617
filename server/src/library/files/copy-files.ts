import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import type { ClientApp } from "../../../../shared/api/headers";
import { adjustUsage } from "../../accounts/usage-repository";
import type { BlobStore } from "../../blobs/blob-store";
import { nextID } from "../../db/id-counters";
import { apiError, badRequest } from "../../http/api-errors";
import type { EndpointHandler } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { deleteBlobs } from "../jobs/blob-deletion";
import { ensureUploadFits } from "../quota";
import { lockCollectionsForWrite, stampCollections } from "../versions";
import { readCopyPlan, type CopyRequest } from "./copy-plan";
import { copyBatchProblem, type CopySource } from "./copy-rules";
import { insertNewFile, newFileRows } from "./new-file-rows";
import {
  forgetTempObjects,
  recordTempObjects,
  registeredObjectsNamed,
  type FileObjects,
} from "./object-repository";
import { tempObjectLifetimeUs } from "./upload-url-handlers";
import { newObjectKey } from "./upload-rules";

// `POST /files/copy` (wire-contract §5.3): saving files that others own,
// from a collection shared with the caller, into a collection of the
// caller's, as files of the caller's own.
//
// [Note: A copy of another's file is a new upload]
//
// A copy is the file the caller would have made by downloading the original
// and uploading it again, without the bytes leaving the server: its objects
// are copied inside the blob store to new keys in the caller's folder (the
// same ciphertext, apart from the original's objects, so that the original's
// deletion leaves the copy whole), and its rows are those `POST /files`
// writes (new-file-rows.ts), in the destination, stamped with a new version
// (so the copy appears in the destination's diff), the objects' bytes added
// to the caller's usage after the quota check (402, 426). It carries the
// original's headers, metadata and public magic metadata as they are
// (version included: the Ente apps keep the original's local record for the
// copy, with its version, until they sync), and not the owner's private
// magic metadata, which the caller never saw. Its key is the item's: the
// file key under the destination's key. The original's derived data
// (embeddings, previews) stays with the original, as on the reference
// server, and the copy gets its own when the caller's apps index it.
//
// [Note: An interrupted copy leaves nothing behind]
//
// The new keys are recorded in `temp_objects` before any object is copied
// (See: [Note: Every minted object key is recorded until it is registered]),
// and the transaction that writes the rows removes the records. So a copy
// that fails (a missing object, a refused write) deletes the objects it
// made, and one that dies with the server leaves records whose objects the
// upload expiry job deletes; a copied object is never left unrecorded. All
// the files of a request are written in one transaction: a request copies
// all of its files or none. That transaction checks the request again under
// the collections' and files' locks, and refuses (409) a file whose objects
// changed after they were copied, so a copy is never of a file that was
// replaced meanwhile.

/** Object copies in flight at once: enough to hide an S3 round trip, gentle on the local disk. */
const parallelObjectCopies = 8;

interface PlannedCopy {
  source: CopySource;
  /** The copy's objects: new keys, the original's sizes. */
  objects: FileObjects;
}

const changedMeanwhile = () =>
  apiError(409, "CONFLICT", "A file changed while it was copied; ask again");

/**
 * Copy the originals' objects to the copies' keys. Throws 409 when an
 * original's object is gone. See: [Note: An interrupted copy leaves nothing behind]
 */
const copyObjects = async (blobStore: BlobStore, copies: readonly PlannedCopy[]) => {
  const pairs = copies.flatMap(({ source, objects }) => [
    [source.objects.fileKey, objects.fileKey] as const,
    [source.objects.thumbnailKey, objects.thumbnailKey] as const,
  ]);
  for (let start = 0; start < pairs.length; start += parallelObjectCopies) {
    const batch = pairs.slice(start, start + parallelObjectCopies);
    // Every copy of the batch ends before a failure is thrown, so that none
    // lands after its key was cleaned up.
    const results = await Promise.allSettled(batch.map(([from, to]) => blobStore.copy(from, to)));
    for (const result of results) if (result.status === "rejected") throw result.reason;
    if (results.some((result) => result.status === "fulfilled" && !result.value)) {
      throw changedMeanwhile();
    }
  }
};

/**
 * Delete the objects of a copy that failed, except any that got registered
 * all the same (a commit whose answer was lost), and forget their records.
 * What cannot be deleted now stays recorded for the upload expiry job.
 * See: [Note: An interrupted copy leaves nothing behind]
 */
const discardCopies = async (context: LibraryContext, keys: readonly string[]) => {
  try {
    const registered = new Set(
      (await registeredObjectsNamed(context.db, keys)).map((row) => row.object_key),
    );
    await deleteBlobs(
      context,
      keys.filter((key) => !registered.has(key)),
      (deleted) => forgetTempObjects(context.db, deleted),
    );
  } catch (error) {
    context.log.warn({ err: error }, "the objects of a failed copy are left to the upload expiry");
  }
};

/**
 * Each copy with its original as read again, or undefined when an original
 * no longer has the objects that were copied.
 */
const withOriginalsNow = (copies: readonly PlannedCopy[], now: readonly CopySource[]) => {
  if (copies.length !== now.length) return undefined;
  const paired: { copy: PlannedCopy; original: CopySource }[] = [];
  for (const [index, copy] of copies.entries()) {
    const original = now[index];
    const { source } = copy;
    if (
      original?.file.file_id !== source.file.file_id ||
      original.objects.fileKey !== source.objects.fileKey ||
      original.objects.thumbnailKey !== source.objects.thumbnailKey
    ) {
      return undefined;
    }
    paired.push({ copy, original });
  }
  return paired;
};

/**
 * Write the copies' rows in one transaction, after checking the request
 * again under the locks; answers the new file's ID by the original's.
 * See: [Note: A copy of another's file is a new upload]
 */
const commitCopies = (
  context: LibraryContext,
  callerID: number,
  app: ClientApp,
  request: CopyRequest,
  copies: readonly PlannedCopy[],
): Promise<Record<string, number>> =>
  context.db.transaction().execute(async (trx) => {
    // The source is locked too, so that its files and shares hold still
    // while they are checked; only the destination changes.
    const versionUs = await lockCollectionsForWrite(context, trx, [
      request.srcCollectionID,
      request.dstCollectionID,
    ]);
    const { destination, sources } = await readCopyPlan(context, trx, callerID, app, request, {
      lockFiles: true,
    });
    const paired = withOriginalsNow(copies, sources);
    if (paired === undefined) throw changedMeanwhile();
    const nowUs = context.nowUs();
    const firstFileID = await nextID(trx, "file", paired.length);
    const oldToNewFileIDs: Record<string, number> = {};
    let totalBytes = 0;
    for (const [index, { copy, original }] of paired.entries()) {
      const { file, item } = original;
      const rows = newFileRows(
        {
          fileID: firstFileID + index,
          ownerID: callerID,
          collection: destination,
          encryptedKey: item.encryptedKey,
          keyDecryptionNonce: item.keyDecryptionNonce,
          fileDecryptionHeader: file.file_decryption_header,
          thumbnailDecryptionHeader: file.thumbnail_decryption_header,
          metadataDecryptionHeader: file.metadata_decryption_header,
          encryptedMetadata: file.encrypted_metadata,
          magicMetadata: null,
          pubMagicMetadata: file.pub_magic_metadata,
          objects: copy.objects,
        },
        versionUs,
        nowUs,
      );
      await insertNewFile(trx, rows, nowUs);
      oldToNewFileIDs[String(file.file_id)] = rows.file.file_id;
      totalBytes += copy.objects.fileSizeBytes + copy.objects.thumbSizeBytes;
    }
    await adjustUsage(trx, callerID, totalBytes);
    await forgetTempObjects(
      trx,
      copies.flatMap(({ objects }) => [objects.fileKey, objects.thumbnailKey]),
    );
    await stampCollections(trx, [request.dstCollectionID], versionUs);
    return oldToNewFileIDs;
  });

/** Copies the files; answers the new file's ID by the original's. */
export const copyFiles = async (
  context: LibraryContext,
  callerID: number,
  app: ClientApp,
  request: CopyRequest,
): Promise<Record<string, number>> => {
  const { db } = context;
  const problem = copyBatchProblem(request.items.map((item) => item.id));
  if (problem !== undefined) throw badRequest(problem);
  const { sources } = await readCopyPlan(context, db, callerID, app, request, {
    lockFiles: false,
  });
  if (sources.length === 0) return {};
  const totalBytes = sources.reduce(
    (sum, { objects }) => sum + objects.fileSizeBytes + objects.thumbSizeBytes,
    0,
  );
  await ensureUploadFits(db, callerID, context.nowUs(), totalBytes);

  const copies: PlannedCopy[] = sources.map((source) => ({
    source,
    objects: {
      ...source.objects,
      fileKey: newObjectKey(callerID),
      thumbnailKey: newObjectKey(callerID),
    },
  }));
  const newKeys = copies.flatMap(({ objects }) => [objects.fileKey, objects.thumbnailKey]);
  const expiresAtUs = context.nowUs() + tempObjectLifetimeUs;
  await recordTempObjects(
    db,
    newKeys.map((objectKey) => ({ objectKey, userID: callerID, isMultipart: false, expiresAtUs })),
  );
  try {
    await copyObjects(context.blobStore, copies);
    return await commitCopies(context, callerID, app, request, copies);
  } catch (error) {
    await discardCopies(context, newKeys);
    throw error;
  }
};

export const copyFilesHandler =
  (context: LibraryContext): EndpointHandler<typeof fileEndpoints.copyFiles> =>
  async ({ session, body, app }) => ({
    oldToNewFileIDMap: await copyFiles(context, session.userID, app, {
      srcCollectionID: body.srcCollectionID,
      dstCollectionID: body.dstCollectionID,
      items: body.files,
    }),
  });
