import { collectionEndpoints } from "../../../../shared/api/endpoints/collections";
import { answersEncodedJSON } from "../../http/encoded-json";
import type { HandlerMap } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { joinLinkOfRequest } from "../links/join-link";
import { createShareURL, disableShareURL, updateShareURL } from "../links/share-links";
import { addFiles, moveFiles } from "./add-move-files";
import { collectionDiffAnswer } from "./collection-diff";
import { createCollection } from "./create-collection";
import { deleteCollection } from "./delete-collection";
import type { DiffPageCache } from "./diff-page-cache";
import { getCollection, listCollections } from "./read-collections";
import { removeFiles, restoreFiles } from "./restore-remove-files";
import {
  getSharees,
  leaveCollection,
  shareCollection,
  unshareCollection,
} from "./share-collection";
import { suggestDeletion } from "./suggest-deletion";
import {
  renameCollection,
  updateCollectionMagicMetadata,
  updateShareeMagicMetadata,
} from "./update-collection";

// The collection endpoints (wire-contract §3.2, §7): each handler only
// translates the request and delegates.

export const createCollectionHandlers = (
  context: LibraryContext,
  diffPages: DiffPageCache,
): HandlerMap<typeof collectionEndpoints> => ({
  createCollection: async ({ session, app, body }) => ({
    collection: await createCollection(context, session.userID, app, body),
  }),

  listCollections: async ({ session, app, query }) => ({
    collections: await listCollections(context, session.userID, app, query.sinceTime ?? 0),
  }),

  getCollection: async ({ session, params }) => ({
    collection: await getCollection(context, session.userID, params.collectionID),
  }),

  renameCollection: async ({ session, app, body }) => {
    await renameCollection(context, session.userID, app, body.collectionID, body);
  },

  updateCollectionMagicMetadata: async ({ session, app, body }) => {
    await updateCollectionMagicMetadata(
      context,
      session.userID,
      app,
      body.id,
      "magic_metadata",
      body.magicMetadata,
    );
  },

  updateCollectionPublicMagicMetadata: async ({ session, app, body }) => {
    await updateCollectionMagicMetadata(
      context,
      session.userID,
      app,
      body.id,
      "pub_magic_metadata",
      body.magicMetadata,
    );
  },

  updateShareeMagicMetadata: async ({ session, body }) => {
    await updateShareeMagicMetadata(context, session.userID, body.id, body.magicMetadata);
  },

  // The query's collectionID is what counts; the path's is ignored (wire-contract §3.2).
  deleteCollection: async ({ session, app, query }) => {
    await deleteCollection(context, session.userID, app, query);
  },

  addFilesToCollection: async ({ session, app, body }) => {
    await addFiles(context, session.userID, app, body.collectionID, body.files);
  },

  moveFilesBetweenCollections: async ({ session, app, body }) => {
    await moveFiles(context, session.userID, app, {
      fromCollectionID: body.fromCollectionID,
      toCollectionID: body.toCollectionID,
      items: body.files,
    });
  },

  restoreFilesToCollection: async ({ session, app, body }) => {
    await restoreFiles(context, session.userID, app, body.collectionID, body.files);
  },

  removeFilesFromCollection: async ({ session, body }) => {
    await removeFiles(context, session.userID, body.collectionID, body.fileIDs);
  },

  suggestDeletion: async ({ session, app, body }) => {
    await suggestDeletion(context, session.userID, app, body.collectionID, body.fileIDs);
  },

  getCollectionDiff: answersEncodedJSON(({ session, query, request }) =>
    collectionDiffAnswer(context, diffPages, {
      viewerID: session.userID,
      collectionID: query.collectionID,
      sinceTime: query.sinceTime,
      acceptEncoding: request.headers["accept-encoding"],
    }),
  ),

  shareCollection: async ({ session, app, body }) => ({
    sharees: await shareCollection(context, session.userID, app, body),
  }),

  unshareCollection: async ({ session, app, body }) => ({
    sharees: await unshareCollection(context, session.userID, app, body),
  }),

  leaveCollection: async ({ session, params }) => {
    await leaveCollection(context, session.userID, params.collectionID);
  },

  joinCollectionViaLink: async ({ session, app, request, body }) => {
    await joinLinkOfRequest(context, session.userID, {
      app,
      request,
      endpoint: collectionEndpoints.joinCollectionViaLink,
      body,
    });
    return {};
  },

  getSharees: async ({ session, query }) => ({
    sharees: await getSharees(context, session.userID, query.collectionID),
  }),

  createShareURL: async ({ session, app, body }) => ({
    result: await createShareURL(context, session.userID, app, body),
  }),

  updateShareURL: async ({ session, app, body }) => ({
    result: await updateShareURL(context, session.userID, app, body),
  }),

  disableShareURL: async ({ session, app, params }) => {
    await disableShareURL(context, session.userID, app, params.collectionID);
  },
});
