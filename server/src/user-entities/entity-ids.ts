import { randomBytes } from "node:crypto";
import type { UserEntityType } from "../../../shared/api/endpoints/user-entity";

// [Note: Entity IDs are prefixed random strings]
//
// The reference names a new entity `<type>_` and 22 characters of
// [0-9A-Za-z] (a nanoid with that alphabet, ~131 bits), so an ID says its
// type and is never guessed. A smart album is the exception: its ID is the
// client's, `sa_<userID>_…`, so that every device of the account derives the
// same ID for the same album and a deleted one can be created again under
// its ID (its tombstone comes back to life). The user ID in the prefix keeps
// one account from ever naming another's.

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const randomLength = 22;

/** A new server-picked ID. See: [Note: Entity IDs are prefixed random strings] */
export const newEntityID = (type: UserEntityType): string => {
  const chars: string[] = [];
  while (chars.length < randomLength) {
    for (const byte of randomBytes(randomLength)) {
      // 248 = 4 × 62: the bytes below it fall evenly on the alphabet.
      if (byte < 248 && chars.length < randomLength) chars.push(alphabet[byte % 62] ?? "");
    }
  }
  return `${type}_${chars.join("")}`;
};

/** Types whose IDs the client gives. See: [Note: Entity IDs are prefixed random strings] */
export const clientNamedEntityTypes: readonly UserEntityType[] = ["smart_album"];

/** Whether `id` is one `userID` may give a smart album. */
export const isOwnSmartAlbumID = (id: string, userID: number): boolean =>
  id.startsWith(`sa_${String(userID)}_`) && id.length > `sa_${String(userID)}_`.length;
