// What a public album's address holds (wire-contract §3.3): the link's
// access token in `?t=` and the album's key, base58, after `#`. Pure; the
// page hands the raw parts over and only the worker reads the key.
// See: [Note: A link's key lives only in its fragment]

import { toB64 } from "../../shared/crypto/base64";
import { keyFromLinkFragment } from "../library/sharing-operations";

/** The query parameter that carries a link's access token. */
export const accessTokenParam = "t";

/** A link the worker can open: its access token and the album's key. */
export interface OpenableLink {
  accessToken: string;
  collectionKeyB64: string;
}

/**
 * The access token (from the address's query string) and the album key (from
 * its fragment), or undefined when either is missing or the fragment is not
 * a 32-byte key: an incomplete link, often one copied without its `#…` part.
 */
export const openableLink = (search: string, fragment: string): OpenableLink | undefined => {
  const accessToken = new URLSearchParams(search).get(accessTokenParam)?.trim() ?? "";
  if (accessToken === "") return undefined;
  const key = keyFromLinkFragment(fragment);
  return key === undefined ? undefined : { accessToken, collectionKeyB64: toB64(key) };
};
