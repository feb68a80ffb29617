import { canBeShared } from "../../../../shared/model/library/sharing-rules";
import type { ShareeRole } from "../../../../shared/api/endpoints/collections";
import type { CollectionUser } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { badRequest, forbidden, notFound } from "../../http/api-errors";
import { emailHashOf } from "../../accounts/server-crypto";
import type { DB } from "../../db/db";
import { liveShareOf, endLiveShares, liveShareesOf, putShare } from "./collection-share-repository";
import { collectionOwnerID, existingCollection } from "./collection-repository";
import { collectionAccess, roleReaches, shareeRoleOf } from "../access";
import type { LibraryContext } from "../context";
import type { LibraryTransaction } from "../versions";
import { participantCollection, writeCollections } from "./collection-write";
import { markCollectionFilesOfOwnerDeleted } from "./collection-file-repository";
import { deleteCastSessionsOfCollection } from "../cast/cast-session-repository";
import { userEmails } from "./user-emails";
import { userIDOfEmailHash } from "../../accounts/user-repository";

// Sharing a collection with people: share, unshare, leave and the list of
// sharees (wire-contract §3.2; spec §6, §7). Public links are in
// share-links; the collection key travels sealed to the sharee's public
// key, which the server cannot open.

/**
 * The user with this email; 404 when there is none.
 *
 * [Note: The caller's right is checked before the email is looked up]
 *
 * Share and unshare name two things: a collection and another account. The
 * caller's right over the collection is checked first, so someone who may
 * not share it (a stranger: 404 as for a missing collection; a viewer:
 * 403) gets that answer whatever the email, and cannot use somebody else's
 * collection to learn whether an account exists. Only a caller allowed to
 * share learns that the email has no account (404), as the reference answers.
 */
const userIDWithEmail = async (
  context: Pick<LibraryContext, "db" | "secrets">,
  email: string,
): Promise<number> => {
  const userID = await userIDOfEmailHash(context.db, await emailHashOf(context.secrets, email));
  if (userID === undefined) throw notFound("No account has this email");
  return userID;
};

/** The live sharees of a collection with their emails, oldest share first. */
const liveSharees = async (
  context: Pick<LibraryContext, "secrets">,
  db: DB,
  collectionID: number,
): Promise<CollectionUser[]> => {
  const shares = await liveShareesOf(db, collectionID);
  const emails = await userEmails(
    context,
    db,
    shares.map((share) => share.to_user_id),
  );
  return shares.map((share) => ({
    id: share.to_user_id,
    email: emails.get(share.to_user_id) ?? "",
    name: "",
    role: share.role,
  }));
};

/**
 * [Note: A share ends with the files its sharee added]
 *
 * When a share ends (the owner or an admin unshares, or the sharee leaves),
 * the files that sharee added to the collection leave it too: they are the
 * sharee's, who no longer sees the collection, and the owner never held
 * them otherwise. They stay in the sharee's own collections. The rows are
 * marked deleted with the write's version, so every remaining participant's
 * next diff drops them.
 */
const endShare = async (
  trx: LibraryTransaction,
  collectionID: number,
  shareeID: number,
  versionUs: number,
): Promise<void> => {
  await endLiveShares(trx, collectionID, versionUs, shareeID);
  await markCollectionFilesOfOwnerDeleted(trx, collectionID, shareeID, versionUs);
  // The TVs the sharee paired with the collection go dark with its share.
  // See: [Note: A cast TV borrows its caster's access]
  await deleteCastSessionsOfCollection(trx, collectionID, shareeID);
};

export interface ShareRequest {
  collectionID: number;
  email: string;
  /** The collection key sealed to the sharee's public key (80 bytes, base64). */
  encryptedKey: string;
  /** Default VIEWER. */
  role?: ShareeRole | undefined;
}

/**
 * Shares a collection with the user of `email` (owner or ADMIN sharee);
 * sharing again with someone revives or changes their share. Answers the
 * live sharees.
 */
