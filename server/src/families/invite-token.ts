import { toB64, toB64URLSafe } from "../../../shared/crypto/base64";
import { loadSodium } from "../../../shared/crypto/sodium";
import { newTokenBytes } from "../accounts/server-crypto";
import type { ServerSecrets } from "../config/secrets";

/**
 * [Note: Invite tokens are kept as a keyed hash]
 *
 * An invite token lets whoever holds it join a family (accept-invite is
 * public), so it is a bearer secret like a session token: 32 random bytes,
 * URL-safe base64, mailed to the invitee and never stored. The row keeps
 * BLAKE2b-256 of it keyed with the server's `keyHash`, so a leaked database
 * gives no usable invite. Since the server cannot mail the same token again,
 * re-inviting someone replaces the pending invite's token: only the newest
 * mail works.
 */
export const newInviteToken = (): string => toB64URLSafe(newTokenBytes());

/** base64(BLAKE2b-256 keyed with `keyHash` over the token). See: [Note: Invite tokens are kept as a keyed hash] */
export const inviteTokenHashOf = async (secrets: ServerSecrets, token: string): Promise<string> => {
  const sodium = await loadSodium();
  return toB64(sodium.crypto_generichash(32, new TextEncoder().encode(token), secrets.keyHash));
};
