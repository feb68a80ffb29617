import { z } from "zod";
import { defineEndpoint, emptyResponse, redirectResponse } from "../endpoint";
import { accountValueBytes, base64Field, base64FieldBetween, uuidField } from "./account-schemas";
import {
  collectionSchema,
  fileSchema,
  idField,
  idFromString,
  timeFromString,
} from "./library-schemas";

// Casting an album to a TV (the reference's `/cast/*`, wire-contract §0.1
// `X-Cast-Access-Token`). The TV (the receiver) registers a key pair's public
// half and shows the pairing code it gets; the user's app (the sender) looks
// the code's key up, seals the collection's ID, key and a cast token of its
// choosing to it, and publishes that with the code; the TV polls until the
// payload is there, opens it and from then on reads the album with the cast
// token alone. See: [Note: A cast pairing lives an hour, a cast session a week of disuse]

/** Limits of the cast calls. */
export const castLimits = {
  /** The sealed payload: a small JSON (token, collection ID and key) with room for more keys. */
  encryptedPayloadBytes: 16 * 1024,
  /**
   * A cast token, as the apps make it: the web app's `cast_` + 22 random
   * characters, the mobile app's UUID. Shorter would be guessable.
   */
  castTokenMinLength: 20,
  castTokenMaxLength: 512,
  /** A pairing code as typed, before normalising; codes themselves are six characters. */
  typedCodeMaxLength: 64,
} as const;

/**
 * A pairing code as a client sends it: the server compares it trimmed and
 * upper-cased, since people type what the TV shows. Any shape is accepted
 * here: a code that names no waiting device is answered 404 like an unknown one.
 */
export const pairingCodeField = () =>
  z
    .string()
    .max(castLimits.typedCodeMaxLength)
    .transform((code) => code.trim().toUpperCase());

/** A cast token as the sender picks it: printable, and long enough not to be guessed. */
export const castTokenField = () =>
  z
    .string()
    .min(castLimits.castTokenMinLength)
    .max(castLimits.castTokenMaxLength)
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces");

/** `POST /cast/device-info`: the TV registers its public key and gets a pairing code. */
export const registerCastDevice = defineEndpoint({
  method: "POST",
  path: "/cast/device-info",
  auth: "none",
  body: z.object({ publicKey: base64Field(accountValueBytes.publicKey) }),
  response: z.object({ deviceCode: z.string() }),
});

/** `GET /cast/device-info/:code`: the public key of the TV waiting with that code; 404 when none. */
export const getCastDeviceKey = defineEndpoint({
  method: "GET",
  path: "/cast/device-info/:code",
  auth: "user",
  params: z.object({ code: pairingCodeField() }),
  response: z.object({ publicKey: z.string() }),
});

/** `POST /cast/cast-data`: pairs the code's TV with a collection the caller takes part in. */
export const publishCastPayload = defineEndpoint({
  method: "POST",
  path: "/cast/cast-data",
  auth: "user",
  body: z.object({
    deviceCode: pairingCodeField(),
    collectionID: idField(),
    castToken: castTokenField(),
    /** The payload sealed to the TV's public key. */
    encPayload: base64FieldBetween(1, castLimits.encryptedPayloadBytes),
  }),
  response: z.object({ deviceID: z.string() }),
});

/** `GET /cast/cast-data/:code`: what the TV polls; null until a sender has paired it. */
export const getCastPayload = defineEndpoint({
  method: "GET",
  path: "/cast/cast-data/:code",
  auth: "none",
  params: z.object({ code: pairingCodeField() }),
  response: z.object({ encCastData: z.string().nullable() }),
});

/** One of the caller's paired cast devices. */
export const castDeviceSchema = z.object({
  deviceID: z.string(),
  collectionID: z.number(),
  deviceIP: z.string(),
  /** µs. */
  lastUsedAt: z.number(),
  deviceName: z.string().nullish(),
});
export type CastDeviceJSON = z.input<typeof castDeviceSchema>;

/** `GET /cast/device-info`: the caller's paired cast devices, newest first. */
export const listCastDevices = defineEndpoint({
  method: "GET",
  path: "/cast/device-info",
  auth: "user",
  response: z.object({ devices: z.array(castDeviceSchema) }),
});

/** `DELETE /cast/device-info/:deviceID`: ends one of the caller's cast sessions. */
export const revokeCastDevice = defineEndpoint({
  method: "DELETE",
  path: "/cast/device-info/:deviceID",
  auth: "user",
  params: z.object({ deviceID: uuidField() }),
  response: emptyResponse,
});

/** `DELETE /cast/revoke-all-tokens`: ends every cast session the caller started. */
export const revokeAllCastTokens = defineEndpoint({
  method: "DELETE",
  path: "/cast/revoke-all-tokens",
  auth: "user",
  response: emptyResponse,
});

// What a paired TV reads, with its cast token.

/** `GET /cast/info`: the cast collection, reduced to what the TV shows. */
export const getCastCollection = defineEndpoint({
  method: "GET",
  path: "/cast/info",
  auth: "castToken",
  response: z.object({ collection: collectionSchema }),
});

/** `GET /cast/diff?sinceTime=`: the cast collection's files changed since. */
export const getCastDiff = defineEndpoint({
  method: "GET",
  path: "/cast/diff",
  auth: "castToken",
  query: z.object({ sinceTime: timeFromString() }),
  response: z.object({ diff: z.array(fileSchema).nullable(), hasMore: z.boolean() }),
});

/** `GET /cast/files/download/:fileID`: 307 to the file's ciphertext; a file of the cast collection. */
export const downloadCastFile = defineEndpoint({
  method: "GET",
  path: "/cast/files/download/:fileID",
  auth: "castToken",
  params: z.object({ fileID: idFromString() }),
  response: redirectResponse,
});

/** `GET /cast/files/preview/:fileID`: 307 to the thumbnail's ciphertext. */
export const previewCastFile = defineEndpoint({
  method: "GET",
  path: "/cast/files/preview/:fileID",
  auth: "castToken",
  params: z.object({ fileID: idFromString() }),
  response: redirectResponse,
});

export const castEndpoints = {
  registerCastDevice,
  getCastDeviceKey,
  publishCastPayload,
  getCastPayload,
  listCastDevices,
  revokeCastDevice,
  revokeAllCastTokens,
  getCastCollection,
  getCastDiff,
  downloadCastFile,
  previewCastFile,
};
