// The authenticator's server calls over the API client, as the sync engine
// and the key need them.

import type { ApiClient } from "../../shared/api/client";
import {
  createAuthenticatorEntity,
  createAuthenticatorKey,
  deleteAuthenticatorEntity,
  getAuthenticatorDiff,
  getAuthenticatorKey,
  updateAuthenticatorEntity,
} from "../../shared/api/endpoints/authenticator";
import { HttpError } from "../../shared/model/errors";
import type { WrappedAuthenticatorKey } from "../library/keyring";
import type { AuthenticatorRemote } from "./sync/authenticator-remote";
import type { ServerClock } from "./sync/server-clock";

/**
 * The authenticator's calls; a created entity's `updatedAt` is read into
 * `clock` (see: [Note: The server's clock is read from its answers]).
 */
export const authenticatorRemoteOver = (
  api: Pick<ApiClient, "call">,
  { clock, nowMs }: { clock?: ServerClock; nowMs: () => number } = { nowMs: () => Date.now() },
): AuthenticatorRemote => ({
  entityDiff: async (sinceTimeUs, limit) =>
    (await api.call(getAuthenticatorDiff, { query: { sinceTime: sinceTimeUs, limit } })).diff,
  createEntity: async (sealed) => {
    const sentAtMs = nowMs();
    const entity = await api.call(createAuthenticatorEntity, { body: sealed });
    clock?.observe({
      serverTimeMs: entity.updatedAt / 1000,
      resolutionMs: 0,
      sentAtMs,
      receivedAtMs: nowMs(),
    });
    return entity;
  },
  updateEntity: async (id, sealed) => {
    await api.call(updateAuthenticatorEntity, { body: { id, ...sealed } });
  },
  deleteEntity: async (id) => {
    await api.call(deleteAuthenticatorEntity, { query: { id } });
  },
});

const hasStatus = (error: unknown, status: number) =>
  error instanceof HttpError && error.status === status;

/** The stored authenticator key, or undefined while the account has none (404). */
export const fetchWrappedAuthenticatorKey = async (
  api: Pick<ApiClient, "call">,
): Promise<WrappedAuthenticatorKey | undefined> => {
  try {
    const { encryptedKey, header } = await api.call(getAuthenticatorKey);
    return { encryptedKey, header };
  } catch (error) {
    if (hasStatus(error, 404)) return undefined;
    throw error;
  }
};

/** Stores a new key; false when another device stored one first (409). */
export const storeWrappedAuthenticatorKey = async (
  api: Pick<ApiClient, "call">,
  wrapped: WrappedAuthenticatorKey,
): Promise<boolean> => {
  try {
    await api.call(createAuthenticatorKey, { body: wrapped });
    return true;
  } catch (error) {
    if (hasStatus(error, 409)) return false;
    throw error;
  }
};