export const shareCollection = async (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  { collectionID, email, encryptedKey, role = "VIEWER" }: ShareRequest,
): Promise<CollectionUser[]> => {
  await writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    const { collection } = await participantCollection(trx, userID, collectionID, {
      app,
      roles: ["OWNER", "ADMIN"],
      action: "share it",
    });
    // See: [Note: The caller's right is checked before the email is looked up]
    const shareeID = await userIDWithEmail({ db: trx, secrets: context.secrets }, email);
    if (shareeID === userID) throw badRequest("A collection cannot be shared with oneself");
    if (!canBeShared(collection.type)) {
      throw badRequest(`A collection of type ${collection.type} cannot be shared`);
    }
    if (shareeID === collection.owner_id) {
      throw badRequest("The collection's owner cannot be a sharee of it");
    }
    await putShare(trx, {
      collection,
      shareeID,
      encryptedKey,
      role,
      versionUs,
    });
  });
  return liveSharees(context, context.db, collectionID);
};

/**
 * Ends the share of the user of `email` (owner or ADMIN sharee; nobody
 * unshares themselves or the owner: 403). Answers the live sharees.
 * See: [Note: A share ends with the files its sharee added]
 */
export const unshareCollection = async (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  { collectionID, email }: { collectionID: number; email: string },
): Promise<CollectionUser[]> => {
  await writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    const { collection } = await participantCollection(trx, userID, collectionID, {
      app,
      roles: ["OWNER", "ADMIN"],
      action: "unshare it",
    });
    // See: [Note: The caller's right is checked before the email is looked up]
    const shareeID = await userIDWithEmail({ db: trx, secrets: context.secrets }, email);
    if (shareeID === userID) throw forbidden("Leave the collection instead of unsharing oneself");
    if (shareeID === collection.owner_id) throw forbidden("The owner cannot be unshared");
    await endShare(trx, collectionID, shareeID, versionUs);
  });
  return liveSharees(context, context.db, collectionID);
};

/**
 * [Note: Leaving is idempotent and tells nothing]
 *
 * A sharee leaves a collection by ending its own share. Leaving one it is
 * not (or no longer) part of succeeds without change, whether or not the
 * collection exists, so a repeated leave succeeds and an unknown ID reveals
 * nothing. Only its owner is refused (403): the owner deletes instead.
 */
export const leaveCollection = async (
  context: LibraryContext,
  userID: number,
  collectionID: number,
): Promise<void> => {
  const ownerID = await collectionOwnerID(context.db, collectionID);
  if (ownerID === undefined) return;
  if (ownerID === userID) throw forbidden("The owner cannot leave its collection");
  const share = await liveShareOf(context.db, collectionID, userID);
  // Nothing to end: no version moves for the collection's participants.
  if (share === undefined) return;
  await writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    await endShare(trx, collectionID, userID, versionUs);
  });
};

/**
 * [Note: Joining through a link never lowers a role]
 *
 * A logged-in visitor of a link that allows joining becomes a sharee:
 * COLLABORATOR when the link collects uploads, else VIEWER. Someone who
 * already takes part with a higher role (an admin opening the album's
 * link) keeps it; the owner cannot join (400).
 */
export const joinViaLink = (
  context: LibraryContext,
  userID: number,
  link: { collectionID: number; enableCollect: boolean },
  { collectionID, encryptedKey }: { collectionID: number; encryptedKey: string },
): Promise<void> =>
  writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    if (link.collectionID !== collectionID) {
      throw forbidden("The link is of another collection");
    }
    const collection = await existingCollection(trx, collectionID);
    if (collection.owner_id === userID) throw badRequest("The owner cannot join its collection");
    if (!canBeShared(collection.type)) {
      throw badRequest(`A collection of type ${collection.type} cannot be shared`);
    }
    const linkRole: ShareeRole = link.enableCollect ? "COLLABORATOR" : "VIEWER";
    const current = await liveShareOf(trx, collectionID, userID);
    const currentRole = current === undefined ? undefined : shareeRoleOf(current.role);
    const role =
      currentRole !== undefined && roleReaches(currentRole, linkRole) ? currentRole : linkRole;
    await putShare(trx, { collection, shareeID: userID, encryptedKey, role, versionUs });
  });

/** The live sharees of a collection, for any of its participants; 404 for strangers. */
export const getSharees = async (
  context: LibraryContext,
  userID: number,
  collectionID: number,
): Promise<CollectionUser[]> => {
  await collectionAccess(context.db, userID, collectionID);
  return liveSharees(context, context.db, collectionID);
};
