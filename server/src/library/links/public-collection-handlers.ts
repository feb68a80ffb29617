import type { publicCollectionEndpoints } from "../../../../shared/api/endpoints/public-collection";
import type { RemoteCollectionJSON } from "../../../../shared/api/endpoints/library-schemas";
import { apiError, badRequest, forbidden } from "../../http/api-errors";
import type { PublicLinkSession } from "../../http/auth";
import { StatusError } from "../../http/http-errors";
import { answersEncodedJSON } from "../../http/encoded-json";
import type { HandlerMap } from "../../http/register-endpoints";
import { outsiderDiffAnswer } from "../collections/collection-diff";
import { oneFileDataAnswer } from "../derived-data/file-data-handlers";
import { previewObjectURL } from "../derived-data/preview-handlers";
import { isLiveInCollection } from "../collections/collection-file-repository";
import { outsiderCollectionJSON } from "../collections/collection-json";
import { collectionByID } from "../collections/collection-repository";
import type { DiffPageCache } from "../collections/diff-page-cache";
import type { LibraryContext } from "../context";
import { ensureOwnObjectKeys, registerNewFile } from "../files/create-file";
import { presignedObjectURL } from "../files/downloads";
import { createUploadURLMinter } from "../files/upload-url-handlers";
import { headerNames } from "../../../../shared/api/headers";
import { signLinkDeviceJWT } from "./link-devices";
import { linkOfAccessToken } from "./link-repository";
import { sameText, signLinkPasswordJWT } from "./public-access";
import { type LinkRow } from "./public-url-json";
import { storedLinkPasswordHash } from "./share-links";

// The calls of a public link's visitor (wire-contract §9). The resolver
// (public-access.ts) has checked the link; these answer within its
// collection only.

/** The link of a resolved session (it may have been disabled since: 410). */
const sessionLink = async (context: LibraryContext, session: PublicLinkSession) => {
  const link = await linkOfAccessToken(context.db, session.accessToken);
  if (link === undefined || link.is_disabled === 1) {
    throw new StatusError(410, { error: "disabled token" });
  }
  return link;
};

/** The link's collection as its visitor sees it. See: [Note: An outsider sees the album, not its people] */
const visitorCollectionJSON = async (
  context: LibraryContext,
  link: LinkRow,
): Promise<RemoteCollectionJSON> => {
  const collection = await collectionByID(context.db, link.collection_id);
  if (collection === undefined || collection.is_deleted === 1) {
    throw apiError(404, "COLLECTION_DELETED", "The collection is deleted");
  }
  return outsiderCollectionJSON(collection, [
    {
      url: "",
      deviceLimit: 0,
      validTill: 0,
      enableDownload: link.enable_download === 1,
      enableCollect: link.enable_collect === 1,
      enableComment: link.enable_comment === 1,
      passwordEnabled: link.pw_hash !== null,
      ...(link.pw_hash === null
        ? {}
        : { nonce: link.pw_nonce ?? "", memLimit: link.mem_limit, opsLimit: link.ops_limit }),
      enableJoin: link.enable_join === 1,
    },
  ]);
};

/** A file of the link's collection (a live row), else 403. */
const ensureFileOfLink = async (context: LibraryContext, collectionID: number, fileID: number) => {
  if (!(await isLiveInCollection(context.db, collectionID, fileID)))
    throw forbidden("The file is not in the link's collection");
};

/**
 * [Note: A collecting link uploads in its owner's name]
 *
 * A visitor of a link that collects uploads into the album as its owner
 * would: object keys in the owner's folder, the owner's storage counted,
 * the file owned by the owner (who can manage it like any other). A link
 * that does not collect refuses every upload call with 405
 * `PUBLIC_COLLECT_DISABLED` (wire-contract §9).
 */
const collectingAlbum = async (context: LibraryContext, session: PublicLinkSession) => {
  const link = await sessionLink(context, session);
  if (link.enable_collect !== 1) {
    throw apiError(405, "PUBLIC_COLLECT_DISABLED", "The link does not collect uploads");
  }
  const collection = await collectionByID(context.db, link.collection_id);
  if (collection === undefined || collection.is_deleted === 1) {
    throw apiError(404, "COLLECTION_DELETED", "The collection is deleted");
  }
  return collection;
};

export const createPublicCollectionHandlers = (
  context: LibraryContext,
  diffPages: DiffPageCache,
): HandlerMap<typeof publicCollectionEndpoints> => {
  const minter = createUploadURLMinter(context);
  return {
    getPublicCollectionInfo: async ({ session, reply }) => {
      const link = await sessionLink(context, session);
      const collection = await visitorCollectionJSON(context, link);
      if (session.deviceID !== undefined) {
        // The visitor's place among the link's devices, for its next calls.
        reply.header(
          headerNames.linkDeviceTokenResponse,
          await signLinkDeviceJWT(context.secrets, link.link_id, session.deviceID, context.nowUs()),
        );
      }
      return { collection, referralCode: "" };
    },

    verifyPublicLinkPassword: async ({ session, body }) => {
      const link = await sessionLink(context, session);
      if (link.pw_hash === null) throw badRequest("The link has no password");
      // See: [Note: A link's password hash is hashed again]
      const given = await storedLinkPasswordHash(context.secrets, body.passHash);
      if (!sameText(given, link.pw_hash)) throw new StatusError(401, { error: "wrong password" });
      return { jwtToken: await signLinkPasswordJWT(context.secrets, link, context.nowUs()) };
    },

    getPublicCollectionDiff: answersEncodedJSON(({ session, query, request }) =>
      outsiderDiffAnswer(context, diffPages, {
        collectionID: session.collectionID,
        sinceTime: query.sinceTime,
        acceptEncoding: request.headers["accept-encoding"],
      }),
    ),

    downloadPublicFile: async ({ session, params }) => {
      await ensureFileOfLink(context, session.collectionID, params.fileID);
      return presignedObjectURL(context, params.fileID, "file");
    },

    previewPublicFile: async ({ session, params }) => {
      await ensureFileOfLink(context, session.collectionID, params.fileID);
      return presignedObjectURL(context, params.fileID, "thumbnail");
    },

    fetchPublicFileData: async ({ session, query }) => {
      await ensureFileOfLink(context, session.collectionID, query.fileID);
      return oneFileDataAnswer(context.db, query.fileID, query.type, query.preferNoContent);
    },

    getPublicPreviewURL: async ({ session, query }) => {
      await ensureFileOfLink(context, session.collectionID, query.fileID);
      return previewObjectURL(context, query.fileID, query.type);
    },

    // See: [Note: A collecting link uploads in its owner's name]
    getPublicUploadURLs: async ({ session, query }) =>
      minter.urls((await collectingAlbum(context, session)).owner_id, query.count),

    getPublicUploadURL: async ({ session, body }) =>
      minter.url((await collectingAlbum(context, session)).owner_id, body),

    getPublicMultipartUploadURLs: async ({ session, query }) =>
      minter.multipartURLs((await collectingAlbum(context, session)).owner_id, query.count),

    getPublicMultipartUploadURL: async ({ session, body }) =>
      minter.multipartURL((await collectingAlbum(context, session)).owner_id, body),

    createPublicFile: async ({ session, body }) => {
      const collection = await collectingAlbum(context, session);
      if (body.collectionID !== collection.collection_id) {
        throw forbidden("The link's album is the only one it uploads into");
      }
      ensureOwnObjectKeys(collection.owner_id, body.file.objectKey, body.thumbnail.objectKey);
      return registerNewFile(context, collection.owner_id, collection, body);
    },
  };
};
