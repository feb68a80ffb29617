import { z } from "zod";
import { defineEndpoint, redirectResponse } from "../endpoint";
import { base64Field } from "./account-schemas";
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

export const publicCollectionEndpoints = {
  getPublicCollectionInfo,
  verifyPublicLinkPassword,
  getPublicCollectionDiff,
  downloadPublicFile,
  previewPublicFile,
};
