import type { MagicMetadataInput } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { apiError, forbidden } from "../../http/api-errors";
import { collectionAccess, ownedCollection } from "../access";
import type { LibraryContext } from "../context";
import { magicMetadataColumn } from "../magic-metadata";
import { writeCollections } from "./collection-write";

// Rename and the three magic-metadata updates of a collection (wire-contract
// §3.2). Each bumps the collection's version so that every participant's
// next `/collections/v2` carries the change.

export interface CollectionName {
  encryptedName: string;
  nameDecryptionNonce: string;
}

/** Renames a collection; owner only. */
export const renameCollection = (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  collectionID: number,
  { encryptedName, nameDecryptionNonce }: CollectionName,
): Promise<void> =>
  writeCollections(context, [collectionID], async ({ trx }) => {
    await ownedCollection(trx, userID, collectionID, { app });
    await trx
      .updateTable("collections")
      .set({ encrypted_name: encryptedName, name_decryption_nonce: nameDecryptionNonce })
      .where("collection_id", "=", collectionID)
      .execute();
  });

/**
 * Collections keep no version check: the server stores the version the
 * client saw plus one (wire-contract §3.2).
 */
const storedColumn = (metadata: MagicMetadataInput): string =>
  magicMetadataColumn(metadata, metadata.version + 1);

/** Replaces the owner's private (`magic_metadata`) or public (`pub_magic_metadata`) metadata. */
export const updateCollectionMagicMetadata = (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  collectionID: number,
  column: "magic_metadata" | "pub_magic_metadata",
  metadata: MagicMetadataInput,
): Promise<void> =>
  writeCollections(context, [collectionID], async ({ trx }) => {
    await ownedCollection(trx, userID, collectionID, { app });
    const stored = storedColumn(metadata);
    await trx
      .updateTable("collections")
      .set(
        column === "magic_metadata" ? { magic_metadata: stored } : { pub_magic_metadata: stored },
      )
      .where("collection_id", "=", collectionID)
      .execute();
  });

/** Replaces a sharee's own metadata of its share; sharee only. */
export const updateShareeMagicMetadata = (
  context: LibraryContext,
  userID: number,
  collectionID: number,
  metadata: MagicMetadataInput,
): Promise<void> =>
  writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    const { collection, role } = await collectionAccess(trx, userID, collectionID);
    if (role === "OWNER") {
      throw forbidden("Sharee metadata is a sharee's own; the owner updates magic-metadata");
    }
    if (collection.is_deleted === 1) {
      throw apiError(404, "COLLECTION_DELETED", "The collection is deleted");
    }
    await trx
      .updateTable("collection_shares")
      .set({ magic_metadata: storedColumn(metadata), updation_time_us: versionUs })
      .where("collection_id", "=", collectionID)
      .where("to_user_id", "=", userID)
      .execute();
  });
