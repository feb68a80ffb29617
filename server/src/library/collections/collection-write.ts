import type { ClientApp } from "../../../../shared/api/headers";
import { apiError, forbidden } from "../../http/api-errors";
import type { DB } from "../../db/db";
import { collectionAccess, type CollectionAccess, type ParticipantRole } from "../access";
import type { LibraryContext } from "../context";
import { lockCollectionsForWrite, stampCollections, type LibraryTransaction } from "../versions";

// The frame of every write to collections: one transaction that first locks
// the collections it touches and takes the write's version, then checks
// access (so the rows checked are the rows written), writes, and stamps the
// collections with that version.
// See: [Note: Versions of a collection only grow, in commit order]
// See: [Note: A collection is never older than its files]

export interface CollectionWrite {
  trx: LibraryTransaction;
  /** The version of this write: stamp it on every row written. */
  versionUs: number;
}

/** Runs `write` in a transaction over the locked collections, then stamps them with its version. */
export const writeCollections = async <T>(
  context: Pick<LibraryContext, "db" | "dialect" | "nowUs">,
  collectionIDs: readonly number[],
  write: (frame: CollectionWrite) => Promise<T>,
): Promise<T> =>
  context.db.transaction().execute(async (trx) => {
    const versionUs = await lockCollectionsForWrite(context, trx, collectionIDs);
    const result = await write({ trx, versionUs });
    await stampCollections(trx, collectionIDs, versionUs);
    return result;
  });

export interface ParticipantOptions {
  app: ClientApp;
  /** The roles allowed; others get 403. */
  roles: readonly ParticipantRole[];
  action: string;
}

/**
 * A live collection of the request's app in which the caller has one of
 * `roles`: 404 for strangers, 403 for other roles or another app, 404
 * `COLLECTION_DELETED` for a deleted one.
 * See: [Note: Strangers learn nothing about a collection]
 */
export const participantCollection = async (
  db: DB,
  userID: number,
  collectionID: number,
  { app, roles, action }: ParticipantOptions,
): Promise<CollectionAccess> => {
  const access = await collectionAccess(db, userID, collectionID);
  if (!roles.includes(access.role)) {
    throw forbidden(`A ${access.role.toLowerCase()} of this collection may not ${action}`);
  }
  if (access.collection.app !== app) throw forbidden("The collection belongs to another app");
  if (access.collection.is_deleted === 1) {
    throw apiError(404, "COLLECTION_DELETED", "The collection is deleted");
  }
  return access;
};
