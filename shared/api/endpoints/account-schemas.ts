import { z } from "zod";
import { absentOrNull } from "../wire-values";

// Schemas shared by the account areas (wire-contract §2, §11): key
// attributes, the authorization responses of login, subscriptions, and the
// WebAuthn JSON that passes through the passkey endpoints.
//
// [Note: Strict request bodies, lenient answers]
//
// Request bodies are checked strictly (standard base64 of the exact byte
// length a key or nonce has), so that the server answers a malformed value
// with a clear 400 naming the field instead of failing later. Answers are
// only typed loosely (a base64 value is a string), so that our clients also
// accept an Ente-compatible server that answers with values we would not
// produce ourselves.

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The number of bytes a well-formed standard base64 string decodes to. */
export const base64DecodedLength = (b64: string): number =>
  (b64.length / 4) * 3 - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);

/**
 * A standard base64 string (with padding), of exactly `bytes` decoded bytes
 * when given. See: [Note: Strict request bodies, lenient answers]
 */
export const base64Field = (bytes?: number) =>
  z
    .string()
    .regex(base64Pattern, "must be standard base64")
    .refine(
      (b64) => bytes === undefined || base64DecodedLength(b64) === bytes,
      bytes === undefined ? "must be standard base64" : `must decode to ${String(bytes)} bytes`,
    );

/** A non-empty standard base64 string whose decoded size lies in [min, max] bytes. */
export const base64FieldBetween = (minBytes: number, maxBytes: number) =>
  z
    .string()
    .regex(base64Pattern, "must be standard base64")
    .refine(
      (b64) => {
        const length = base64DecodedLength(b64);
        return length >= minBytes && length <= maxBytes;
      },
      `must decode to ${String(minBytes)}..${String(maxBytes)} bytes`,
    );

/** Byte sizes of the account's key material (see "Crypto formats"). */
export const accountValueBytes = {
  /** Argon2id salt. */
  kekSalt: 16,
  /** A 32-byte key in a secretbox: key + 16-byte MAC. */
  boxedKey: 48,
  /** secretbox nonce. */
  nonce: 24,
  /** X25519 public key. */
  publicKey: 32,
  /** SRP values: A, B and the verifier are the 4096-bit group's size. */
  srpValue: 512,
  /** SRP proofs M1 and M2 (SHA-256). */
  srpProof: 32,
} as const;

/** An email address as typed; the server normalises (trim, lowercase) it. */
export const emailField = () =>
  z
    .string()
    .max(320, "must be at most 320 characters") // RFC 5321: 64 local + @ + 255 domain
    .refine((email) => /^[^\s@]+@[^\s@]+$/.test(email.trim()), "must be an email address");

/** A UUID string (SRP user IDs, SRP sessions and setups, passkey IDs). */
export const uuidField = () =>
  z.string().regex(/^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/, "must be a UUID");

/** An opaque session ID (2FA and passkey login sessions): URL-safe base64 or a UUID. */
export const sessionIDField = () =>
  z
    .string()
    .min(1, "must not be empty")
    .max(128, "must be at most 128 characters")
    .regex(/^[A-Za-z0-9_\-=]+$/, "must be an ID");

/** A six-digit code (OTT, TOTP); surrounding spaces are tolerated. */
export const sixDigitCodeField = () =>
  z
    .string()
    .max(64, "must be a six-digit code")
    .transform((code) => code.trim())
    .refine((code) => /^\d{6}$/.test(code), "must be a six-digit code");

// ---------------------------------------------------------------------------
// Key attributes (wire-contract §2.1)

/** KeyAttributes as the server answers them: every field present. */
export const keyAttributesSchema = z.object({
  kekSalt: z.string(),
  /** Legacy; "" for every account we create. */
  kekHash: z.string(),
  encryptedKey: z.string(),
  keyDecryptionNonce: z.string(),
  publicKey: z.string(),
  encryptedSecretKey: z.string(),
  secretKeyDecryptionNonce: z.string(),
  memLimit: z.number().int(),
  opsLimit: z.number().int(),
  masterKeyEncryptedWithRecoveryKey: z.string(),
  masterKeyDecryptionNonce: z.string(),
  recoveryKeyEncryptedWithMasterKey: z.string(),
  recoveryKeyDecryptionNonce: z.string(),
});

