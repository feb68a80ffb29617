import { z } from "zod";
import { absentOrNull, boolFromString } from "../wire-values";
import { defineEndpoint, emptyResponse } from "../endpoint";
import { base64Field, base64FieldBetween, emailField } from "./account-schemas";
import {
  collectionFileItemSchema,
  collectionSchema,
  collectionUserSchema,
  fileSchema,
  idField,
  idFromString,
  publicURLSchema,
  libraryLimits,
  libraryValueBytes,
  magicMetadataInputSchema,
  newCollectionSchema,
  timeFromString,
} from "./library-schemas";

// Collections and their files (wire-contract §3.2, §7). Batches are checked
// by the server. See: [Note: Batches beyond their cap are refused with 413]

/** `POST /collections`: favorites and uncategorized answer the existing one. */
export const createCollection = defineEndpoint({
  method: "POST",
  path: "/collections",
  auth: "user",
  body: newCollectionSchema,
  response: z.object({ collection: collectionSchema }),
});

/** `GET /collections/v2?sinceTime=`: owned then shared-with-me collections changed since, with tombstones. */
export const listCollections = defineEndpoint({
  method: "GET",
  path: "/collections/v2",
  auth: "user",
  query: z.object({ sinceTime: timeFromString().optional() }),
  response: z.object({ collections: z.array(collectionSchema) }),
});

/** `GET /collections/:collectionID`: one collection, deleted ones included; 404 for non-participants. */
export const getCollection = defineEndpoint({
  method: "GET",
  path: "/collections/:collectionID",
  auth: "user",
  params: z.object({ collectionID: idFromString() }),
  response: z.object({ collection: collectionSchema }),
});

/** `POST /collections/rename`: owner only. */
export const renameCollection = defineEndpoint({
  method: "POST",
  path: "/collections/rename",
  auth: "user",
  body: z.object({
    collectionID: idField(),
    encryptedName: base64FieldBetween(16, libraryLimits.encryptedTextBytes),
    nameDecryptionNonce: base64Field(libraryValueBytes.nonce),
  }),
  response: emptyResponse,
});

const collectionMagicMetadataBody = z.object({
  id: idField(),
  magicMetadata: magicMetadataInputSchema,
});

/** `PUT /collections/magic-metadata`: the owner's private metadata; stored as version + 1. */
export const updateCollectionMagicMetadata = defineEndpoint({
  method: "PUT",
  path: "/collections/magic-metadata",
  auth: "user",
  body: collectionMagicMetadataBody,
  response: emptyResponse,
});

/** `PUT /collections/public-magic-metadata`: owner only; stored as version + 1. */
export const updateCollectionPublicMagicMetadata = defineEndpoint({
  method: "PUT",
  path: "/collections/public-magic-metadata",
  auth: "user",
  body: collectionMagicMetadataBody,
  response: emptyResponse,
});

/** `PUT /collections/sharee-magic-metadata`: a sharee's own metadata of a share; sharee only. */
export const updateShareeMagicMetadata = defineEndpoint({
  method: "PUT",
  path: "/collections/sharee-magic-metadata",
  auth: "user",
  body: collectionMagicMetadataBody,
  response: emptyResponse,
});

/**
 * `DELETE /collections/v3/:collectionID?collectionID=&keepFiles=`: the query
 * is what counts (wire-contract §3.2). Owner only; favorites and
 * uncategorized cannot be deleted; `keepFiles` needs an empty collection.
 */
export const deleteCollection = defineEndpoint({
  method: "DELETE",
  path: "/collections/v3/:collectionID",
  auth: "user",
  params: z.object({ collectionID: z.string().max(32) }),
  query: z.object({ collectionID: idFromString(), keepFiles: boolFromString() }),
  response: emptyResponse,
});

/** `POST /collections/add-files`: the caller's own files, keys under the collection key. */
export const addFilesToCollection = defineEndpoint({
  method: "POST",
  path: "/collections/add-files",
  auth: "user",
  body: z.object({ collectionID: idField(), files: z.array(collectionFileItemSchema) }),
  response: emptyResponse,
});

