import { z } from "zod";
import { bytesResponse, defineEndpoint, emptyResponse, redirectResponse } from "../endpoint";
import { absentOrNull, intFromString } from "../wire-values";
import { base64Field } from "./account-schemas";
import {
  collectionFileItemSchema,
  fileInfoSchema,
  fileSchema,
  idField,
  idFromString,
  libraryLimits,
  magicMetadataInputSchema,
  newFileSchema,
  updatedFileSchema,
} from "./library-schemas";

// Files: upload URLs, registration, updates, magic metadata, trash, sizes and
// downloads (wire-contract §5). The upload calls map errors with the upload
// mapping of spec §8 (402, 426, 413, 401).

const md5Field = () =>
  z
    .string()
    .refine(
      (md5) => /^[0-9a-fA-F]{32}$/.test(md5) || base64Field(16).safeParse(md5).success,
      "must be an MD5 digest (16 bytes, base64 or hex)",
    );

const countFromString = (max: number) =>
  intFromString().refine((count) => count >= 0 && count <= max, `must be 0..${String(max)}`);

const uploadURLSchema = z.object({ objectKey: z.string(), url: z.string() });
const multipartUploadURLsSchema = z.object({
  objectKey: z.string(),
  partURLs: z.array(z.string()),
  completeURL: z.string(),
});

// [Note: A larger count of upload URLs gets the most a call mints]
//
// Ente's server caps `GET /files/upload-urls?count=` at 50 rather than
// refusing more, and clients take the URLs as a queue they refill when it
// runs dry, so a client asking for 100 uploads just as well with 50. A count
// above the cap is therefore answered with the cap's worth of URLs; only a
// count that is not a number or below 0 is refused (400).

/**
 * `GET /files/upload-urls?count=`: up to 50 presigned PUT URLs (0 gives none,
 * more than 50 gives 50). See: [Note: A larger count of upload URLs gets the most a call mints]
 */
export const getUploadURLs = defineEndpoint({
  method: "GET",
  path: "/files/upload-urls",
  auth: "user",
  query: z.object({
    count: intFromString()
      .refine((count) => count >= 0, "must be 0 or more")
      .transform((count) => Math.min(count, libraryLimits.uploadURLsPerCall)),
  }),
  response: z.object({ urls: z.array(uploadURLSchema) }),
  errorMapping: "upload",
});

/** `POST /files/upload-url` (v2): one URL with the length and MD5 signed in. */
export const getUploadURL = defineEndpoint({
  method: "POST",
  path: "/files/upload-url",
  auth: "user",
  body: z.object({
    contentLength: z.number().int().min(1).max(libraryLimits.fileObjectBytes),
    contentMD5: md5Field(),
  }),
  response: uploadURLSchema,
  errorMapping: "upload",
});

/** `GET /files/multipart-upload-urls?count=parts`: `urls` is one object, not an array. */
export const getMultipartUploadURLs = defineEndpoint({
  method: "GET",
  path: "/files/multipart-upload-urls",
  auth: "user",
  query: z.object({
    count: countFromString(libraryLimits.multipartParts).refine(
      (count) => count >= 1,
      "must be at least 1",
    ),
  }),
  response: z.object({ urls: multipartUploadURLsSchema }),
  errorMapping: "upload",
});

/** `POST /files/multipart-upload-url` (v2): part URLs with each part's MD5 signed in. */
export const getMultipartUploadURL = defineEndpoint({
  method: "POST",
  path: "/files/multipart-upload-url",
  auth: "user",
  body: z.object({
    contentLength: z.number().int().min(1).max(libraryLimits.fileObjectBytes),
    partLength: z.number().int().min(1).max(libraryLimits.maxPartBytes),
    partMd5s: z.array(md5Field()).min(1).max(libraryLimits.multipartParts),
  }),
  response: multipartUploadURLsSchema,
  errorMapping: "upload",
});

/** `GET /files/upload-eligibility`: 200, or 402/426 (the quota check without URLs). */
export const getUploadEligibility = defineEndpoint({
  method: "GET",
  path: "/files/upload-eligibility",
  auth: "user",
  response: emptyResponse,
  errorMapping: "upload",
});

/**
 * `POST /files`: registers uploaded objects as a file of an owned collection.
 * Both objects must exist with the sizes sent; the quota is checked (402,
 * 426); a file object over 10 GiB is 413. A retry with the same objects
 * answers the same file.
 */
export const createFile = defineEndpoint({
  method: "POST",
  path: "/files",
  auth: "user",
  body: newFileSchema,
  response: fileSchema,
  errorMapping: "upload",
});

/** `PUT /files/update`: replaces a file's objects and metadata; owner only. */
export const updateFile = defineEndpoint({
  method: "PUT",
  path: "/files/update",
  auth: "user",
  body: updatedFileSchema,
  response: z.object({ id: z.number(), updationTime: z.number() }),
  errorMapping: "upload",
});

const fileMagicMetadataBody = z.object({
  metadataList: z.array(z.object({ id: idField(), magicMetadata: magicMetadataInputSchema })),
  skipVersion: absentOrNull(z.boolean()),
});