export type KeyAttributes = z.output<typeof keyAttributesSchema>;

/** Argon2id limits as sent; the server checks the product (wire-contract §2.1). */
const kdfLimitField = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The four recovery fields (also the body of `PUT /users/recovery-key`). */
export const recoveryKeyAttributesSchema = z.object({
  masterKeyEncryptedWithRecoveryKey: base64Field(accountValueBytes.boxedKey),
  masterKeyDecryptionNonce: base64Field(accountValueBytes.nonce),
  recoveryKeyEncryptedWithMasterKey: base64Field(accountValueBytes.boxedKey),
  recoveryKeyDecryptionNonce: base64Field(accountValueBytes.nonce),
});

/**
 * KeyAttributes as a client sends them in `PUT /users/attributes`: the KEK
 * and key-pair fields are required; the recovery fields may be absent (older
 * clients set them later with `PUT /users/recovery-key`).
 */
export const keyAttributesInputSchema = z.object({
  kekSalt: base64Field(accountValueBytes.kekSalt),
  kekHash: absentOrNull(z.string().max(1024)),
  encryptedKey: base64Field(accountValueBytes.boxedKey),
  keyDecryptionNonce: base64Field(accountValueBytes.nonce),
  publicKey: base64Field(accountValueBytes.publicKey),
  encryptedSecretKey: base64Field(accountValueBytes.boxedKey),
  secretKeyDecryptionNonce: base64Field(accountValueBytes.nonce),
  memLimit: kdfLimitField(),
  opsLimit: kdfLimitField(),
  masterKeyEncryptedWithRecoveryKey: absentOrNull(base64Field(accountValueBytes.boxedKey)),
  masterKeyDecryptionNonce: absentOrNull(base64Field(accountValueBytes.nonce)),
  recoveryKeyEncryptedWithMasterKey: absentOrNull(base64Field(accountValueBytes.boxedKey)),
  recoveryKeyDecryptionNonce: absentOrNull(base64Field(accountValueBytes.nonce)),
});

export type KeyAttributesInput = z.input<typeof keyAttributesInputSchema>;

/** The KEK fields a password change replaces (`updatedKeyAttr` of `/users/srp/update`). */
export const updatedKeyAttributesSchema = z.object({
  kekSalt: base64Field(accountValueBytes.kekSalt),
  encryptedKey: base64Field(accountValueBytes.boxedKey),
  keyDecryptionNonce: base64Field(accountValueBytes.nonce),
  memLimit: kdfLimitField(),
  opsLimit: kdfLimitField(),
});

// ---------------------------------------------------------------------------
// Authorization responses (wire-contract §2.1, §2.3)

/**
 * The answer of `verify-email` and `srp/verify-session`. Which fields carry
 * values depends on the account's second factors (wire-contract §2.1):
 * passkeys → `passkeySessionID` + `accountsUrl` (+ `twoFactorSessionIDV2`
 * when TOTP is also on); TOTP only → `twoFactorSessionID`; otherwise
 * `keyAttributes` + `encryptedToken`, or a plain `token` while the account
 * has no key attributes yet. The three session IDs and `accountsUrl` are
 * always present, "" when unused.
 */
export const emailAuthorizationResponseSchema = z.object({
  id: z.number().int(),
  keyAttributes: keyAttributesSchema.optional(),
  /** Standard base64 of `crypto_box_seal(raw 32 token bytes, publicKey)`. */
  encryptedToken: z.string().optional(),
  /** The token itself (URL-safe base64), only while the account has no key attributes. */
  token: z.string().optional(),
  passkeySessionID: z.string(),
  accountsUrl: z.string(),
  twoFactorSessionID: z.string(),
  twoFactorSessionIDV2: z.string(),
  /** Only on `/users/srp/verify-session`: the server's proof, base64. */
  srpM2: z.string().optional(),
});

export type EmailAuthorizationResponse = z.output<typeof emailAuthorizationResponseSchema>;

/** The answer once the second factor is passed (`two-factor/verify`, `/remove`, passkey finish and get-token). */
export const twoFactorAuthorizationResponseSchema = z.object({
  id: z.number().int(),
  keyAttributes: keyAttributesSchema,
  encryptedToken: z.string(),
});

export type TwoFactorAuthorizationResponse = z.output<typeof twoFactorAuthorizationResponseSchema>;