/** `POST /collections/move-files`: between two of the caller's collections. */
export const moveFilesBetweenCollections = defineEndpoint({
  method: "POST",
  path: "/collections/move-files",
  auth: "user",
  body: z.object({
    fromCollectionID: idField(),
    toCollectionID: idField(),
    files: z.array(collectionFileItemSchema),
  }),
  response: emptyResponse,
});

/** `POST /collections/restore-files`: trashed files back into an owned collection. */
export const restoreFilesToCollection = defineEndpoint({
  method: "POST",
  path: "/collections/restore-files",
  auth: "user",
  body: z.object({ collectionID: idField(), files: z.array(collectionFileItemSchema) }),
  response: emptyResponse,
});

/** `POST /collections/v3/remove-files`: files not owned by the collection's owner. */
export const removeFilesFromCollection = defineEndpoint({
  method: "POST",
  path: "/collections/v3/remove-files",
  auth: "user",
  body: z.object({ collectionID: idField(), fileIDs: z.array(idField()) }),
  response: emptyResponse,
});

/**
 * `POST /collections/suggest-delete`: the owner or an ADMIN sharee asks the
 * owners of files in the collection to delete them; never the caller's own
 * files (403). The files leave the collection (the album owner's, when an
 * admin asks, are marked for their owner to remove) and each file's owner
 * finds a suggestion in `GET /collection-actions/delete-suggestions`.
 * See: [Note: A deletion suggestion takes the files out and asks their owners]
 */
export const suggestDeletion = defineEndpoint({
  method: "POST",
  path: "/collections/suggest-delete",
  auth: "user",
  body: z.object({ collectionID: idField(), fileIDs: z.array(idField()) }),
  response: emptyResponse,
});

/** The roles a share gives; `OWNER` is the collection's owner alone. */
export const shareeRoleSchema = z.enum(["VIEWER", "COLLABORATOR", "ADMIN"]);
export type ShareeRole = z.infer<typeof shareeRoleSchema>;

const shareesResponse = z.object({ sharees: z.array(collectionUserSchema) });

/**
 * `POST /collections/share`: the collection key sealed to the other user's
 * public key; owner or ADMIN sharee. Unknown email 404, self 400; sharing
 * again revives or changes the share. Answers the live sharees.
 */
export const shareCollection = defineEndpoint({
  method: "POST",
  path: "/collections/share",
  auth: "user",
  body: z.object({
    collectionID: idField(),
    email: emailField(),
    encryptedKey: base64Field(libraryValueBytes.sealedKey),
    role: absentOrNull(shareeRoleSchema),
  }),
  response: shareesResponse,
});

/**
 * `POST /collections/unshare`: owner or ADMIN sharee; the files the sharee
 * added leave the collection with it. Answers the live sharees.
 */
export const unshareCollection = defineEndpoint({
  method: "POST",
  path: "/collections/unshare",
  auth: "user",
  body: z.object({ collectionID: idField(), email: emailField() }),
  response: shareesResponse,
});

/** `POST /collections/leave/:collectionID`: a sharee ends its own share; idempotent; the owner 403. */
export const leaveCollection = defineEndpoint({
  method: "POST",
  path: "/collections/leave/:collectionID",
  auth: "user",
  params: z.object({ collectionID: idFromString() }),
  response: emptyResponse,
});

/**
 * `POST /collections/join-link`: a logged-in visitor of a public link joins
 * its album, with both its session and the link's tokens; the link must
 * allow downloads and joining. COLLABORATOR when the link collects, else VIEWER.
 */
export const joinCollectionViaLink = defineEndpoint({
  method: "POST",
  path: "/collections/join-link",
  auth: "user",
  withPublicLink: true,
  body: z.object({
    collectionID: idField(),
    encryptedKey: base64Field(libraryValueBytes.sealedKey),
  }),
  response: z.object({}),
});

