import type { Selectable } from "kysely";
import type { CollectionType } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import type { DatabaseConfig } from "../../config/config";
import type { DB } from "../../db/db";
import type { CollectionsTable } from "../../db/schema";

// The queries of collections (`collections`, one row per collection of an
// owner, kept with a deleted flag once deleted); their shares are in
// `collection-share-repository.ts`. See: [Note: One repository per table family]

export type CollectionRow = Selectable<CollectionsTable>;

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

/**
 * A collection's owner and version, and the viewer's ID when the viewer has
 * a live share of it (null otherwise), in one query.
 */
export const ownerAndViewerShareOf = (db: DB, collectionID: number, viewerID: number) =>
  db
    .selectFrom("collections as c")
    .leftJoin("collection_shares as s", (join) =>
      join
        .onRef("s.collection_id", "=", "c.collection_id")
        .on("s.to_user_id", "=", viewerID)
        .on("s.is_deleted", "=", 0),
    )
    .select(["c.owner_id", "c.updation_time_us", "s.to_user_id"])
    .where("c.collection_id", "=", collectionID)
    .executeTakeFirst();

/** A collection's version, undefined when there is no such collection. */
export const collectionVersionOf = async (
  db: DB,
  collectionID: number,
): Promise<number | undefined> =>
  (
    await db
      .selectFrom("collections")
      .select("updation_time_us")
      .where("collection_id", "=", collectionID)
      .executeTakeFirst()
  )?.updation_time_us;

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

/** Deletes every collection of the owner (when the account is deleted). */
export const deleteCollectionsOfOwner = async (db: DB, ownerID: number): Promise<void> => {
  await db.deleteFrom("collections").where("owner_id", "=", ownerID).execute();
};
