import type {
  CollectionType,
  NewCollection,
  RemoteCollectionJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { badRequest } from "../../http/api-errors";
import { keyAttributesRowOf } from "../../accounts/user-repository";
import { nextID } from "../../db/id-counters";
import {
  type CollectionRow,
  insertCollection,
  singletonCollectionOf,
} from "./collection-repository";
import type { LibraryContext } from "../context";
import { magicMetadataColumn } from "../magic-metadata";
import { lockCollectionsForWrite } from "../versions";
import { oneCollectionJSON } from "./collection-json";
import { isUniqueViolation } from "../../db/unique-violation";

// `POST /collections` (wire-contract §3.2).
//
// [Note: One favorites and one uncategorized per user and app]
//
// Favorites and uncategorized exist once per owner and app (partial unique
// indexes of migration 0003); creating one again answers the existing one.
// Two clients may create it at the same moment: both see none, both insert,
// and the index refuses the second insert. That request then reads the
// winner's and answers it, as if it had come second.

const singletonTypes: readonly CollectionType[] = ["favorites", "uncategorized"];

/** Magic metadata sent with a new collection is stored at version 1. */
const firstMagicMetadataVersion = 1;

/** A new collection's attributes as stored: the fields sent (a null one is not), the version 0 by default. */
const attributesColumn = (attributes: NewCollection["attributes"]) => {
  const { encryptedPath, pathDecryptionNonce, version } = attributes ?? {};
  return {
    ...(encryptedPath == null ? {} : { encryptedPath }),
    ...(pathDecryptionNonce == null ? {} : { pathDecryptionNonce }),
    version: version ?? 0,
  };
};

const createCollectionRow = (
  context: LibraryContext,
  ownerID: number,
  app: ClientApp,
  body: NewCollection,
): Promise<CollectionRow> =>
  context.db.transaction().execute(async (trx) => {
    if (singletonTypes.includes(body.type)) {
      const existing = await singletonCollectionOf(trx, ownerID, app, body.type);
      if (existing !== undefined) return existing;
    }
    // A new collection has no rows to order against: the version is the clock's.
    const versionUs = await lockCollectionsForWrite(context, trx, []);
    const row: CollectionRow = {
      collection_id: await nextID(trx, "collection"),
      owner_id: ownerID,
      encrypted_key: body.encryptedKey,
      key_decryption_nonce: body.keyDecryptionNonce,
      encrypted_name: body.encryptedName,
      name_decryption_nonce: body.nameDecryptionNonce,
      type: body.type,
      // See: [Note: A request's null is its absence]
      attributes: JSON.stringify(attributesColumn(body.attributes)),
      magic_metadata:
        body.magicMetadata == null
          ? null
          : magicMetadataColumn(body.magicMetadata, firstMagicMetadataVersion),
      pub_magic_metadata:
        body.pubMagicMetadata == null
          ? null
          : magicMetadataColumn(body.pubMagicMetadata, firstMagicMetadataVersion),
      app,
      is_deleted: 0,
      created_at_us: versionUs,
      updation_time_us: versionUs,
    };
    await insertCollection(trx, row);
    return row;
  });

/** Creates a collection, or answers the existing favorites/uncategorized. */
export const createCollection = async (
  context: LibraryContext,
  ownerID: number,
  app: ClientApp,
  body: NewCollection,
): Promise<RemoteCollectionJSON> => {
  if ((await keyAttributesRowOf(context.db, ownerID)) === undefined) {
    throw badRequest("Set up the account's keys (key attributes) before creating collections");
  }
  let row: CollectionRow;
  try {
    row = await createCollectionRow(context, ownerID, app, body);
  } catch (error) {
    // See: [Note: One favorites and one uncategorized per user and app]
    const winner =
      singletonTypes.includes(body.type) && isUniqueViolation(error)
        ? await singletonCollectionOf(context.db, ownerID, app, body.type)
        : undefined;
    if (winner === undefined) throw error;
    row = winner;
  }
  return oneCollectionJSON(context, context.db, { collection: row, view: { kind: "owner" } });
};
