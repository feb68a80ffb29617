import type { Selectable } from "kysely";
import type { CollectionType } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import type { ShareeRole } from "../../../../shared/api/endpoints/collections";
import type { DatabaseConfig } from "../../config/config";
import type { DB } from "../../db/db";
import type { CollectionSharesTable, CollectionsTable } from "../../db/schema";

// The queries of collections (`collections`) and of their shares
// (`collection_shares`, one row per sharee, live or ended).
// See: [Note: One repository per table family]

export type CollectionRow = Selectable<CollectionsTable>;
export type ShareRow = Selectable<CollectionSharesTable>;

export const collectionByID = (db: DB, collectionID: number): Promise<CollectionRow | undefined> =>
  db
    .selectFrom("collections")
    .selectAll()
    .where("collection_id", "=", collectionID)
    .executeTakeFirst();

/** A collection known to exist (a `NoResultError` otherwise). */
export const existingCollection = (db: DB, collectionID: number): Promise<CollectionRow> =>
  db
    .selectFrom("collections")
    .selectAll()
    .where("collection_id", "=", collectionID)
    .executeTakeFirstOrThrow();

export const collectionOwnerID = async (
  db: DB,
  collectionID: number,
): Promise<number | undefined> =>
  (
    await db
      .selectFrom("collections")
      .select("owner_id")
      .where("collection_id", "=", collectionID)
      .executeTakeFirst()
  )?.owner_id;

/** The owners of those of `collectionIDs` that exist. */
export const collectionOwners = (db: DB, collectionIDs: readonly number[]) =>
  db
    .selectFrom("collections")
    .select(["collection_id", "owner_id"])
    .where("collection_id", "in", [...collectionIDs])
    .execute();

/** The owner's collection of a type of which each owner has one per app (favorites, uncategorized). */
export const singletonCollectionOf = (
  db: DB,
  ownerID: number,
  app: ClientApp,
  type: CollectionType,
): Promise<CollectionRow | undefined> =>
  db
    .selectFrom("collections")
    .selectAll()
    .where("owner_id", "=", ownerID)
    .where("app", "=", app)
    .where("type", "=", type)
    .executeTakeFirst();

/** The owner's collections of an app changed after a version. */
export const ownedCollectionsChangedAfter = (
  db: DB,
  ownerID: number,
  app: ClientApp,
  afterUs: number,
): Promise<CollectionRow[]> =>
  db
    .selectFrom("collections")
    .selectAll()
    .where("owner_id", "=", ownerID)
    .where("updation_time_us", ">", afterUs)
    .where("app", "=", app)
    .execute();

export const insertCollection = async (db: DB, row: CollectionRow): Promise<void> => {
  await db.insertInto("collections").values(row).execute();
};

export const setCollectionName = async (
  db: DB,
  collectionID: number,
  name: { encryptedName: string; nameDecryptionNonce: string },
): Promise<void> => {
  await db
    .updateTable("collections")
    .set({ encrypted_name: name.encryptedName, name_decryption_nonce: name.nameDecryptionNonce })
    .where("collection_id", "=", collectionID)
    .execute();
};

/** Stores the owner's private (`magic_metadata`) or public (`pub_magic_metadata`) metadata column. */
export const setCollectionMagicMetadata = async (
  db: DB,
  collectionID: number,
  column: "magic_metadata" | "pub_magic_metadata",
  stored: string,
): Promise<void> => {
  await db
    .updateTable("collections")
    .set(column === "magic_metadata" ? { magic_metadata: stored } : { pub_magic_metadata: stored })
    .where("collection_id", "=", collectionID)
    .execute();
};

export const markCollectionDeleted = async (db: DB, collectionID: number): Promise<void> => {
  await db
    .updateTable("collections")
    .set({ is_deleted: 1 })
    .where("collection_id", "=", collectionID)
    .execute();
};

/**
 * The versions of collections, their rows locked until the transaction ends
 * (PostgreSQL `FOR UPDATE`, in ID order; SQLite writes one at a time).
 * See: [Note: Versions of a collection only grow, in commit order]
 */
export const lockCollectionVersions = (
  db: DB,
  dialect: DatabaseConfig["kind"],
  sortedCollectionIDs: readonly number[],
) => {
  const query = db
    .selectFrom("collections")
    .select(["collection_id", "updation_time_us"])
    .where("collection_id", "in", [...sortedCollectionIDs])
    .orderBy("collection_id");
  return (dialect === "postgres" ? query.forUpdate() : query).execute();
};

/** Sets the version of collections. See: [Note: A collection is never older than its files] */
export const setCollectionVersions = async (
  db: DB,
  collectionIDs: readonly number[],
  versionUs: number,
): Promise<void> => {
  await db
    .updateTable("collections")
    .set({ updation_time_us: versionUs })
    .where("collection_id", "in", [...collectionIDs])
    .execute();
};

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
