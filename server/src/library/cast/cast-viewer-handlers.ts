import type { castEndpoints } from "../../../../shared/api/endpoints/cast";
import { apiError, forbidden } from "../../http/api-errors";
import { answersEncodedJSON } from "../../http/encoded-json";
import type { HandlerMap } from "../../http/register-endpoints";
import { outsiderDiffAnswer } from "../collections/collection-diff";
import { isLiveInCollection } from "../collections/collection-file-repository";
import { outsiderCollectionJSON } from "../collections/collection-json";
import { collectionByID } from "../collections/collection-repository";
import type { DiffPageCache } from "../collections/diff-page-cache";
import type { LibraryContext } from "../context";
import { presignedObjectURL } from "../files/downloads";

// What a paired TV reads with its cast token: the album, its diff and its
// files' ciphertext. The resolver (cast-access.ts) has checked the session
// and its caster's access; these answer within its collection only.
// See: [Note: A cast TV borrows its caster's access]

type ViewerHandlers = Pick<
  HandlerMap<typeof castEndpoints>,
  "getCastCollection" | "getCastDiff" | "downloadCastFile" | "previewCastFile"
>;

/** A file of the cast collection (a live row), else 403. */
const ensureFileOfCast = async (context: LibraryContext, collectionID: number, fileID: number) => {
  if (!(await isLiveInCollection(context.db, collectionID, fileID))) {
    throw forbidden("The file is not in the cast collection");
  }
};

export const createCastViewerHandlers = (
  context: LibraryContext,
  diffPages: DiffPageCache,
): ViewerHandlers => ({
  getCastCollection: async ({ session }) => {
    const collection = await collectionByID(context.db, session.collectionID);
    if (collection === undefined || collection.is_deleted === 1) {
      throw apiError(404, "COLLECTION_DELETED", "The collection is deleted");
    }
    // See: [Note: An outsider sees the album, not its people]
    return { collection: outsiderCollectionJSON(collection, []) };
  },

  // The TV owns no file: its diff is an outsider's, without private metadata.
  getCastDiff: answersEncodedJSON(({ session, query, request }) =>
    outsiderDiffAnswer(context, diffPages, {
      collectionID: session.collectionID,
      sinceTime: query.sinceTime,
      acceptEncoding: request.headers["accept-encoding"],
    }),
  ),

  downloadCastFile: async ({ session, params }) => {
    await ensureFileOfCast(context, session.collectionID, params.fileID);
    return presignedObjectURL(context, params.fileID, "file");
  },

  previewCastFile: async ({ session, params }) => {
    await ensureFileOfCast(context, session.collectionID, params.fileID);
    return presignedObjectURL(context, params.fileID, "thumbnail");
  },
});
