import type {
  PublicURLJSON,
  RemoteCollectionJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { DB } from "../../db/db";
import type { CollectionRow } from "./collection-repository";
import { liveSharesAmong, type ShareRow } from "./collection-share-repository";
import { shareeRoleOf } from "../access";
import type { LibraryContext } from "../context";
import { enabledLinksAmong } from "../links/link-repository";
import { type LinkRow, linkVisibleTo, publicURLJSON } from "../links/public-url-json";
import { magicMetadataJSON } from "../magic-metadata";
import { userEmails } from "./user-emails";

// The Collection object of wire-contract §3.1 as one viewer sees it: the
// owner gets the key under its master key and its private magic metadata; a
// sharee gets the key sealed to it, its own share's magic metadata and when
// it was shared. A collection deleted, or a share ended, is a tombstone:
// `isDeleted: true`, without sharees or the owner's email.
//
// [Note: A former sharee learns nothing new from a tombstone]
//
// Someone whose share ended still holds the collection key. Its tombstone
// therefore carries none of the collection's encrypted content (name,
// attributes, magic metadata), which the owner may have changed since, and
// its version is the share's: the collection's later changes neither show
// in it nor bring it back into that user's list.

/** How the viewer takes part: as the owner, or through its share (live or ended). */
export type CollectionView = { kind: "owner" } | { kind: "sharee"; share: ShareRow };

export interface CollectionJSONParts {
  collection: CollectionRow;
  view: CollectionView;
  /** The collection's live shares. */
  liveShares: readonly ShareRow[];
  /** Emails of the owner and the sharees, by user ID. */
  emails: ReadonlyMap<number, string>;
  /** The collection's enabled links. */
  links: readonly LinkRow[];
  /** The photos app's public URL, where links point. */
  photosURL: string;
}

/**
 * [Note: An outsider sees the album, not its people]
 *
 * A public link's visitor (`/public-collection/info`) and a cast TV
 * (`/cast/info`) get the collection as they need it to show the album (its
 * name, type, attributes and public metadata, which the collection key they
 * were given opens) and nothing about who takes part: no owner email, no
 * sharees, no private or sharee metadata, no key (theirs came with the link
 * or the cast payload), and of links only what the caller passes (the
 * visited link's settings the page needs), as the reference reduces it.
 */
export const outsiderCollectionJSON = (
  collection: CollectionRow,
  publicURLs: PublicURLJSON[],
): RemoteCollectionJSON => {
  const pubMagicMetadata = magicMetadataJSON(collection.pub_magic_metadata);
  return {
    id: collection.collection_id,
    owner: { id: collection.owner_id, email: "", name: "", role: "" },
    encryptedKey: "",
    name: "",
    encryptedName: collection.encrypted_name,
    nameDecryptionNonce: collection.name_decryption_nonce,
    type: collection.type,
    attributes: JSON.parse(collection.attributes) as RemoteCollectionJSON["attributes"],
    sharees: [],
    publicURLs,
    updationTime: collection.updation_time_us,
    ...(pubMagicMetadata === undefined ? {} : { pubMagicMetadata }),
    app: collection.app,
  };
};

/** Whether the viewer sees the collection as deleted. */
export const isTombstone = (collection: CollectionRow, view: CollectionView): boolean =>
  collection.is_deleted === 1 || (view.kind === "sharee" && view.share.is_deleted === 1);

/** A collection as answered to one viewer. See wire-contract §3.1. */
export const collectionJSON = ({
  collection,
  view,
  liveShares,
  emails,
  links,
  photosURL,
}: CollectionJSONParts): RemoteCollectionJSON => {
  const tombstone = isTombstone(collection, view);
  const owner = {
    id: collection.owner_id,
    email: tombstone ? "" : (emails.get(collection.owner_id) ?? ""),
    name: "",
    role: "",
  };
  if (view.kind === "sharee" && tombstone) {
    // See: [Note: A former sharee learns nothing new from a tombstone]
    return {
      id: collection.collection_id,
      owner,
      encryptedKey: view.share.encrypted_key,
      type: collection.type,
      sharees: [],
      publicURLs: [],
      updationTime: view.share.updation_time_us,
      sharedAt: view.share.shared_at_us,
      isDeleted: true,
      app: collection.app,
    };
  }
  const magicMetadata =
    view.kind === "owner" ? magicMetadataJSON(collection.magic_metadata) : undefined;
  const pubMagicMetadata = magicMetadataJSON(collection.pub_magic_metadata);
  const sharedMagicMetadata =
    view.kind === "sharee" ? magicMetadataJSON(view.share.magic_metadata) : undefined;
  return {
    id: collection.collection_id,
    owner,
    ...(view.kind === "owner"
      ? {
          encryptedKey: collection.encrypted_key,
          keyDecryptionNonce: collection.key_decryption_nonce,
        }
      : { encryptedKey: view.share.encrypted_key }),
    name: "",
    encryptedName: collection.encrypted_name,
    nameDecryptionNonce: collection.name_decryption_nonce,
    type: collection.type,
    attributes: JSON.parse(collection.attributes) as RemoteCollectionJSON["attributes"],
    sharees: tombstone
      ? []
      : liveShares.map((share) => ({
          id: share.to_user_id,
          email: emails.get(share.to_user_id) ?? "",
          name: "",
          role: share.role,
        })),
    // See: [Note: Who sees a collection's links]
    publicURLs: links
      .filter((link) =>
        linkVisibleTo(link, view.kind === "owner" ? "OWNER" : shareeRoleOf(view.share.role)),
      )
      .map((link) => publicURLJSON(link, photosURL)),
    updationTime:
      view.kind === "owner"
        ? collection.updation_time_us
        : Math.max(collection.updation_time_us, view.share.updation_time_us),
    ...(view.kind === "sharee" ? { sharedAt: view.share.shared_at_us } : {}),
    ...(tombstone ? { isDeleted: true } : {}),
    ...(magicMetadata === undefined ? {} : { magicMetadata }),
    ...(pubMagicMetadata === undefined ? {} : { pubMagicMetadata }),
    ...(sharedMagicMetadata === undefined ? {} : { sharedMagicMetadata }),
    app: collection.app,
  };
};

export interface ViewedCollection {
  collection: CollectionRow;
  view: CollectionView;
}

/** IDs per `in (...)` list: well below SQLite's and PostgreSQL's bound-parameter limits. */
const idsPerQuery = 1000;

/** Rows of these collections grouped by collection; `readSome` reads those of up to `idsPerQuery` IDs. */
const rowsByCollection = async <Row extends { collection_id: number }>(
  collectionIDs: readonly number[],
  readSome: (ids: number[]) => Promise<Row[]>,
): Promise<Map<number, Row[]>> => {
  const grouped = new Map<number, Row[]>();
  for (let start = 0; start < collectionIDs.length; start += idsPerQuery) {
    for (const row of await readSome(collectionIDs.slice(start, start + idsPerQuery))) {
      const list = grouped.get(row.collection_id) ?? [];
      list.push(row);
      grouped.set(row.collection_id, list);
    }
  }
  return grouped;
};

const liveSharesOf = (db: DB, collectionIDs: readonly number[]) =>
  rowsByCollection(collectionIDs, (ids) => liveSharesAmong(db, ids));

const enabledLinksOf = (db: DB, collectionIDs: readonly number[]) =>
  rowsByCollection(collectionIDs, (ids) => enabledLinksAmong(db, ids));

/**
 * The JSON of several collections for one viewer, with three queries in all
 * (their live shares, their enabled links, then the emails of owners and
 * sharees).
 */
export const collectionsJSON = async (
  context: Pick<LibraryContext, "secrets" | "photosURL">,
  db: DB,
  viewed: readonly ViewedCollection[],
): Promise<RemoteCollectionJSON[]> => {
  const shown = viewed.filter(({ collection, view }) => !isTombstone(collection, view));
  const shares = await liveSharesOf(
    db,
    shown.map(({ collection }) => collection.collection_id),
  );
  const userIDs = new Set<number>();
  for (const { collection } of shown) {
    userIDs.add(collection.owner_id);
    for (const share of shares.get(collection.collection_id) ?? []) userIDs.add(share.to_user_id);
  }
  const emails = await userEmails(context, db, userIDs);
  const links = await enabledLinksOf(
    db,
    shown.map(({ collection }) => collection.collection_id),
  );
  const photosURL = context.photosURL();
  return viewed.map(({ collection, view }) =>
    collectionJSON({
      collection,
      view,
      liveShares: shares.get(collection.collection_id) ?? [],
      emails,
      links: links.get(collection.collection_id) ?? [],
      photosURL,
    }),
  );
};

/** The JSON of one collection for one viewer. */
export const oneCollectionJSON = async (
  context: Pick<LibraryContext, "secrets" | "photosURL">,
  db: DB,
  viewed: ViewedCollection,
): Promise<RemoteCollectionJSON> => {
  const [collection] = await collectionsJSON(context, db, [viewed]);
  if (collection === undefined) throw new Error("collectionsJSON answered no collection");
  return collection;
};
