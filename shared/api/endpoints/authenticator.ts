import { z } from "zod";
import { defineEndpoint, emptyResponse } from "../endpoint";
import { intFromString } from "../wire-values";
import { base64DecodedLength, base64Field, base64FieldBetween, uuidField } from "./account-schemas";
import { libraryValueBytes, timeFromString } from "./library-schemas";

// Authenticator entities (wire-contract "Authenticator entities"): the auth
// app's 2FA codes. The server keeps only ciphertext: one authenticator key
// per account, wrapped under the master key, and per code a Blob under that
// key whose plaintext is an `otpauth://` URI with an optional note and tags.

// [Note: An authenticator entity is at most 64 KiB of ciphertext]
//
// The reference sets no bound. An entity's plaintext is one `otpauth://` URI
// (a secret of 16 to 64 base32 characters, an issuer, an account name and a
// few parameters: a few hundred bytes) plus a JSON note and tags, well under
// 2 KiB even with a long note. 64 KiB is more than 30 times that, so no real
// code is ever refused, while a row and a full diff page (5,000 entities)
// stay bounded (at most ~430 MiB of base64 in the worst case, a few MiB in
// practice). The smallest is one empty secretstream message (17 bytes).
//
// [Note: An account holds at most 5,000 authenticator codes]
//
// A person keeps ~100 accounts with 2FA at the very most; 5,000 live codes
// is far above any real use and keeps the whole set within one diff page of
// the largest limit, so a client's full pull is bounded. Tombstones do not
// count: deleting a code frees its place.

/** Limits of the authenticator calls. */
export const authenticatorLimits = {
  /** See: [Note: An authenticator entity is at most 64 KiB of ciphertext] */
  maxEncryptedDataBytes: 64 * 1024,
  /** A secretstream message's tag and MAC. */
  minEncryptedDataBytes: 17,
  /** See: [Note: An account holds at most 5,000 authenticator codes] */
  maxLiveEntitiesPerUser: 5000,
  /** Entries per diff page (as for user entities, 1..5000). */
  diffMaxLimit: 5000,
} as const;

// [Note: The authenticator key is a Blob or a secretbox]
//
// The wire contract describes the authenticator key as a Blob under the
// master key (one FINAL secretstream message: 32 + 17 = 49 bytes, with its
// 24-byte header). The reference's clients box it instead (secretbox: 32 +
// 16 = 48 bytes, its 24-byte nonce sent as "header") and open it with
// `decryptBox`. The server cannot tell them apart and never opens either, so
// it accepts both sizes and answers the key exactly as it was stored.

/** Sizes of the wrapped authenticator key. See: [Note: The authenticator key is a Blob or a secretbox] */
export const authenticatorKeyBytes = {
  /** secretbox(key, masterKey), as the reference's clients send it. */
  boxed: libraryValueBytes.boxedKey,
  /** One FINAL secretstream message of the 32-byte key. */
  blob: 32 + 17,
  /** The secretstream header, or the secretbox nonce: 24 bytes either way. */
  header: libraryValueBytes.streamHeader,
} as const;

const wrappedAuthenticatorKeyField = () =>
  base64Field().refine(
    (b64) => {
      const length = base64DecodedLength(b64);
      return length === authenticatorKeyBytes.boxed || length === authenticatorKeyBytes.blob;
    },
    `must decode to ${String(authenticatorKeyBytes.boxed)} or ${String(authenticatorKeyBytes.blob)} bytes`,
  );

/**
 * Ciphertext of at least one secretstream message. The upper bound is the
 * handler's, answered with 413 like any oversized value.
 * See: [Note: An authenticator entity is at most 64 KiB of ciphertext]
 */
const encryptedDataField = () =>
  base64FieldBetween(authenticatorLimits.minEncryptedDataBytes, Number.MAX_SAFE_INTEGER);

/** The authenticator key as the server stores it. */
export const authenticatorKeySchema = z.object({
  userID: z.number(),
  /** base64 of the wrapped key. */
  encryptedKey: z.string(),
  /** base64 of the secretstream header (or secretbox nonce). */
  header: z.string(),
  createdAt: z.number(),
});

export type RemoteAuthenticatorKey = z.output<typeof authenticatorKeySchema>;

