import type { MagicMetadataInput } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { apiError, forbidden } from "../../http/api-errors";
import { collectionAccess, ownedCollection } from "../access";
import type { LibraryContext } from "../context";
import { magicMetadataColumn } from "../magic-metadata";
import { writeCollections } from "./collection-write";
import { setCollectionName, setCollectionMagicMetadata } from "./collection-repository";
import { setShareMagicMetadata } from "./collection-share-repository";

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
    await setCollectionName(trx, collectionID, { encryptedName, nameDecryptionNonce });
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
    await setCollectionMagicMetadata(trx, collectionID, column, storedColumn(metadata));
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
    await setShareMagicMetadata(trx, collectionID, userID, storedColumn(metadata), versionUs);
  });
