// Where an upload gets its object URLs and registers its file: a logged-in
// user's `/files/upload-urls`, `/files/multipart-upload-urls` and
// `POST /files`, or a collecting public link's `/public-collection/…`
// twins (wire-contract §9). Both take and answer the same shapes, so the
// encrypted transfer is one road for the gallery and for a public album's
// visitor; only the endpoints (and the client's credentials) differ.

import {
  createFile,
  getMultipartUploadURLs,
  getUploadURLs,
} from "../../shared/api/endpoints/files";
import {
  createPublicFile,
  getPublicMultipartUploadURLs,
  getPublicUploadURLs,
} from "../../shared/api/endpoints/public-collection";

export interface UploadEndpoints {
  /** Presigned PUT URLs for single objects. */
  uploadURLs: typeof getUploadURLs | typeof getPublicUploadURLs;
  /** Presigned part URLs and the completion URL of a multipart upload. */
  multipartUploadURLs: typeof getMultipartUploadURLs | typeof getPublicMultipartUploadURLs;
  /** Registers the uploaded objects as a file of the target album. */
  createFile: typeof createFile | typeof createPublicFile;
}

/** A logged-in user's uploads into their own albums. */
export const userUploadEndpoints: UploadEndpoints = {
  uploadURLs: getUploadURLs,
  multipartUploadURLs: getMultipartUploadURLs,
  createFile,
};

/**
 * A visitor's uploads into a collecting link's album: the objects go in the
 * owner's folder and count against the owner's storage; the file is the
 * owner's. The client sends the link's tokens.
 */
export const publicLinkUploadEndpoints: UploadEndpoints = {
  uploadURLs: getPublicUploadURLs,
  multipartUploadURLs: getPublicMultipartUploadURLs,
  createFile: createPublicFile,
};
