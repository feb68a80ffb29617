import type { RemoteCollectionJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { microsecondsPerSecond } from "../../time";
import { collectionAccess, collectionNotFound } from "../access";
import { ownedCollectionsChangedAfter } from "./collection-repository";
import { liveShareOf, sharedCollectionsChangedAfter } from "./collection-share-repository";
import type { LibraryContext } from "../context";
import { collectionsJSON, oneCollectionJSON } from "./collection-json";

// `GET /collections/:collectionID` and `GET /collections/v2?sinceTime=`
// (wire-contract §3.2).

/** One collection, deleted or not, for its owner or a live sharee; 404 for anyone else. */
export const getCollection = async (
  context: LibraryContext,
  userID: number,
  collectionID: number,
): Promise<RemoteCollectionJSON> => {
  const { collection, role } = await collectionAccess(context.db, userID, collectionID);
  if (role === "OWNER") {
    return oneCollectionJSON(context, context.db, { collection, view: { kind: "owner" } });
  }
  const share = await liveShareOf(context.db, collectionID, userID);
  // The share may have ended since the access check.
  if (share === undefined) throw collectionNotFound();
  return oneCollectionJSON(context, context.db, { collection, view: { kind: "sharee", share } });
};

// [Note: The collection list overlaps recent versions]
//
// A client lists the collections changed after the largest `updationTime` it
// has seen (wire-contract §7.6). Versions grow in commit order within one
// collection (See: [Note: Versions of a collection only grow, in commit
// order]) but not across collections: a write to collection A may take its
// version, a write to B a larger one and commit first, and a client listing
// in between sees B and continues after B's version, past A's. With a strict
// `> sinceTime` it would not learn of A's change until A changes again (and
// would skip A's new files, since it pulls a collection's files only when
// the collection's time moved). A write that commits late took its version
// at most one transaction's duration before it commits, so it is newer than
// `sinceTime - overlap` as long as no write transaction lasts longer than
// the overlap. So the list answers what changed after `sinceTime - overlap`:
// a client gets again the few collections changed in the overlap before its
// `sinceTime` (until a newer change moves it on), which costs little, as
// merging by ID with the newest winning is idempotent and an unchanged
// `updationTime` makes the client skip their file diffs.

/**
 * Longer than any library write transaction between its version and its
 * commit (the longest, deleting a collection with 100k files, takes seconds),
 * short enough that a client gets few collections again.
 */
export const collectionListOverlapUs = 60 * microsecondsPerSecond;

/**
 * The caller's collections of the request's app changed after `sinceTime`
 * (see the overlap), then those shared with it whose share or collection
 * changed; ended shares and deleted collections as tombstones.
 * See: [Note: The collection list overlaps recent versions]
 */
export const listCollections = async (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  sinceTime: number,
): Promise<RemoteCollectionJSON[]> => {
  const after = sinceTime - collectionListOverlapUs;
  const owned = await ownedCollectionsChangedAfter(context.db, userID, app, after);
  const shared = await sharedCollectionsChangedAfter(context.db, userID, app, after);
  return collectionsJSON(context, context.db, [
    ...owned.map((collection) => ({ collection, view: { kind: "owner" as const } })),
    ...shared.map(({ collection, share }) => ({
      collection,
      view: { kind: "sharee" as const, share },
    })),
  ]);
};