/** An authenticator entity as the server answers it; a deleted one has no data. */
export const authenticatorEntitySchema = z.object({
  /** A UUID the server picked. */
  id: z.string(),
  userID: z.number(),
  /** base64 of the Blob ciphertext; null once deleted. */
  encryptedData: z.string().nullable(),
  /** base64 of the Blob's secretstream header; null once deleted. */
  header: z.string().nullable(),
  isDeleted: z.boolean(),
  createdAt: z.number(),
  /** µs; the diff's version. */
  updatedAt: z.number(),
});

export type RemoteAuthenticatorEntity = z.output<typeof authenticatorEntitySchema>;
export type RemoteAuthenticatorEntityJSON = z.input<typeof authenticatorEntitySchema>;

/**
 * `POST /authenticator/key`: the account's authenticator key, once. Posting
 * the stored key again answers 200 (a retry); another key is 409
 * `ALREADY_EXISTS`.
 */
export const createAuthenticatorKey = defineEndpoint({
  method: "POST",
  path: "/authenticator/key",
  auth: "user",
  body: z.object({
    encryptedKey: wrappedAuthenticatorKeyField(),
    header: base64Field(authenticatorKeyBytes.header),
  }),
  response: emptyResponse,
});

/** `GET /authenticator/key`: the account's authenticator key; 404 `NOT_FOUND` while there is none. */
export const getAuthenticatorKey = defineEndpoint({
  method: "GET",
  path: "/authenticator/key",
  auth: "user",
  response: authenticatorKeySchema,
});

/**
 * `POST /authenticator/entity`: a new code; the server picks its UUID and
 * answers the entity. Over 64 KiB of ciphertext is 413 `REQUEST_TOO_LARGE`;
 * past 5,000 live codes, 403 `FILE_LIMIT_REACHED`.
 */
export const createAuthenticatorEntity = defineEndpoint({
  method: "POST",
  path: "/authenticator/entity",
  auth: "user",
  body: z.object({
    encryptedData: encryptedDataField(),
    header: base64Field(libraryValueBytes.streamHeader),
  }),
  response: authenticatorEntitySchema,
});

/** `PUT /authenticator/entity`: new data for one of the caller's live codes (404 otherwise). */
export const updateAuthenticatorEntity = defineEndpoint({
  method: "PUT",
  path: "/authenticator/entity",
  auth: "user",
  body: z.object({
    id: uuidField(),
    encryptedData: encryptedDataField(),
    header: base64Field(libraryValueBytes.streamHeader),
  }),
  response: emptyResponse,
});

/**
 * `DELETE /authenticator/entity?id=`: leaves a tombstone (no data) that the
 * diff answers. Deleting a deleted code again is 200; an ID the caller does
 * not own is 404, as for one that never existed.
 */
export const deleteAuthenticatorEntity = defineEndpoint({
  method: "DELETE",
  path: "/authenticator/entity",
  auth: "user",
  query: z.object({ id: uuidField() }),
  response: emptyResponse,
});

/**
 * `GET /authenticator/entity/diff?sinceTime=&limit=`: the caller's codes
 * changed after `sinceTime`, tombstones included, ascending by `updatedAt`,
 * at most `limit` (1..5000). The client pulls again from the largest
 * `updatedAt` while a page is full. Always an array (the reference's web
 * client parses a non-null one).
 * See: [Note: Authenticator versions only grow, per user, in commit order]
 */
export const getAuthenticatorDiff = defineEndpoint({
  method: "GET",
  path: "/authenticator/entity/diff",
  auth: "user",
  query: z.object({
    sinceTime: timeFromString(),
    limit: intFromString().refine(
      (limit) => limit >= 1 && limit <= authenticatorLimits.diffMaxLimit,
      `must be 1..${String(authenticatorLimits.diffMaxLimit)}`,
    ),
  }),
  response: z.object({ diff: z.array(authenticatorEntitySchema) }),
});

export const authenticatorEndpoints = {
  createAuthenticatorKey,
  getAuthenticatorKey,
  createAuthenticatorEntity,
  updateAuthenticatorEntity,
  deleteAuthenticatorEntity,
  getAuthenticatorDiff,
};
