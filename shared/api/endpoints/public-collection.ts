import { z } from "zod";
import { defineEndpoint, redirectResponse } from "../endpoint";
import { boolFromString } from "../wire-values";
import { base64Field } from "./account-schemas";
import { fileDataEntitySchema } from "./file-data";
import { getPreviewURL } from "./file-previews";
import {
  createFile,
  getMultipartUploadURL,
  getMultipartUploadURLs,
  getUploadURL,
  getUploadURLs,
} from "./files";
import {
  collectionSchema,
  fileSchema,
  idFromString,
  libraryValueBytes,
  timeFromString,
} from "./library-schemas";

// What a public link's visitor calls (wire-contract §9), with the link's
// access token (and, for a link with a password, the JWT that proves it).

/** `GET /public-collection/info`: the link's collection, reduced to what a visitor may see. */
export const getPublicCollectionInfo = defineEndpoint({
  method: "GET",
  path: "/public-collection/info",
  auth: "publicLink",
  response: z.object({ collection: collectionSchema, referralCode: z.string() }),
});

/** `POST /public-collection/verify-password`: the password's hash for a JWT; wrong 401, none 400. */
export const verifyPublicLinkPassword = defineEndpoint({
  method: "POST",
  path: "/public-collection/verify-password",
  auth: "publicLink",
  body: z.object({ passHash: base64Field(libraryValueBytes.linkPasswordHash) }),
  response: z.object({ jwtToken: z.string() }),
});

/** `GET /public-collection/diff?sinceTime=`: the link's collection's files changed since. */
export const getPublicCollectionDiff = defineEndpoint({
  method: "GET",
  path: "/public-collection/diff",
  auth: "publicLink",
  query: z.object({ sinceTime: timeFromString() }),
  response: z.object({ diff: z.array(fileSchema).nullable(), hasMore: z.boolean() }),
});

/** `GET /public-collection/files/download/:fileID`: 307 to the file's ciphertext; a file of the link's collection. */
export const downloadPublicFile = defineEndpoint({
  method: "GET",
  path: "/public-collection/files/download/:fileID",
  auth: "publicLink",
  params: z.object({ fileID: idFromString() }),
  response: redirectResponse,
});

/** `GET /public-collection/files/preview/:fileID`: 307 to the thumbnail's ciphertext. */
export const previewPublicFile = defineEndpoint({
  method: "GET",
  path: "/public-collection/files/preview/:fileID",
  auth: "publicLink",
  params: z.object({ fileID: idFromString() }),
  response: redirectResponse,
});

// A video's preview as a link's visitor streams it (wire-contract §9 and §8):
// the playlist and the preview object's URL of a file in the link's album
// (403 for any other file), answered as to a user who may see the file.

/**
 * `GET /public-collection/files/data/fetch?fileID=&type=vid_preview&preferNoContent=`:
 * the file's preview playlist; none is 404, or 204 with `preferNoContent`.
 * Only "vid_preview" (400 otherwise), as Ente's server.
 */
export const fetchPublicFileData = defineEndpoint({
  method: "GET",
  path: "/public-collection/files/data/fetch",
  auth: "publicLink",
  query: z.object({
    fileID: idFromString(),
    type: z.enum(["vid_preview"]),
    preferNoContent: boolFromString().optional(),
  }),
  response: z.object({ data: fileDataEntitySchema }),
});

/** `GET /public-collection/files/data/preview?fileID=&type=`: the preview object's URL; none is 404. */
export const getPublicPreviewURL = defineEndpoint({
  method: "GET",
  path: "/public-collection/files/data/preview",
  auth: "publicLink",
  query: getPreviewURL.query,
  response: getPreviewURL.response,
});

// Uploads into a collecting link's album (wire-contract §9): the shapes of
// §5.1 and `POST /files`; the objects go in the owner's folder and count
// against the owner's storage. 405 `PUBLIC_COLLECT_DISABLED` unless the
// link collects.

/** `GET /public-collection/upload-urls?count=`. */
export const getPublicUploadURLs = defineEndpoint({
  method: "GET",
  path: "/public-collection/upload-urls",
  auth: "publicLink",
  query: getUploadURLs.query,
  response: getUploadURLs.response,
});

/** `POST /public-collection/upload-url`. */
export const getPublicUploadURL = defineEndpoint({
  method: "POST",
  path: "/public-collection/upload-url",
  auth: "publicLink",
  body: getUploadURL.body,
  response: getUploadURL.response,
});

/** `GET /public-collection/multipart-upload-urls?count=`. */
export const getPublicMultipartUploadURLs = defineEndpoint({
  method: "GET",
  path: "/public-collection/multipart-upload-urls",
  auth: "publicLink",
  query: getMultipartUploadURLs.query,
  response: getMultipartUploadURLs.response,
});

/** `POST /public-collection/multipart-upload-url`. */
export const getPublicMultipartUploadURL = defineEndpoint({
  method: "POST",
  path: "/public-collection/multipart-upload-url",
  auth: "publicLink",
  body: getMultipartUploadURL.body,
  response: getMultipartUploadURL.response,
});

/** `POST /public-collection/file`: registers an upload in the link's album, as the owner's file. */
export const createPublicFile = defineEndpoint({
  method: "POST",
  path: "/public-collection/file",
  auth: "publicLink",
  body: createFile.body,
  response: createFile.response,
});

export const publicCollectionEndpoints = {
  getPublicCollectionInfo,
  verifyPublicLinkPassword,
  getPublicCollectionDiff,
  downloadPublicFile,
  previewPublicFile,
  fetchPublicFileData,
  getPublicPreviewURL,
  getPublicUploadURLs,
  getPublicUploadURL,
  getPublicMultipartUploadURLs,
  getPublicMultipartUploadURL,
  createPublicFile,
};
