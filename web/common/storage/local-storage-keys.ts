// [Note: Local storage keys]
//
// Every key the web apps keep in `localStorage` (spec §3, "Local storage
// keys") is declared here once, with a zod schema for its value and how it is
// encoded. Nothing else in the web apps spells a key name: code reads and
// writes through the typed store in `typed-storage.ts`, which validates on
// read, so a value written by an older build or edited by hand can never
// crash a view.
//
// Plain strings (theme, locale, apiEndpoint, referralSource) are stored as
// text, so a developer can set `localStorage.apiEndpoint` by hand in the
// browser console; everything else is JSON.
//
// Shapes that later issues pin are kept permissive (`looseObject`, records)
// but typed; each such schema names the work that will tighten it.

import { z } from "zod";
import { codeSortOrders } from "../../../shared/model/authenticator/code-sort";

type KeyEncoding = "json" | "text";

interface KeyDefinition<S extends z.ZodType> {
  encoding: KeyEncoding;
  schema: S;
}

const json = <S extends z.ZodType>(schema: S): KeyDefinition<S> => ({ encoding: "json", schema });
const text = <S extends z.ZodType<string>>(schema: S): KeyDefinition<S> => ({
  encoding: "text",
  schema,
});

/**
 * The logged-in (or logging-in) user (spec §3: id, email, token). A `token`
 * means logged in (spec §4). `encryptedToken` is the token still sealed to
 * the account's public key, held between a login that proved the email (or a
 * second factor) but not the password, and `/credentials`, which opens it.
 * Unknown fields are kept, so a value written by a newer build survives.
 */
const userSchema = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  /** URL-safe base64 with padding (wire-contract §1.1). */
  token: z.string().min(1).optional(),
  /** Standard base64 sealed box of the token's bytes. */
  encryptedToken: z.string().min(1).optional(),
});

/**
 * wire-contract.md "KeyAttributes": the wrapped keys of the account, as the
 * server keeps them (memLimit in bytes). The recovery fields are absent only
 * for legacy accounts created without a recovery key.
 */
const keyAttributesSchema = z.looseObject({
  kekSalt: z.string().min(1),
  kekHash: z.string().optional(),
  encryptedKey: z.string().min(1),
  keyDecryptionNonce: z.string().min(1),
  publicKey: z.string().min(1),
  encryptedSecretKey: z.string().min(1),
  secretKeyDecryptionNonce: z.string().min(1),
  memLimit: z.number().int().positive(),
  opsLimit: z.number().int().positive(),
  masterKeyEncryptedWithRecoveryKey: z.string().optional(),
  masterKeyDecryptionNonce: z.string().optional(),
  recoveryKeyEncryptedWithMasterKey: z.string().optional(),
  recoveryKeyDecryptionNonce: z.string().optional(),
});

/** wire-contract.md `GET /users/details/v2` "subscription"; the billing issue pins the rest. */
const subscriptionSchema = z.looseObject({
  productID: z.string(),
  storage: z.number(),
  expiryTime: z.number(),
});

/** Spec §3 "Family data"; ids are UUID strings (wire-contract.md §11). */
const familyDataSchema = z.looseObject({
  members: z.array(
    z.looseObject({
      id: z.string(),
      email: z.string(),
      usage: z.number(),
      isAdmin: z.boolean(),
    }),
  ),
});

/** Spec §3 "Export settings" (desktop app). */
const exportSettingsSchema = z.looseObject({
  folder: z.string().optional(),
  continuousExport: z.boolean().optional(),
});

export const themes = ["light", "dark"] as const;
export type Theme = (typeof themes)[number];

/** The three collection sort orders of spec §3. */
export const collectionSortOrders = ["name", "creation-time-asc", "updation-time-desc"] as const;
export type CollectionSortOrder = (typeof collectionSortOrders)[number];

/** One line of the client log (spec §9: the last 1000 are kept). */
export const logEntrySchema = z.object({
  timestampMs: z.number(),
  text: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

const httpUrlSchema = z.url({ protocol: /^https?$/ });

export const localStorageKeys = {
  user: json(userSchema),
  // The login issue pins the session's shape (it holds the encrypted key material of a session).
  session: json(z.record(z.string(), z.unknown())),
  keyAttributes: json(keyAttributesSchema),
  originalKeyAttributes: json(keyAttributesSchema),
  subscription: json(subscriptionSchema),
  familyData: json(familyDataSchema),
  isFirstLogin: json(z.boolean()),
  justSignedUp: json(z.boolean()),
  export: json(exportSettingsSchema),
  theme: text(z.enum(themes)),
  mapEnabled: json(z.boolean()),
  referralSource: text(z.string()),
  apiEndpoint: text(httpUrlSchema),
  collectionSortBy: json(z.enum(collectionSortOrders)),
  locale: text(z.string().min(1)),
  faceIndexingEnabled: json(z.boolean()),
  remoteFeatureFlags: json(
    z.looseObject({ internalUser: z.boolean().optional(), betaUser: z.boolean().optional() }),
  ),
  logs: json(z.array(logEntrySchema)),
  /**
   * Cairn's own, beyond the spec's list: the albums shared with the user
   * that this browser knows of (IDs only), so that each new one is announced
   * once. See: [Note: A new share is announced once]
   */
  knownIncomingShares: json(
    z.object({ userID: z.number().int(), collectionIDs: z.array(z.number().int()) }),
  ),
  /**
   * Cairn's own: files others shared with the user appear in the timeline
   * (off when absent). See: [Note: Shared files stay out of the timeline unless chosen]
   */
  sharedInTimeline: json(z.boolean()),
  /**
   * Cairn's own: whether this device indexes the library for search (on
   * when absent). See `web/common/library/indexing-choice.ts`.
   */
  mlIndexingEnabled: json(z.boolean()),
  /**
   * Cairn's own: how far the gallery's grid is zoomed in (positive) or out
   * (negative) from its default tile size. See: [Note: Zooming the grid changes its columns]
   */
  galleryZoom: json(z.number().int().min(-10).max(10)),
  /**
   * Cairn's own: the gallery shows square tiles or rows of photos at their
   * own shape (square when absent). See: [Note: Rows of photos at their own shape]
   */
  galleryTileShape: json(z.enum(["square", "own-shape"])),
  /** Cairn's own: the order of the auth app's codes on this device (by issuer when absent). */
  authCodeSort: json(z.enum(codeSortOrders)),
} satisfies Record<string, KeyDefinition<z.ZodType>>;

export type LocalStorageKey = keyof typeof localStorageKeys;

export type LocalStorageValue<K extends LocalStorageKey> = z.output<
  (typeof localStorageKeys)[K]["schema"]
>;

export type StoredUser = LocalStorageValue<"user">;
