import type { libraryEndpoints } from "../../../shared/api/endpoints/library";
import type { AuthResolvers } from "../http/auth";
import type { HandlerMap } from "../http/register-endpoints";
import type { JobDefinition } from "../jobs/scheduler";
import { resolveCastToken } from "./cast/cast-access";
import { castJobs, createCastHandlers } from "./cast/create-cast";
import { createCollectionActionHandlers } from "./collections/collection-action-handlers";
import { createCollectionHandlers } from "./collections/collection-handlers";
import { createDiffPageCache, diffPageCacheBytes } from "./collections/diff-page-cache";
import type { LibraryContext } from "./context";
import { createEmbeddingHandlers } from "./derived-data/embedding-handlers";
import { createFileDataHandlers } from "./derived-data/file-data-handlers";
import { createPreviewHandlers } from "./derived-data/preview-handlers";
import { createFileHandlers } from "./files/file-handlers";
import { libraryJobs } from "./jobs/library-jobs";
import { resolvePublicLink } from "./links/public-access";
import { createPublicCollectionHandlers } from "./links/public-collection-handlers";
import { createTrashHandlers } from "./trash/trash-handlers";

export interface Library {
  handlers: HandlerMap<typeof libraryEndpoints>;
  /** Trash purge, blob deletion, upload expiry and the cast sessions' sweep. */
  jobs: JobDefinition[];
  /**
   * Who holds a public link, and a cast token.
   * See: [Note: A public link is checked in the reference's order], [Note: A cast TV borrows its caster's access]
   */
  resolvers: Pick<AuthResolvers, "publicLink" | "castToken">;
}

/**
 * The library endpoints' handlers and background jobs, over one context.
 * The collection diff and the diffs of a public link and a cast TV share
 * one page cache.
 * See: [Note: Encoded diff pages are cached by collection version]
 */
export const createLibrary = (context: LibraryContext): Library => {
  const diffPages = createDiffPageCache(diffPageCacheBytes);
  return {
    handlers: {
      ...createCollectionHandlers(context, diffPages),
      ...createCollectionActionHandlers(context),
      ...createFileHandlers(context),
      ...createTrashHandlers(context),
      ...createPublicCollectionHandlers(context, diffPages),
      ...createEmbeddingHandlers(context),
      ...createFileDataHandlers(context),
      ...createPreviewHandlers(context),
      ...createCastHandlers(context, diffPages),
    },
    jobs: [...libraryJobs(context), ...castJobs(context)],
    resolvers: {
      publicLink: (credentials, authContext) =>
        resolvePublicLink(context, credentials, authContext),
      castToken: (token) => resolveCastToken(context, token),
    },
  };
};
