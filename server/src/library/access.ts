import type { ClientApp } from "../../../shared/api/headers";
import { apiError, forbidden, notFound } from "../http/api-errors";
import type { DB } from "../db/db";
import { collectionByID, type CollectionRow } from "./collections/collection-repository";
import { liveShareOf } from "./collections/collection-share-repository";

// Who may do what with a collection (spec §6; wire-contract §3.2, §5.4).
//
// [Note: Strangers learn nothing about a collection]
//
// A caller who neither owns a collection nor has a live share of it gets the
// same 404 as for an ID that does not exist, so IDs cannot be probed. A
// participant who lacks the right for an action (a viewer trying to add
// files, a sharee renaming) gets 403: they already know it exists.

/** The caller's role in a collection: OWNER, the live share's role, or undefined. */
export type ParticipantRole = "OWNER" | "VIEWER" | "COLLABORATOR" | "ADMIN";

/** The role a share's stored role gives; a missing or unknown one is VIEWER (wire-contract §3.1). */
export const shareeRoleOf = (role: string | null | undefined): Exclude<ParticipantRole, "OWNER"> =>
  role === "COLLABORATOR" || role === "ADMIN" ? role : "VIEWER";

const roleRank: Record<ParticipantRole, number> = {
  VIEWER: 0,
  COLLABORATOR: 1,
  ADMIN: 2,
  OWNER: 3,
};

/** Whether `role` is `least` or above it (VIEWER < COLLABORATOR < ADMIN < OWNER). */
export const roleReaches = (role: ParticipantRole, least: ParticipantRole): boolean =>
  roleRank[role] >= roleRank[least];

export interface CollectionAccess {
  collection: CollectionRow;
  role: ParticipantRole;
}

/** The answer to anyone who is not a participant. See: [Note: Strangers learn nothing about a collection] */
export const collectionNotFound = () => notFound("No such collection");

/** The collection and the caller's role in it; 404 for strangers. See: [Note: Strangers learn nothing about a collection] */
export const collectionAccess = async (
  db: DB,
  userID: number,
  collectionID: number,
): Promise<CollectionAccess> => {
  const collection = await collectionByID(db, collectionID);
  if (collection === undefined) throw collectionNotFound();
  if (collection.owner_id === userID) return { collection, role: "OWNER" };
  const share = await liveShareOf(db, collectionID, userID);
  if (share === undefined) throw collectionNotFound();
  return { collection, role: shareeRoleOf(share.role) };
};

export interface OwnedCollectionOptions {
  /** The app of the request: a collection of another app is refused (wire-contract §0.1). */
  app: ClientApp;
  /** Refuse a deleted collection with 404 `COLLECTION_DELETED` (default true). */
  live?: boolean;
}

/** A collection the caller owns: 404 for strangers, 403 for sharees. */
export const ownedCollection = async (
  db: DB,
  userID: number,
  collectionID: number,
  { app, live = true }: OwnedCollectionOptions,
): Promise<CollectionRow> => {
  const { collection, role } = await collectionAccess(db, userID, collectionID);
  if (role !== "OWNER") throw forbidden("Only the collection's owner may do this");
  if (collection.app !== app) throw forbidden("The collection belongs to another app");
  if (live && collection.is_deleted === 1) {
    throw apiError(404, "COLLECTION_DELETED", "The collection is deleted");
  }
  return collection;
};
