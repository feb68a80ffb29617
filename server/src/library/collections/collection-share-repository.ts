import type { Selectable } from "kysely";
import type { ShareeRole } from "../../../../shared/api/endpoints/collections";
import type { ClientApp } from "../../../../shared/api/headers";
import type { DB } from "../../db/db";
import type { CollectionSharesTable } from "../../db/schema";
import type { CollectionRow } from "./collection-repository";

// The queries of the shares of collections (`collection_shares`, one row per
// collection and sharee, live or ended). See: [Note: One repository per table family]

export type ShareRow = Selectable<CollectionSharesTable>;

/** The user's live share of a collection, if any. */
export const liveShareOf = (
  db: DB,
  collectionID: number,
  userID: number,
): Promise<ShareRow | undefined> =>
  db
    .selectFrom("collection_shares")
    .selectAll()
    .where("collection_id", "=", collectionID)
    .where("to_user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .executeTakeFirst();

/** Those of `collectionIDs` the user has a live share of. */
export const collectionsLiveSharedWith = async (
  db: DB,
  userID: number,
  collectionIDs: readonly number[],
): Promise<number[]> => {
  const rows = await db
    .selectFrom("collection_shares")
    .select("collection_id")
    .where("collection_id", "in", [...collectionIDs])
    .where("to_user_id", "=", userID)
    .where("is_deleted", "=", 0)
    .execute();
  return rows.map((row) => row.collection_id);
};

/** The live shares of several collections, by collection, then oldest first. */
export const liveSharesAmong = (db: DB, collectionIDs: readonly number[]): Promise<ShareRow[]> =>
  db
    .selectFrom("collection_shares")
    .selectAll()
    .where("collection_id", "in", [...collectionIDs])
    .where("is_deleted", "=", 0)
    .orderBy("collection_id")
    .orderBy("shared_at_us")
    .execute();

/** How many of the user's collections it shares live with at least one person. */
export const liveSharedCollectionCountOf = async (db: DB, ownerID: number): Promise<number> => {
  const shared = await db
    .selectFrom("collection_shares")
    .select((eb) => eb.fn.count<number | string>("collection_id").distinct().as("count"))
    .where("from_user_id", "=", ownerID)
    .where("is_deleted", "=", 0)
    .executeTakeFirstOrThrow();
  // PostgreSQL counts in bigint, which its driver answers as text.
  return Number(shared.count);
};

/** The live sharees of a collection and their roles, oldest share first. */
export const liveShareesOf = (db: DB, collectionID: number) =>
  db
    .selectFrom("collection_shares")
    .select(["to_user_id", "role"])
    .where("collection_id", "=", collectionID)
    .where("is_deleted", "=", 0)
    .orderBy("shared_at_us")
    .orderBy("to_user_id")
    .execute();

export interface ShareWrite {
  collection: Pick<CollectionRow, "collection_id" | "owner_id">;
  shareeID: number;
  encryptedKey: string;
  role: ShareeRole;
  versionUs: number;
}

/** Makes the share live with this key and role: a new row, or one revived or changed. */
export const putShare = async (
  db: DB,
  { collection, shareeID, encryptedKey, role, versionUs }: ShareWrite,
): Promise<void> => {
  await db
    .insertInto("collection_shares")
    .values({
      collection_id: collection.collection_id,
      // Shares are the owner's, whoever (owner, admin or link) made them.
      from_user_id: collection.owner_id,
      to_user_id: shareeID,
      encrypted_key: encryptedKey,
      role,
      magic_metadata: null,
      is_deleted: 0,
      shared_at_us: versionUs,
      updation_time_us: versionUs,
    })
    .onConflict((oc) =>
      oc.columns(["collection_id", "to_user_id"]).doUpdateSet((eb) => ({
        encrypted_key: eb.ref("excluded.encrypted_key"),
        role: eb.ref("excluded.role"),
        // A revived share is shared anew; a live one keeps its date.
        shared_at_us: eb
          .case()
          .when("collection_shares.is_deleted", "=", 1)
          .then(eb.ref("excluded.shared_at_us"))
          .else(eb.ref("collection_shares.shared_at_us"))
          .end(),
        is_deleted: 0,
        updation_time_us: eb.ref("excluded.updation_time_us"),
      })),
    )
    .execute();
};

/** Ends the live shares of a collection at a version: one sharee's, or every sharee's. */
export const endLiveShares = async (
  db: DB,
  collectionID: number,
  versionUs: number,
  shareeID?: number,
): Promise<void> => {
  let update = db
    .updateTable("collection_shares")
    .set({ is_deleted: 1, updation_time_us: versionUs })
    .where("collection_id", "=", collectionID);
  if (shareeID !== undefined) update = update.where("to_user_id", "=", shareeID);
  await update.where("is_deleted", "=", 0).execute();
};

/** Stores a sharee's own metadata of its share, at a version of the collection. */
export const setShareMagicMetadata = async (
  db: DB,
  collectionID: number,
  shareeID: number,
  stored: string,
  versionUs: number,
): Promise<void> => {
  await db
    .updateTable("collection_shares")
    .set({ magic_metadata: stored, updation_time_us: versionUs })
    .where("collection_id", "=", collectionID)
    .where("to_user_id", "=", shareeID)
    .execute();
};

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

/** A collection shared with a user, and the user's share of it. */
export interface SharedCollection {
  collection: CollectionRow;
  share: ShareRow;
}

/**
 * The collections of an app shared with the user whose share changed after
 * `afterUs`, or whose collection did while the share is live; ended shares
 * included. See: [Note: The collection list overlaps recent versions]
 */
export const sharedCollectionsChangedAfter = async (
  db: DB,
  shareeID: number,
  app: ClientApp,
  afterUs: number,
): Promise<SharedCollection[]> => {
  const rows = await db
    .selectFrom("collection_shares as s")
    .innerJoin("collections as c", "c.collection_id", "s.collection_id")
    .selectAll("c")
    .select(shareColumns)
    .where("s.to_user_id", "=", shareeID)
    .where("c.app", "=", app)
    // An ended share is listed by its own version only.
    // See: [Note: A former sharee learns nothing new from a tombstone]
    .where((eb) =>
      eb.or([
        eb("s.updation_time_us", ">", afterUs),
        eb.and([eb("s.is_deleted", "=", 0), eb("c.updation_time_us", ">", afterUs)]),
      ]),
    )
    .execute();
  return rows.map(
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
    }) => ({
      collection,
      share: {
        collection_id: share_collection_id,
        from_user_id: share_from_user_id,
        to_user_id: share_to_user_id,
        encrypted_key: share_encrypted_key,
        role: share_role,
        magic_metadata: share_magic_metadata,
        is_deleted: share_is_deleted,
        shared_at_us: share_shared_at_us,
        updation_time_us: share_updation_time_us,
      },
    }),
  );
};

/**
 * Deletes the shares of the account's collections, and its shares with
 * others and theirs with it (when the account is deleted).
 */
export const deleteSharesOfAccount = async (db: DB, userID: number): Promise<void> => {
  const collectionIDs = db
    .selectFrom("collections")
    .select("collection_id")
    .where("owner_id", "=", userID);
  await db
    .deleteFrom("collection_shares")
    .where((eb) =>
      eb.or([
        eb("collection_id", "in", collectionIDs),
        eb("from_user_id", "=", userID),
        eb("to_user_id", "=", userID),
      ]),
    )
    .execute();
};
