import { authenticatorLimits } from "../../../shared/api/endpoints/authenticator";
import { base64DecodedLength } from "../../../shared/api/endpoints/account-schemas";
import { apiError } from "../http/api-errors";

// The bounds of the auth app's codes, as the errors a client sees.

/**
 * Refuse ciphertext over 64 KiB with 413 `REQUEST_TOO_LARGE`, the answer to
 * an oversized value elsewhere (a file's ML data, an oversized body). The
 * lower bound is the schema's (400).
 * See: [Note: An authenticator entity is at most 64 KiB of ciphertext]
 */
export const ensureAuthenticatorDataSize = (encryptedDataB64: string): void => {
  const sizeBytes = base64DecodedLength(encryptedDataB64);
  if (sizeBytes > authenticatorLimits.maxEncryptedDataBytes) {
    throw apiError(
      413,
      "REQUEST_TOO_LARGE",
      `An authenticator code may be at most ${String(authenticatorLimits.maxEncryptedDataBytes)} bytes of ciphertext, not ${String(sizeBytes)}`,
    );
  }
};

/**
 * Refuse a new code when the account holds the most live codes, with 403
 * `FILE_LIMIT_REACHED`: the reference's answer when an account holds the
 * most items its small-documents app allows (its Locker's per-user count).
 * Not 429: a client retries that, and the limit does not pass with time.
 * See: [Note: An account holds at most 5,000 authenticator codes]
 */
export const ensureRoomForAuthenticatorEntity = (liveCount: number): void => {
  if (liveCount >= authenticatorLimits.maxLiveEntitiesPerUser) {
    throw apiError(
      403,
      "FILE_LIMIT_REACHED",
      `An account holds at most ${String(authenticatorLimits.maxLiveEntitiesPerUser)} authenticator codes; delete one to add another`,
    );
  }
};
