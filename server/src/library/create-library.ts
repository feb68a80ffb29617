import type { libraryEndpoints } from "../../../shared/api/endpoints/library";
import type { AuthResolvers } from "../http/auth";
import type { HandlerMap } from "../http/register-endpoints";
import type { JobDefinition } from "../jobs/scheduler";
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
  /** Trash purge, blob deletion and upload expiry. */
  jobs: JobDefinition[];
  /** Who holds a public link. See: [Note: A public link is checked in the reference's order] */
  resolvers: Pick<AuthResolvers, "publicLink">;
}

/**
 * The library endpoints' handlers and background jobs, over one context.
 * The collection diff and a public link's diff share one page cache.
 * See: [Note: Encoded diff pages are cached by collection version]
 */
export const createLibrary = (context: LibraryContext): Library => {
  const diffPages = createDiffPageCache(diffPageCacheBytes);
  return {
    handlers: {
      ...createCollectionHandlers(context, diffPages),
      ...createFileHandlers(context),
      ...createTrashHandlers(context),
      ...createPublicCollectionHandlers(context, diffPages),
      ...createEmbeddingHandlers(context),
      ...createFileDataHandlers(context),
      ...createPreviewHandlers(context),
    },
    jobs: libraryJobs(context),
    resolvers: {
      publicLink: (credentials, authContext) =>
        resolvePublicLink(context, credentials, authContext),
    },
  };
};
