// A logged-in visitor of a public link joins its album (wire-contract
// §3.2 `POST /collections/join-link`): the album's key, which
// came with the link, sealed to the visitor's own public key, sent with
// both the visitor's session and the link's tokens. The album then syncs
// into the visitor's library as shared with them (a viewer, or a
// collaborator when the link collects).
//
// [Note: Joining a link's album needs only the account's public key]
//
// The key to seal is the link's (the worker holds it from the fragment)
// and sealing needs only the public key, which is not a secret: the page
// hands the worker the session token and the public key from the account's
// stored key attributes, and no secret key is opened here. The owner's own
// link joins nothing: they are sent to the album in their library.

import { joinCollectionViaLink } from "../../shared/api/endpoints/collections";
import { fromB64 } from "../../shared/crypto/base64";
import { HttpError } from "../../shared/model/errors";
import type { CryptoPool } from "../crypto/pool";
import type { DecryptedCollection } from "../library/decrypted-records";
import { linkFailureOf, type LinkFailure } from "./link-failures";
import type { PublicLinkApi } from "./public-album-api";

/** The logged-in visitor, as the page knows them from local storage. */
export interface JoiningAccount {
  userID: number;
  authToken: string;
  /** The account's public key (standard base64), from its key attributes. */
  publicKeyB64: string;
}

export type JoinOutcome =
  /** The album is shared with the visitor now (or was already). */
  | { kind: "joined"; collectionID: number }
  /** The visitor owns the album: nothing to join. */
  | { kind: "own-album"; collectionID: number }
  /** The session is no longer valid (401 of the session): log in again. */
  | { kind: "session-expired" }
  /** The link's owner turned joining (or downloads) off meanwhile. */
  | { kind: "not-allowed" }
  | { kind: "failed"; failure: LinkFailure };

export const joinAlbum = async (
  pool: Pick<CryptoPool, "sealBox">,
  link: PublicLinkApi,
  album: DecryptedCollection,
  account: JoiningAccount,
): Promise<JoinOutcome> => {
  if (album.owner.id === account.userID) return { kind: "own-album", collectionID: album.id };
  try {
    const encryptedKey = await pool.sealBox(fromB64(album.keyB64), account.publicKeyB64);
    await link.withSession(account.authToken).call(joinCollectionViaLink, {
      body: { collectionID: album.id, encryptedKey },
    });
    return { kind: "joined", collectionID: album.id };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return { kind: "not-allowed" };
    if (error instanceof HttpError && error.status === 401) {
      // The session is checked first (the endpoint is the user's), and the
      // link's tokens just opened the album: a 401 is the session's.
      return { kind: "session-expired" };
    }
    return { kind: "failed", failure: linkFailureOf(error) };
  }
};
