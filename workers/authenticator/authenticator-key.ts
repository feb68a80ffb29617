// The account's authenticator key: opened from the server's copy, or made
// on first use (random, wrapped under the master key by the keyring) and
// stored. It lives only in this worker's memory.

import type { ApiClient } from "../../shared/api/client";
import type { LibraryKeyring } from "../library/keyring";
import { fetchWrappedAuthenticatorKey, storeWrappedAuthenticatorKey } from "./remote-authenticator";

/** A stored key that would not open: the server holds a key of another account, or damaged. */
export class AuthenticatorKeyError extends Error {
  override name = "AuthenticatorKeyError";
}

// [Note: Two devices making the first authenticator key]
//
// The key is made when the first code is about to be sent, not when the
// app opens (an account that never adds a code stores nothing). Two
// devices may both find no key and both make one: the server keeps the
// first (409 `ALREADY_EXISTS` for the second), so the second fetches and
// opens the stored key before sealing anything. No code is ever sealed
// under a key the server does not hold.

/**
 * The authenticator key (base64). With `create`, one is made and stored
 * when the account has none; without, undefined then.
 */
export const authenticatorKey = async (
  deps: {
    api: Pick<ApiClient, "call">;
    keyring: Pick<LibraryKeyring, "openAuthenticatorKey" | "wrapAuthenticatorKey">;
    generateKeyB64: () => Promise<string>;
  },
  { create }: { create: boolean },
): Promise<string | undefined> => {
  const open = async (wrapped: Parameters<LibraryKeyring["openAuthenticatorKey"]>[0]) => {
    try {
      return await deps.keyring.openAuthenticatorKey(wrapped);
    } catch (error) {
      throw new AuthenticatorKeyError("The authenticator key does not open", { cause: error });
    }
  };
  const stored = await fetchWrappedAuthenticatorKey(deps.api);
  if (stored !== undefined) return open(stored);
  if (!create) return undefined;
  // See: [Note: Two devices making the first authenticator key]
  const keyB64 = await deps.generateKeyB64();
  if (
    await storeWrappedAuthenticatorKey(deps.api, await deps.keyring.wrapAuthenticatorKey(keyB64))
  ) {
    return keyB64;
  }
  const winner = await fetchWrappedAuthenticatorKey(deps.api);
  if (winner === undefined)
    throw new AuthenticatorKeyError("The stored authenticator key went away");
  return open(winner);
};
