// Sharing an album as a client does it (spec §6; wire-contract §3.3, §9):
// with a person, the album's key sealed to their public key; through a
// link, the key only in the link's fragment and a password hashed here,
// never sent.

import { base58 } from "@scure/base";
import {
  createShareURL,
  disableShareURL,
  leaveCollection,
  shareCollection,
  unshareCollection,
  updateShareURL,
} from "../../shared/api/endpoints/collections";
import type { CollectionUser, PublicURLJSON } from "../../shared/api/endpoints/library-schemas";
import { getPublicKey } from "../../shared/api/endpoints/users";
import { fromB64 } from "../../shared/crypto/base64";
import type { LibraryDeps } from "./library-deps";

/** The roles an owner gives (spec §6): a viewer sees, a collaborator also adds their files. */
export type ShareRole = "VIEWER" | "COLLABORATOR";

/**
 * Shares `collection` with the account of `email`: its key sealed to that
 * account's public key (404 from the server when no account has the email).
 * Answers the album's sharees as the server now holds them.
 */
export const shareAlbum = async (
  deps: Pick<LibraryDeps, "api" | "pool">,
  collection: { id: number; keyB64: string },
  email: string,
  role: ShareRole,
): Promise<CollectionUser[]> => {
  const { publicKey } = await deps.api.call(getPublicKey, { query: { email } });
  const encryptedKey = await deps.pool.sealBox(fromB64(collection.keyB64), publicKey);
  const { sharees } = await deps.api.call(shareCollection, {
    body: { collectionID: collection.id, email, encryptedKey, role },
  });
  return sharees;
};

/** Ends the share of `collectionID` with `email`; answers the remaining sharees. */
export const unshareAlbum = async (
  deps: Pick<LibraryDeps, "api">,
  collectionID: number,
  email: string,
): Promise<CollectionUser[]> => {
  const { sharees } = await deps.api.call(unshareCollection, { body: { collectionID, email } });
  return sharees;
};

/** The user leaves an album shared with them. */
export const leaveAlbum = async (
  deps: Pick<LibraryDeps, "api">,
  collectionID: number,
): Promise<void> => {
  await deps.api.call(leaveCollection, { params: { collectionID } });
};

/**
 * [Note: A link's key lives only in its fragment]
 *
 * The server's link URL (`…/shared-albums?t=<token>`) opens nothing by
 * itself: the album's key goes after `#`, base58 as the reference's apps
 * write it, and browsers never send a fragment to any server. The key is
 * added here, in the worker that holds it, and the page only shows and
 * copies the result.
 */
export const linkWithKey = (serverURL: string, collectionKeyB64: string): string =>
  `${serverURL}#${base58.encode(fromB64(collectionKeyB64))}`;

/** The album key in a link's fragment (base58), as bytes; undefined when it is not a 32-byte key. */
export const keyFromLinkFragment = (fragment: string): Uint8Array | undefined => {
  const text = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  try {
    const key = base58.decode(text);
    return key.length === 32 ? key : undefined;
  } catch {
    return undefined;
  }
};

/** The settings of a link a person can change (spec §5 choices; wire-contract §3.3). */
export interface LinkSettings {
  /** 0: no limit. */
  deviceLimit?: number | undefined;
  /** µs since the epoch; 0: never. */
  validTillUs?: number | undefined;
  enableDownload?: boolean | undefined;
  enableCollect?: boolean | undefined;
  enableJoin?: boolean | undefined;
  /** A new password; null removes it. */
  password?: string | null | undefined;
}

/**
 * Creates the album's link (or answers the enabled one) with the settings
 * the creation takes; a free plan's link gets 5 devices whatever is asked.
 */
export const createAlbumLink = async (
  deps: Pick<LibraryDeps, "api">,
  collectionID: number,
  settings: Pick<LinkSettings, "deviceLimit" | "validTillUs" | "enableCollect" | "enableJoin"> = {},
): Promise<PublicURLJSON> => {
  const { result } = await deps.api.call(createShareURL, {
    body: {
      collectionID,
      ...(settings.deviceLimit === undefined ? {} : { deviceLimit: settings.deviceLimit }),
      ...(settings.validTillUs === undefined ? {} : { validTill: settings.validTillUs }),
      ...(settings.enableCollect === undefined ? {} : { enableCollect: settings.enableCollect }),
      ...(settings.enableJoin === undefined ? {} : { enableJoin: settings.enableJoin }),
    },
  });
  return result;
};

/**
 * Changes the album's link. A password is hashed here with Argon2id
 * (interactive limits, a fresh salt sent as the link's `nonce`): the
 * server stores the hash, and a visitor's browser derives the same hash
 * from the salt and limits the server hands out.
 */
export const updateAlbumLink = async (
  deps: Pick<LibraryDeps, "api" | "pool">,
  collectionID: number,
  settings: LinkSettings,
): Promise<PublicURLJSON> => {
  const password =
    typeof settings.password === "string"
      ? await deps.pool.deriveInteractiveKeyB64(settings.password)
      : undefined;
  const { result } = await deps.api.call(updateShareURL, {
    body: {
      collectionID,
      ...(settings.deviceLimit === undefined ? {} : { deviceLimit: settings.deviceLimit }),
      ...(settings.validTillUs === undefined ? {} : { validTill: settings.validTillUs }),
      ...(settings.enableDownload === undefined ? {} : { enableDownload: settings.enableDownload }),
      ...(settings.enableCollect === undefined ? {} : { enableCollect: settings.enableCollect }),
      ...(settings.enableJoin === undefined ? {} : { enableJoin: settings.enableJoin }),
      ...(settings.password === null ? { disablePassword: true } : {}),
      ...(password === undefined
        ? {}
        : {
            passHash: password.keyB64,
            nonce: password.saltB64,
            memLimit: password.memLimitBytes,
            opsLimit: password.opsLimit,
          }),
    },
  });
  return result;
};

/** Disables the album's link: its URL opens nothing any more. */
export const disableAlbumLink = async (
  deps: Pick<LibraryDeps, "api">,
  collectionID: number,
): Promise<void> => {
  await deps.api.call(disableShareURL, { params: { collectionID } });
};