// ---------------------------------------------------------------------------
// Subscriptions and plans (wire-contract §2.1 details/v2, §11 billing)

export const subscriptionSchema = z.object({
  id: z.number().int(),
  userID: z.number().int(),
  productID: z.string(),
  storage: z.number().int(),
  originalTransactionID: z.string(),
  expiryTime: z.number().int(),
  /** omitempty: absent when never upgraded. */
  upgradedAt: z.number().int().optional(),
  paymentProvider: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  price: z.string(),
  period: z.string(),
});

export type Subscription = z.output<typeof subscriptionSchema>;

export const freePlanSchema = z.object({
  storage: z.number().int(),
  duration: z.number().int(),
  period: z.string(),
});

export const planSchema = z.object({
  id: z.string(),
  androidID: z.string(),
  iosID: z.string(),
  stripeID: z.string(),
  storage: z.number().int(),
  price: z.string(),
  period: z.string(),
});

export const familyMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum([
    "SELF",
    "CLOSED",
    "INVITED",
    "ACCEPTED",
    "DECLINED",
    "REVOKED",
    "REMOVED",
    "LEFT",
  ]),
  storageLimit: z.number().int().nullable().optional(),
  usage: z.number().int(),
  isAdmin: z.boolean(),
});

export const familyDataSchema = z.object({
  members: z.array(familyMemberSchema).nullable(),
  storage: z.number().int(),
  expiryTime: z.number().int(),
  adminBonus: z.number().int(),
});

export const storageBonusSchema = z.object({
  storage: z.number().int(),
  type: z.string(),
  createdAt: z.number().int(),
  validTill: z.number().int(),
  isRevoked: z.boolean(),
});

export const profileDataSchema = z.object({
  canDisableEmailMFA: z.boolean(),
  isEmailMFAEnabled: z.boolean(),
  isTwoFactorEnabled: z.boolean(),
  passkeyCount: z.number().int(),
});

/** `GET /users/details/v2` (wire-contract §2.1). */
export const userDetailsSchema = z.object({
  email: z.string(),
  usage: z.number().int(),
  /** Only with `memoryCount=true` (the default). */
  fileCount: z.number().int().optional(),
  sharedCollectionsCount: z.number().int().optional(),
  storageBonus: z.number().int(),
  subscription: subscriptionSchema,
  /** Omitted when the user is in no family. */
  familyData: familyDataSchema.optional(),
  profileData: profileDataSchema,
  bonusData: z.object({ storageBonuses: z.array(storageBonusSchema).nullable() }),
});

export type UserDetails = z.output<typeof userDetailsSchema>;

// ---------------------------------------------------------------------------
// WebAuthn JSON (passkeys, wire-contract §2.4)

/**
 * WebAuthn options travel as go-webauthn wraps them, `{"publicKey": {...}}`;
 * the inner object is the JSON form of the browser's options
 * (`PublicKeyCredentialCreationOptionsJSON` / `...RequestOptionsJSON` of
 * @simplewebauthn), passed through untouched.
 */
export const webAuthnOptionsSchema = z.object({
  publicKey: z.record(z.string(), z.unknown()),
});

const base64URLPattern = /^[A-Za-z0-9_-]*={0,2}$/;
const base64URLField = (maxChars: number) =>
  z.string().max(maxChars).regex(base64URLPattern, "must be URL-safe base64");

/** The credential JSON a browser produced at registration (`RegistrationResponseJSON`). */
export const registrationCredentialSchema = z.looseObject({
  id: base64URLField(1024),
  rawId: base64URLField(1024),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64URLField(64 * 1024),
    attestationObject: base64URLField(256 * 1024),
    authenticatorData: base64URLField(64 * 1024).optional(),
    transports: z.array(z.string().max(64)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64URLField(64 * 1024).optional(),
  }),
  authenticatorAttachment: z.string().max(64).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** The credential JSON a browser produced at login (`AuthenticationResponseJSON`). */
export const authenticationCredentialSchema = z.looseObject({
  id: base64URLField(1024),
  rawId: base64URLField(1024),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64URLField(64 * 1024),
    authenticatorData: base64URLField(64 * 1024),
    signature: base64URLField(64 * 1024),
    userHandle: base64URLField(1024).optional(),
  }),
  authenticatorAttachment: z.string().max(64).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