/** `PUT /files/magic-metadata`: owner only; a stale `version` is 409. */
export const updateFileMagicMetadata = defineEndpoint({
  method: "PUT",
  path: "/files/magic-metadata",
  auth: "user",
  body: fileMagicMetadataBody,
  response: emptyResponse,
});

/** `PUT /files/public-magic-metadata`: owner only; a stale `version` is 409. */
export const updateFilePublicMagicMetadata = defineEndpoint({
  method: "PUT",
  path: "/files/public-magic-metadata",
  auth: "user",
  body: fileMagicMetadataBody,
  response: emptyResponse,
});

/**
 * `POST /files/copy`: copies files that others own, from a collection the
 * caller takes part in, into a collection the caller owns, as new files of
 * the caller's; each item carries the file's key under the destination
 * collection's key. Answers the new file's ID by the old one's (a JSON
 * object, so the old IDs are strings). At most 100 files (400 past it); the
 * quota counts the copies (402, 426).
 * See: [Note: A copy of another's file is a new upload]
 */
export const copyFiles = defineEndpoint({
  method: "POST",
  path: "/files/copy",
  auth: "user",
  body: z.object({
    srcCollectionID: idField(),
    dstCollectionID: idField(),
    files: z.array(collectionFileItemSchema),
  }),
  response: z.object({ oldToNewFileIDMap: z.record(z.string(), z.number()) }),
  errorMapping: "upload",
});

/** `POST /files/trash`: moves owned files to the trash (out of every collection). */
export const trashFiles = defineEndpoint({
  method: "POST",
  path: "/files/trash",
  auth: "user",
  body: z.object({
    items: z.array(z.object({ fileID: idField(), collectionID: idField() })),
  }),
  response: emptyResponse,
});

/** `POST /files/size`: the total size of the caller's own files among these. */
export const getFilesSize = defineEndpoint({
  method: "POST",
  path: "/files/size",
  auth: "user",
  body: z.object({ fileIDs: z.array(idField()) }),
  response: z.object({ size: z.number() }),
});

/** `POST /files/info`: sizes per owned file (-1 when unknown). */
export const getFilesInfo = defineEndpoint({
  method: "POST",
  path: "/files/info",
  auth: "user",
  body: z.object({ fileIDs: z.array(idField()) }),
  response: z.object({
    filesInfo: z.array(z.object({ id: z.number(), fileInfo: fileInfoSchema })),
  }),
});

/**
 * `GET /files/duplicates`: the caller's own files, not deleted for good,
 * grouped by the size of their file object where two or more share one:
 * candidates a client compares by hash to offer removing copies (the
 * reference server's answer; the Ente mobile app's "remove duplicates").
 */
export const getDuplicateFiles = defineEndpoint({
  method: "GET",
  path: "/files/duplicates",
  auth: "user",
  response: z.object({
    duplicates: z.array(z.object({ fileIDs: z.array(z.number()), size: z.number() })),
  }),
});

/** `GET /files/download/:fileID?token=`: 307 to a signed URL of the file's ciphertext. */
export const downloadFile = defineEndpoint({
  method: "GET",
  path: "/files/download/:fileID",
  auth: "user",
  params: z.object({ fileID: idFromString() }),
  response: redirectResponse,
});

/** `GET /files/preview/:fileID?token=`: 307 to a signed URL of the thumbnail's ciphertext. */
export const previewFile = defineEndpoint({
  method: "GET",
  path: "/files/preview/:fileID",
  auth: "user",
  params: z.object({ fileID: idFromString() }),
  response: redirectResponse,
});

/**
 * [Note: Thumbnails are fetched many to a request]
 *
 * `POST /files/previews` with `{"fileIDs": [...]}` (at most
 * `libraryLimits.thumbnailBatchFiles`) answers the thumbnails' ciphertexts
 * in one body (See: [Note: A batch of thumbnails is framed by lengths]),
 * with the access rule of `GET /files/preview/:fileID`. It is Cairn's own
 * call, beside the wire contract's: a screen of the grid is 20–60
 * thumbnails, and one request and one redirect each took about 17 ms of CPU
 * per thumbnail across the browser, its network service and the server, so
 * a date jump's screen on a 2-core machine waited on request overhead, not
 * on bytes. A server without it (the reference) answers 404, and the
 * client then asks each thumbnail of it by the single-file call.
 */
export const previewFiles = defineEndpoint({
  method: "POST",
  path: "/files/previews",
  auth: "user",
  body: z.object({ fileIDs: z.array(idField()) }),
  response: bytesResponse,
});

export const fileEndpoints = {
  getUploadURLs,
  getUploadURL,
  getMultipartUploadURLs,
  getMultipartUploadURL,
  getUploadEligibility,
  createFile,
  updateFile,
  updateFileMagicMetadata,
  updateFilePublicMagicMetadata,
  copyFiles,
  trashFiles,
  getFilesSize,
  getFilesInfo,
  getDuplicateFiles,
  downloadFile,
  previewFile,
  previewFiles,
};
