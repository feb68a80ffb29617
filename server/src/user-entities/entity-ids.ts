import type { UserEntityType } from "../../../shared/api/endpoints/user-entity";
import { newPrefixedID } from "../prefixed-ids";

// [Note: Entity IDs are prefixed random strings]
//
// The reference names a new entity `<type>_` and 22 characters of
// [0-9A-Za-z] (a nanoid with that alphabet, ~131 bits), so an ID says its
// type and is never guessed. Two types are the exception, named by the
// client so that every device of the account derives the same ID for the
// same thing, and a deleted one can be created again under its ID (its
// tombstone comes back to life): a smart album, `sa_<userID>_…`, and a
// library share, `ls_<ownerID>_<recipientID>` (the owner is the caller, the
// recipient another account). The caller's user ID in the prefix keeps one
// account from ever naming another's.

/** A new server-picked ID. See: [Note: Entity IDs are prefixed random strings] */
export const newEntityID = (type: UserEntityType): string => newPrefixedID(type);

/** Types whose IDs the client gives. See: [Note: Entity IDs are prefixed random strings] */
export const isClientNamedEntityType = (type: UserEntityType): boolean =>
  type === "smart_album" || type === "library_share";

const libraryShareIDPattern = /^ls_(\d{1,16})_(\d{1,16})$/;

/**
 * Why `id` cannot name a new entity of a client-named `type` for `userID`
 * (a message for the 400), or undefined when it can.
 * See: [Note: Entity IDs are prefixed random strings]
 */
export const clientEntityIDProblem = (
  type: UserEntityType,
  id: string | undefined,
  userID: number,
): string | undefined => {
  const own = String(userID);
  if (type === "smart_album") {
    const prefix = `sa_${own}_`;
    return id !== undefined && id.startsWith(prefix) && id.length > prefix.length
      ? undefined
      : `id: a smart_album needs an ID ${prefix}…`;
  }
  const [, ownerID, recipientID] = (id ?? "").match(libraryShareIDPattern) ?? [];
  const recipient = Number(recipientID);
  return ownerID === own &&
    recipientID === String(recipient) &&
    recipient > 0 &&
    recipient !== userID
    ? undefined
    : `id: a library_share needs an ID ls_${own}_<recipient's user ID>`;
};
