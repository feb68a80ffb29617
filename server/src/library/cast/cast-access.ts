import { sha256B64URL } from "../../accounts/server-crypto";
import type { CastSession } from "../../http/auth";
import { liveShareOf } from "../collections/collection-share-repository";
import { collectionByID } from "../collections/collection-repository";
import type { LibraryContext } from "../context";
import { castSessionState, needsLastUseWrite } from "./cast-rules";
import { castSessionOfTokenHash, touchCastSession } from "./cast-session-repository";

// Who holds a cast token: the resolver of the `castToken` auth kind.

/**
 * [Note: A cast token is kept as a hash]
 *
 * The sender picks the cast token (it travels to the TV inside the payload
 * sealed to the TV's key, which the server cannot open) and tells the
 * server once, when pairing. It is a bearer secret like a session token,
 * and at least 20 characters of the apps' randomness (a UUID's 122 bits),
 * so the row keeps its SHA-256 as session tokens are kept: a leaked
 * database lets nobody read a cast album.
 */
export const castTokenHashOf = (token: string): string => sha256B64URL(token);

/**
 * [Note: A cast TV borrows its caster's access]
 *
 * A TV reads the album as the person who paired it could: on every call the
 * caster must still own the collection or have a live share of it, and the
 * collection must not be deleted. A share's end and a collection's deletion
 * also delete the sessions (so the caster's device list stays true), but the
 * check here is what keeps a TV out the moment its caster is. An unknown,
 * revoked, unpaired or expired token, or a caster without access, is 401
 * (`invalid token`), on which the reference's cast app goes back to pairing.
 * See: [Note: A cast pairing lives an hour, a cast session a week of disuse]
 */
export const resolveCastToken = async (
  context: LibraryContext,
  token: string,
): Promise<CastSession | undefined> => {
  const row = await castSessionOfTokenHash(context.db, castTokenHashOf(token));
  if (row === undefined || row.collection_id === null || row.caster_id === null) return undefined;
  const nowUs = context.nowUs();
  if (castSessionState(row, nowUs) !== "paired") return undefined;
  const collection = await collectionByID(context.db, row.collection_id);
  if (collection === undefined || collection.is_deleted === 1) return undefined;
  if (
    collection.owner_id !== row.caster_id &&
    (await liveShareOf(context.db, row.collection_id, row.caster_id)) === undefined
  ) {
    return undefined;
  }
  if (needsLastUseWrite(row.last_used_at_us, nowUs)) {
    await touchCastSession(context.db, row.device_id, nowUs);
  }
  return { collectionID: row.collection_id, casterID: row.caster_id, deviceID: row.device_id };
};
