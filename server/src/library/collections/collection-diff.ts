import type { getCollectionDiff } from "../../../../shared/api/endpoints/collections";
import type { ResponseInputOf } from "../../../../shared/api/endpoint";
import {
  libraryLimits,
  type RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { DB } from "../../db/db";
import { negotiateContentCoding, type ContentCoding } from "../../http/content-coding";
import { encodeJSON, type EncodedJSON } from "../../http/encoded-json";
import { collectionNotFound } from "../access";
import type { LibraryContext } from "../context";
import { readDiffPage, type DiffPage } from "../diff-page";
import { fileJSON } from "../file-json";
import {
  collectionDiffRowsAfter,
  collectionDiffRowsAt,
  type CollectionDiffRow,
} from "./collection-diff-repository";
import { collectionVersionOf, ownerAndViewerShareOf } from "./collection-repository";
import type { DiffPageCache } from "./diff-page-cache";

// `GET /collections/v2/diff?collectionID=&sinceTime=` (wire-contract §7): a
// collection's rows changed after a version, ascending, each joined with its
// file. See: [Note: Diff pagination never splits a version],
// [Note: The collection diff is one indexed query per page] and
// [Note: Encoded diff pages are cached by collection version]

/**
 * The codings a diff page is sent in, by preference when the client accepts
 * several: Brotli at quality 1 encodes a page three times faster than gzip
 * at level 3, to fewer bytes (see `encodedBrotliQuality`). Browsers offer it
 * over HTTPS only; plain-HTTP clients (and Node's fetch) get gzip. zstd is
 * not in Node 20's zlib.
 */
const diffCodings: readonly ContentCoding[] = ["br", "gzip"];

/**
 * The collection's version, or 404 unless the viewer owns the collection or
 * has a live share of it, in one query. See: [Note: Strangers learn nothing about a collection]
 */
const participantVersionOf = async (
  db: DB,
  viewerID: number,
  collectionID: number,
): Promise<number> => {
  const row = await ownerAndViewerShareOf(db, collectionID, viewerID);
  if (row === undefined || (row.owner_id !== viewerID && row.to_user_id === null)) {
    throw collectionNotFound();
  }
  return row.updation_time_us;
};

/** What a diff page is asked for: by whom, of which collection, from which version, in which codings. */
export interface DiffPageRequest {
  viewerID: number;
  collectionID: number;
  sinceTime: number;
  /** The request's `Accept-Encoding`. */
  acceptEncoding: string | undefined;
}

/**
 * One page of a collection's diff for a participant, encoded for the
 * client, kept or built; 404 for anyone else.
 * See: [Note: Encoded diff pages are cached by collection version]
 */
export const collectionDiffAnswer = async (
  context: Pick<LibraryContext, "db">,
  cache: DiffPageCache,
  request: DiffPageRequest,
): Promise<EncodedJSON> => {
  // Read before the page's rows, which are then at least as new.
  const collectionVersionUs = await participantVersionOf(
    context.db,
    request.viewerID,
    request.collectionID,
  );
  return encodedDiffPage(context, cache, request, collectionVersionUs);
};

/**
 * The viewer ID of an outsider, who owns no file of the collection: a public
 * link's visitor or a cast TV. Its diff carries no file's private magic
 * metadata (user IDs come from a counter far above 0).
 */
export const outsiderViewerID = 0;

/**
 * One page of a collection's diff for an outsider whose access the caller
 * checked (a link's or a cast session's collection), encoded; 404 once the
 * collection is gone.
 */
export const outsiderDiffAnswer = async (
  context: Pick<LibraryContext, "db">,
  cache: DiffPageCache,
  request: Omit<DiffPageRequest, "viewerID">,
): Promise<EncodedJSON> => {
  // Read before the page's rows. See: [Note: Encoded diff pages are cached by collection version]
  const collectionVersionUs = await collectionVersionOf(context.db, request.collectionID);
  if (collectionVersionUs === undefined) throw collectionNotFound();
  return encodedDiffPage(
    context,
    cache,
    { ...request, viewerID: outsiderViewerID },
    collectionVersionUs,
  );
};

/**
 * One page of a collection's diff as `request.viewerID` sees it, encoded,
 * from the cache when it holds the page for `collectionVersionUs`, which the
 * caller read before calling (and checked the viewer may read it).
 * See: [Note: Encoded diff pages are cached by collection version]
 */
export const encodedDiffPage = (
  context: Pick<LibraryContext, "db">,
  cache: DiffPageCache,
  { viewerID, collectionID, sinceTime, acceptEncoding }: DiffPageRequest,
  collectionVersionUs: number,
): Promise<EncodedJSON> => {
  const coding = negotiateContentCoding(acceptEncoding, diffCodings);
  return cache.page(
    { collectionID, collectionVersionUs, sinceTimeUs: sinceTime, viewerID, coding },
    async () => {
      const page = await collectionDiffPageFor(context, viewerID, collectionID, sinceTime);
      const answer: ResponseInputOf<typeof getCollectionDiff> = {
        diff: page.rows,
        hasMore: page.hasMore,
      };
      return encodeJSON(JSON.stringify(answer), coding);
    },
  );
};

/**
 * One page of a collection's diff as `viewerID` sees it (its own files'
 * private metadata only), without asking whether it may: for a participant
 * checked by the caller, or a public link's visitor (a viewer who owns no
 * file). See: [Note: The collection diff is one indexed query per page]
 */
export const collectionDiffPageFor = async (
  context: Pick<LibraryContext, "db">,
  viewerID: number,
  collectionID: number,
  sinceTime: number,
): Promise<DiffPage<RemoteFileJSON>> => {
  const { db } = context;
  const page = await readDiffPage<CollectionDiffRow>(
    {
      rowsAfter: (after, count) =>
        collectionDiffRowsAfter(db, collectionID, viewerID, after, count),
      rowsAt: (version) => collectionDiffRowsAt(db, collectionID, viewerID, version),
      versionOf: (row) => row.updation_time_us,
    },
    sinceTime,
    libraryLimits.diffPage,
  );
  return {
    rows: page.rows.map((row) => fileJSON(row, row, { viewerID })),
    hasMore: page.hasMore,
  };
};
