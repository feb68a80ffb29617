import type { RemoteCollectionJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { microsecondsPerSecond } from "../../time";
import { collectionAccess, collectionNotFound } from "../access";
import { liveShareOf, type ShareRow, ownedCollectionsChangedAfter } from "./collection-repository";
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

const shareColumns = [
  "s.collection_id as share_collection_id",
  "s.from_user_id as share_from_user_id",
  "s.to_user_id as share_to_user_id",
  "s.encrypted_key as share_encrypted_key",
  "s.role as share_role",
  "s.magic_metadata as share_magic_metadata",
  "s.is_deleted as share_is_deleted",
  "s.shared_at_us as share_shared_at_us",
  "s.updation_time_us as share_updation_time_us",
] as const;

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
  const shared = await context.db
    .selectFrom("collection_shares as s")
    .innerJoin("collections as c", "c.collection_id", "s.collection_id")
    .selectAll("c")
    .select(shareColumns)
    .where("s.to_user_id", "=", userID)
    .where("c.app", "=", app)
    // An ended share is listed by its own version only.
    // See: [Note: A former sharee learns nothing new from a tombstone]
    .where((eb) =>
      eb.or([
        eb("s.updation_time_us", ">", after),
        eb.and([eb("s.is_deleted", "=", 0), eb("c.updation_time_us", ">", after)]),
      ]),
    )
    .execute();
  return collectionsJSON(context, context.db, [
    ...owned.map((collection) => ({ collection, view: { kind: "owner" as const } })),
    ...shared.map(
      ({
        share_collection_id,
        share_from_user_id,
        share_to_user_id,
        share_encrypted_key,
        share_role,
        share_magic_metadata,
        share_is_deleted,
        share_shared_at_us,
        share_updation_time_us,
        ...collection
      }) => {
        const share: ShareRow = {
          collection_id: share_collection_id,
          from_user_id: share_from_user_id,
          to_user_id: share_to_user_id,
          encrypted_key: share_encrypted_key,
          role: share_role,
          magic_metadata: share_magic_metadata,
          is_deleted: share_is_deleted,
          shared_at_us: share_shared_at_us,
          updation_time_us: share_updation_time_us,
        };
        return { collection, view: { kind: "sharee" as const, share } };
      },
    ),
  ]);
};
