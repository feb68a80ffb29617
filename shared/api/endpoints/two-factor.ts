import { z } from "zod";
import { defineEndpoint, emptyResponse } from "../endpoint";
import {
  accountValueBytes,
  base64Field,
  base64FieldBetween,
  sessionIDField,
  sixDigitCodeField,
  twoFactorAuthorizationResponseSchema,
} from "./account-schemas";

// Two-factor endpoints of wire-contract §2.3 (TOTP, and the recovery of
// both second factors).

export const twoFactorTypeSchema = z.enum(["totp", "passkey"]);

export type TwoFactorType = z.output<typeof twoFactorTypeSchema>;

/** `""` is Go's zero value, which Ente's server reads as TOTP. */
const twoFactorTypeOrEmpty = () => z.union([twoFactorTypeSchema, z.literal("")]);

/**
 * The second factor a recovery is for, in a body: absent, `null` and `""`
 * all mean TOTP. See: [Note: A request's null is its absence]
 */
const twoFactorTypeBodyField = () =>
  twoFactorTypeOrEmpty()
    .nullish()
    .transform((type) => (type === "" || type === null ? undefined : type));

/** The same in a query: absent and `""` mean TOTP. */
const twoFactorTypeQueryField = () =>
  twoFactorTypeOrEmpty()
    .optional()
    .transform((type) => (type === "" ? undefined : type));

/** An encrypted TOTP secret: a base32 secret of up to 128 characters in a secretbox. */
const encryptedSecretField = () => base64FieldBetween(16 + 1, 16 + 256);

/** `GET /users/two-factor/status`: whether TOTP is on. */
export const getTwoFactorStatus = defineEndpoint({
  method: "GET",
  path: "/users/two-factor/status",
  auth: "user",
  response: z.object({ status: z.boolean() }),
});

/** `POST /users/two-factor/setup`: a new TOTP secret (valid 10 min) and its QR code. */
export const setupTwoFactor = defineEndpoint({
  method: "POST",
  path: "/users/two-factor/setup",
  auth: "user",
  response: z.object({
    /** The secret, base32. */
    secretCode: z.string(),
    /** A 200×200 PNG of the `otpauth://` URI, standard base64. */
    qrCode: z.string(),
  }),
});

/** `POST /users/two-factor/enable`: a valid code turns TOTP on; the secret under the recovery key is kept. */
export const enableTwoFactor = defineEndpoint({
  method: "POST",
  path: "/users/two-factor/enable",
  auth: "user",
  body: z.object({
    code: sixDigitCodeField(),
    encryptedTwoFactorSecret: encryptedSecretField(),
    twoFactorSecretDecryptionNonce: base64Field(accountValueBytes.nonce),
  }),
  response: emptyResponse,
});

/** `POST /users/two-factor/disable`: turns TOTP off. */
export const disableTwoFactor = defineEndpoint({
  method: "POST",
  path: "/users/two-factor/disable",
  auth: "user",
  response: emptyResponse,
});

/** `POST /users/two-factor/verify`: the TOTP code of a login; answers the token. */
export const verifyTwoFactor = defineEndpoint({
  method: "POST",
  path: "/users/two-factor/verify",
  auth: "none",
  body: z.object({ sessionID: sessionIDField(), code: sixDigitCodeField() }),
  response: twoFactorAuthorizationResponseSchema,
});

/** `GET /users/two-factor/recover?sessionID=&twoFactorType=`: the second factor's secret under the recovery key. */
export const recoverTwoFactor = defineEndpoint({
  method: "GET",
  path: "/users/two-factor/recover",
  auth: "none",
  query: z.object({
    sessionID: sessionIDField(),
    /** Absent means "totp". */
    twoFactorType: twoFactorTypeQueryField(),
  }),
  response: z.object({ encryptedSecret: z.string(), secretDecryptionNonce: z.string() }),
});

/**
 * `POST /users/two-factor/remove`: the decrypted secret proves the recovery
 * key; for TOTP it turns TOTP off, for passkeys it only skips them for this
 * login. Answers the token.
 */
export const removeTwoFactor = defineEndpoint({
  method: "POST",
  path: "/users/two-factor/remove",
  auth: "none",
  body: z.object({
    sessionID: sessionIDField(),
    secret: z.string().min(1).max(256),
    twoFactorType: twoFactorTypeBodyField(),
  }),
  response: twoFactorAuthorizationResponseSchema,
});

/** `GET /users/two-factor/recovery-status`. */
export const getTwoFactorRecoveryStatus = defineEndpoint({
  method: "GET",
  path: "/users/two-factor/recovery-status",
  auth: "user",
  response: z.object({ allowAdminReset: z.boolean(), isPasskeyRecoveryEnabled: z.boolean() }),
});

/**
 * `POST /users/two-factor/passkeys/configure-recovery`: stores the secret that
 * lets the recovery key skip passkeys (`secret` in clear, to compare at
 * removal; `userSecretCipher` is that secret under the recovery key).
 */
export const configurePasskeyRecovery = defineEndpoint({
  method: "POST",
  path: "/users/two-factor/passkeys/configure-recovery",
  auth: "user",
  body: z.object({
    secret: z.string().min(1).max(256),
    userSecretCipher: base64FieldBetween(16 + 1, 16 + 256),
    userSecretNonce: base64Field(accountValueBytes.nonce),
  }),
  response: z.object({}),
});

export const twoFactorEndpoints = {
  getTwoFactorStatus,
  setupTwoFactor,
  enableTwoFactor,
  disableTwoFactor,
  verifyTwoFactor,
  recoverTwoFactor,
  removeTwoFactor,
  getTwoFactorRecoveryStatus,
  configurePasskeyRecovery,
};
