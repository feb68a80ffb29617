// Where the media service fetches a file's objects: the user's own
// `/files/preview|download/:fileID`, or a public link's
// `/public-collection/files/preview|download/:fileID` (wire-contract §9).
// Both answer a 307 to the ciphertext and take the same params, so
// thumbnails, originals and downloads run the same road for the gallery
// and for a public album; only the endpoint (and the client's credentials)
// differ. The user's thumbnails also come many to a request through
// `POST /files/previews`, Cairn's own call, which a public link does not have.

import { downloadFile, previewFile, previewFiles } from "../../../shared/api/endpoints/files";
import {
  downloadPublicFile,
  previewPublicFile,
} from "../../../shared/api/endpoints/public-collection";

export interface MediaEndpoints {
  /** The thumbnail's ciphertext by file ID. */
  preview: typeof previewFile | typeof previewPublicFile;
  /**
   * Many thumbnails' ciphertexts in one request, where there is such a call.
   * See: [Note: Thumbnails are fetched many to a request]
   */
  previews: typeof previewFiles | undefined;
  /** The original's ciphertext by file ID. */
  download: typeof downloadFile | typeof downloadPublicFile;
}

/** A logged-in user's files. */
export const userMediaEndpoints: MediaEndpoints = {
  preview: previewFile,
  previews: previewFiles,
  download: downloadFile,
};

/** The files of the album a public link opens (the client sends the link's tokens). */
export const publicLinkMediaEndpoints: MediaEndpoints = {
  preview: previewPublicFile,
  previews: undefined,
  download: downloadPublicFile,
};
