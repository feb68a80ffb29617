import { z } from "zod";
import { defineEndpoint, emptyResponse } from "../endpoint";

// Remote store and feature flags (wire-contract §11).

/** The keys a user may set; `internalUser` and `betaUser` are admin-only and read through the flags. */
export const remoteStoreKeySchema = z.enum([
  "recoveryKeyVerified",
  "mapEnabled",
  "faceSearchEnabled",
  "passKeyEnabled",
  "customDomain",
]);

export type RemoteStoreKey = z.output<typeof remoteStoreKeySchema>;

/** Keys whose values are booleans written "true" or "false". */
export const booleanRemoteStoreKeys: readonly RemoteStoreKey[] = [
  "recoveryKeyVerified",
  "mapEnabled",
  "faceSearchEnabled",
  "passKeyEnabled",
];

/** `GET /remote-store?key=&defaultValue=`: a stored value; 404 when absent and no default is given. */
export const getRemoteStoreValue = defineEndpoint({
  method: "GET",
  path: "/remote-store",
  auth: "user",
  query: z.object({
    key: z.string().min(1).max(64),
    defaultValue: z.string().max(1024).optional(),
  }),
  response: z.object({ value: z.string() }),
});

/** `POST /remote-store/update`: sets an allowed key; boolean keys take only "true"/"false". */
export const updateRemoteStore = defineEndpoint({
  method: "POST",
  path: "/remote-store/update",
  auth: "user",
  body: z.object({ key: z.string().min(1).max(64), value: z.string().max(1024) }),
  response: emptyResponse,
});

/** `serverApiFlag` bits (wire-contract §11); a server advertises only what it implements. */
export const serverApiFlagBits = {
  uploadV2: 1,
  comments: 2,
  backupOptions: 4,
  videoStreaming: 8,
  castSessionsV2: 16,
} as const;

/** `GET /remote-store/feature-flags`. */
export const getFeatureFlags = defineEndpoint({
  method: "GET",
  path: "/remote-store/feature-flags",
  auth: "user",
  response: z.object({
    enableStripe: z.boolean(),
    disableCFWorker: z.boolean(),
    mapEnabled: z.boolean(),
    faceSearchEnabled: z.boolean(),
    passKeyEnabled: z.boolean(),
    recoveryKeyVerified: z.boolean(),
    internalUser: z.boolean(),
    betaUser: z.boolean(),
    enableMobMultiPart: z.boolean(),
    serverApiFlag: z.number().int(),
    castUrl: z.string(),
    embedUrl: z.string(),
    customDomain: z.string().optional(),
    customDomainCNAME: z.string().optional(),
  }),
});

export const remoteStoreEndpoints = { getRemoteStoreValue, updateRemoteStore, getFeatureFlags };