/** `GET /collections/sharees?collectionID=`: the live sharees, for any participant. */
export const getSharees = defineEndpoint({
  method: "GET",
  path: "/collections/sharees",
  auth: "user",
  query: z.object({ collectionID: idFromString() }),
  response: shareesResponse,
});

/** A link's device limit: 0 (none) to 50 (wire-contract §3.3; the spec offers 0, 2, 5, 10, 25, 50). */
const linkDeviceLimitField = () => z.number().int().min(0).max(50);
/** µs since the epoch; 0 for "never". */
const linkValidTillField = () => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `POST /collections/share-url`: the collection's link, new or the enabled one it has; owner only. */
export const createShareURL = defineEndpoint({
  method: "POST",
  path: "/collections/share-url",
  auth: "user",
  body: z.object({
    collectionID: idField(),
    enableCollect: absentOrNull(z.boolean()),
    enableComment: absentOrNull(z.boolean()),
    enableJoin: absentOrNull(z.boolean()),
    validTill: absentOrNull(linkValidTillField()),
    deviceLimit: absentOrNull(linkDeviceLimitField()),
  }),
  response: z.object({ result: publicURLSchema }),
});
export type CreateShareURLRequest = z.output<typeof createShareURL.body>;

/**
 * `PUT /collections/share-url`: changes the enabled link; at least one
 * change; a password as passHash, nonce, memLimit and opsLimit together.
 */
export const updateShareURL = defineEndpoint({
  method: "PUT",
  path: "/collections/share-url",
  auth: "user",
  body: z.object({
    collectionID: idField(),
    validTill: absentOrNull(linkValidTillField()),
    deviceLimit: absentOrNull(linkDeviceLimitField()),
    passHash: absentOrNull(base64Field(libraryValueBytes.linkPasswordHash)),
    nonce: absentOrNull(base64Field(libraryValueBytes.linkPasswordSalt)),
    memLimit: absentOrNull(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
    opsLimit: absentOrNull(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
    disablePassword: absentOrNull(z.boolean()),
    enableDownload: absentOrNull(z.boolean()),
    enableCollect: absentOrNull(z.boolean()),
    enableComment: absentOrNull(z.boolean()),
    enableJoin: absentOrNull(z.boolean()),
    minRole: absentOrNull(shareeRoleSchema),
  }),
  response: z.object({ result: publicURLSchema }),
});
export type UpdateShareURLRequest = z.output<typeof updateShareURL.body>;

/** `DELETE /collections/share-url/:collectionID`: disables the collection's links; owner only. */
export const disableShareURL = defineEndpoint({
  method: "DELETE",
  path: "/collections/share-url/:collectionID",
  auth: "user",
  params: z.object({ collectionID: idFromString() }),
  response: emptyResponse,
});

/**
 * `GET /collections/v2/diff?collectionID=&sinceTime=`: the collection's files
 * changed since, ascending, at most 2500 a page, a version never split.
 * See: [Note: Diff pagination never splits a version]
 */
export const getCollectionDiff = defineEndpoint({
  method: "GET",
  path: "/collections/v2/diff",
  auth: "user",
  query: z.object({ collectionID: idFromString(), sinceTime: timeFromString() }),
  response: z.object({ diff: z.array(fileSchema).nullable(), hasMore: z.boolean() }),
});

export const collectionEndpoints = {
  createCollection,
  listCollections,
  getCollection,
  renameCollection,
  updateCollectionMagicMetadata,
  updateCollectionPublicMagicMetadata,
  updateShareeMagicMetadata,
  deleteCollection,
  addFilesToCollection,
  moveFilesBetweenCollections,
  restoreFilesToCollection,
  removeFilesFromCollection,
  suggestDeletion,
  getCollectionDiff,
  shareCollection,
  unshareCollection,
  leaveCollection,
  joinCollectionViaLink,
  getSharees,
  createShareURL,
  updateShareURL,
  disableShareURL,
};
