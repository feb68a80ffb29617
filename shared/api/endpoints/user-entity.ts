import { z } from "zod";
import { defineEndpoint, emptyResponse } from "../endpoint";
import { absentOrNull, intFromString } from "../wire-values";
import { base64Field, base64FieldBetween } from "./account-schemas";
import { libraryValueBytes, timeField, timeFromString } from "./library-schemas";

// User entities (wire-contract "/user-entity"): small encrypted documents of
// an account that its devices share, such as the people ("cgroup") and the
// location tags the photos app names. The server keeps only ciphertext: one
// key per entity type, wrapped under the master key, and per entity a Blob
// under that key.

/** The entity types the server keeps: the reference server's list and the mobile app's "pet". */
export const userEntityTypes = [
  "location",
  "person",
  "cgroup",
  "smart_album",
  "memory",
  "contact",
  "space",
  "library_share",
  "pet",
] as const;

export type UserEntityType = (typeof userEntityTypes)[number];

export const userEntityTypeSchema = z.enum(userEntityTypes);

// [Note: A user entity is at most 1 MiB of ciphertext]
//
// The reference sets no bound. A person ("cgroup") lists the IDs of its
// faces, gzipped before encryption: ~20 bytes a face before gzip, so even a
// person seen in tens of thousands of photos stays far below 1 MiB; a
// location tag or a smart album is a few hundred bytes. 1 MiB keeps a row
// and a diff page bounded while leaving room for any real account. The
// smallest is one empty secretstream message (17 bytes).

/** Limits of the user-entity calls. */
export const userEntityLimits = {
  /** See: [Note: A user entity is at most 1 MiB of ciphertext] */
  maxEncryptedDataBytes: 1024 * 1024,
  /** A secretstream message's tag and MAC. */
  minEncryptedDataBytes: 17,
  /** Entries per diff page (the reference's bound, 1..5000). */
  diffMaxLimit: 5000,
  /** The longest entity ID: `<type>_` and 22 characters, or a client's smart-album ID. */
  idMaxLength: 128,
} as const;

/**
 * An entity ID: the server's `<type>_<22 characters of [0-9A-Za-z]>`, or the
 * ID a client picks for a smart album (`sa_<userID>_…`) or a library share
 * (`ls_<ownerID>_<recipientID>`).
 */
export const userEntityIDField = () =>
  z
    .string()
    .min(1)
    .max(userEntityLimits.idMaxLength)
    .regex(/^[A-Za-z0-9_-]+$/, "must be an entity ID");

/** The entity key of a type as the server stores it: secretbox(entityKey, masterKey). */
export const userEntityKeySchema = z.object({
  userID: z.number(),
  type: z.string(),
  /** base64 of the secretbox. */
  encryptedKey: z.string(),
  /** base64 of the secretbox's nonce (the reference calls it the header). */
  header: z.string(),
  createdAt: z.number(),
});

export type RemoteUserEntityKey = z.output<typeof userEntityKeySchema>;

/** An entity as the server answers it; a deleted one has no data. */
export const userEntitySchema = z.object({
  id: z.string(),
  userID: z.number(),
  type: z.string(),
  /** base64 of the Blob ciphertext; null once deleted. */
  encryptedData: z.string().nullable(),
  /** base64 of the Blob's secretstream header; null once deleted. */
  header: z.string().nullable(),
  isDeleted: z.boolean(),
  createdAt: z.number(),
  /** µs; the diff's version. */
  updatedAt: z.number(),
});

export type RemoteUserEntity = z.output<typeof userEntitySchema>;
export type RemoteUserEntityJSON = z.input<typeof userEntitySchema>;

const encryptedDataField = () =>
  base64FieldBetween(
    userEntityLimits.minEncryptedDataBytes,
    userEntityLimits.maxEncryptedDataBytes,
  );

/**
 * `POST /user-entity/key`: the key of a type, once. Posting the key stored
 * already answers 200 (a retry); another key for the type is 409
 * `ALREADY_EXISTS`.
 */
export const createUserEntityKey = defineEndpoint({
  method: "POST",
  path: "/user-entity/key",
  auth: "user",
  body: z.object({
    type: userEntityTypeSchema,
    encryptedKey: base64Field(libraryValueBytes.boxedKey),
    header: base64Field(libraryValueBytes.nonce),
  }),
  response: emptyResponse,
});

/** `GET /user-entity/key?type=`: the key of a type; 404 `NOT_FOUND` while there is none. */
export const getUserEntityKey = defineEndpoint({
  method: "GET",
  path: "/user-entity/key",
  auth: "user",
  query: z.object({ type: userEntityTypeSchema }),
  response: userEntityKeySchema,
});

/**
 * `POST /user-entity/entity`: a new entity; the server picks its ID, except
 * for a smart album (`sa_<userID>_…`) and a library share
 * (`ls_<userID>_<recipientID>`), whose IDs the client gives. Answers the
 * entity. See: [Note: Entity IDs are prefixed random strings]
 */
export const createUserEntity = defineEndpoint({
  method: "POST",
  path: "/user-entity/entity",
  auth: "user",
  body: z.object({
    type: userEntityTypeSchema,
    encryptedData: encryptedDataField(),
    header: base64Field(libraryValueBytes.streamHeader),
    /** Only for a smart album or a library share; other types get the server's ID (null is as absent). */
    id: absentOrNull(userEntityIDField()),
  }),
  response: userEntitySchema,
});

/**
 * `PUT /user-entity/entity`: new data for one of the caller's live entities
 * (404 otherwise). With `expectedUpdatedAt`, only over that version, else 409
 * `INVALID_VERSION`; a library share must give it.
 * See: [Note: A library share is updated only over the version its writer read]
 */
export const updateUserEntity = defineEndpoint({
  method: "PUT",
  path: "/user-entity/entity",
  auth: "user",
  body: z.object({
    id: userEntityIDField(),
    type: userEntityTypeSchema,
    encryptedData: encryptedDataField(),
    header: base64Field(libraryValueBytes.streamHeader),
    expectedUpdatedAt: absentOrNull(timeField()),
  }),
  response: userEntitySchema,
});

/**
 * `DELETE /user-entity/entity?id=`: leaves a tombstone (no data) that the
 * diff answers. Deleting a deleted entity again is 200; an ID the caller
 * does not own is 404, as for one that never existed.
 */
export const deleteUserEntity = defineEndpoint({
  method: "DELETE",
  path: "/user-entity/entity",
  auth: "user",
  query: z.object({ id: userEntityIDField() }),
  response: emptyResponse,
});

/**
 * `GET /user-entity/entity/diff?type=&sinceTime=&limit=`: the caller's
 * entities of a type changed after `sinceTime`, tombstones included,
 * ascending by `updatedAt`, at most `limit` (1..5000). The client pulls
 * again from the largest `updatedAt` while a page is full.
 * See: [Note: User-entity versions only grow, per user, in commit order]
 */
export const getUserEntityDiff = defineEndpoint({
  method: "GET",
  path: "/user-entity/entity/diff",
  auth: "user",
  query: z.object({
    type: userEntityTypeSchema,
    sinceTime: timeFromString(),
    limit: intFromString().refine(
      (limit) => limit >= 1 && limit <= userEntityLimits.diffMaxLimit,
      `must be 1..${String(userEntityLimits.diffMaxLimit)}`,
    ),
  }),
  response: z.object({ diff: z.array(userEntitySchema).nullable() }),
});

export const userEntityEndpoints = {
  createUserEntityKey,
  getUserEntityKey,
  createUserEntity,
  updateUserEntity,
  deleteUserEntity,
  getUserEntityDiff,
};
