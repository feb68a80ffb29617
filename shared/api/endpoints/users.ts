import { z } from "zod";
import { defineEndpoint, emptyResponse } from "../endpoint";
import { absentOrNull, boolFromString } from "../wire-values";
import {
  emailAuthorizationResponseSchema,
  emailField,
  keyAttributesInputSchema,
  keyAttributesSchema,
  recoveryKeyAttributesSchema,
  sixDigitCodeField,
  userDetailsSchema,
} from "./account-schemas";

// Account endpoints of wire-contract §2.1: one-time codes, key attributes,
// sessions, details, deletion and the scoped tokens.

/** What an OTT is for; a missing purpose counts as "". */
export const ottPurposeSchema = z.enum(["signup", "login", "change", ""]);

export type OttPurpose = z.output<typeof ottPurposeSchema>;

/** `POST /users/ott`: mails a six-digit code; 200 with an empty body. */
export const sendOtt = defineEndpoint({
  method: "POST",
  path: "/users/ott",
  auth: "none",
  body: z.object({
    email: emailField(),
    purpose: absentOrNull(ottPurposeSchema),
    mobile: absentOrNull(z.boolean()),
    /** "web" or "totp" from our clients; informational. */
    client: absentOrNull(z.string().max(64)),
  }),
  response: emptyResponse,
});

/** `POST /users/verify-email`: checks the code, creates the user if new, answers the login branches. */
export const verifyEmail = defineEndpoint({
  method: "POST",
  path: "/users/verify-email",
  auth: "none",
  body: z.object({
    email: emailField(),
    ott: sixDigitCodeField(),
    /** Where the sign-up came from, e.g. "web:<referral>"; informational. */
    source: absentOrNull(z.string().max(256)),
  }),
  response: emailAuthorizationResponseSchema,
});

/** `PUT /users/attributes`: stores the key attributes once (403 when already set). */
export const setKeyAttributes = defineEndpoint({
  method: "PUT",
  path: "/users/attributes",
  auth: "user",
  body: z.object({ keyAttributes: keyAttributesInputSchema }),
  response: emptyResponse,
});

/** `PUT /users/recovery-key`: sets the recovery fields of a legacy account that has none. */
export const setRecoveryKey = defineEndpoint({
  method: "PUT",
  path: "/users/recovery-key",
  auth: "user",
  body: recoveryKeyAttributesSchema,
  response: emptyResponse,
});

/** `GET /users/public-key?email=`: another user's X25519 public key; 404 when unknown. */
export const getPublicKey = defineEndpoint({
  method: "GET",
  path: "/users/public-key",
  auth: "user",
  query: z.object({ email: emailField() }),
  response: z.object({ publicKey: z.string() }),
});

/** `GET /users/session-validity/v2`: whether the account has keys, and its attributes when so. */
export const getSessionValidity = defineEndpoint({
  method: "GET",
  path: "/users/session-validity/v2",
  auth: "user",
  response: z.discriminatedUnion("hasSetKeys", [
    z.object({ hasSetKeys: z.literal(true), keyAttributes: keyAttributesSchema }),
    z.object({ hasSetKeys: z.literal(false) }),
  ]),
});

/** `GET /users/details/v2?memoryCount=`: usage, counts, subscription, profile and bonus data. */
export const getUserDetails = defineEndpoint({
  method: "GET",
  path: "/users/details/v2",
  auth: "user",
  query: z.object({ memoryCount: boolFromString().optional() }),
  response: userDetailsSchema,
});

/** `POST /users/logout`: ends the caller's session; `{}`. */
export const logout = defineEndpoint({
  method: "POST",
  path: "/users/logout",
  auth: "user",
  response: z.object({}),
});

// [Note: Sessions are named by their token's hash]
//
// Tokens are stored only as hashes, so the server cannot list them. The
// `token` of a listed session is the URL-safe base64 SHA-256 of the token's
// bytes: an opaque name that `DELETE /users/session?token=` accepts, and that
// is useless as a credential.

export const activeSessionSchema = z.object({
  /** See: [Note: Sessions are named by their token's hash] */
  token: z.string(),
  creationTime: z.number().int(),
  ip: z.string(),
  ua: z.string(),
  prettyUA: z.string(),
  lastUsedTime: z.number().int(),
});

export type ActiveSession = z.output<typeof activeSessionSchema>;

/** `GET /users/sessions`: the user's active sessions of the caller's app. */
export const listSessions = defineEndpoint({
  method: "GET",
  path: "/users/sessions",
  auth: "user",
  response: z.object({ sessions: z.array(activeSessionSchema) }),
});

/** `DELETE /users/session?token=<session name>`: ends another session; `{}`. */
export const terminateSession = defineEndpoint({
  method: "DELETE",
  path: "/users/session",
  auth: "user",
  query: z.object({ token: z.string().min(1).max(256) }),
  response: z.object({}),
});

/** `PUT /users/email-mfa`: turns the login email code on or off (off needs SRP: 409). */
export const setEmailMFA = defineEndpoint({
  method: "PUT",
  path: "/users/email-mfa",
  auth: "user",
  body: z.object({ isEnabled: z.boolean() }),
  response: emptyResponse,
});

/** `POST /users/change-email`: moves the account to a new email verified by an OTT of purpose "change". */
export const changeEmail = defineEndpoint({
  method: "POST",
  path: "/users/change-email",
  auth: "user",
  body: z.object({ email: emailField(), ott: sixDigitCodeField() }),
  response: emptyResponse,
});

/** `GET /users/delete-challenge`: a DELETE_ACCOUNT JWT sealed to the user's public key. */
export const getDeleteChallenge = defineEndpoint({
  method: "GET",
  path: "/users/delete-challenge",
  auth: "user",
  response: z.object({
    allowDelete: z.boolean(),
    /** Standard base64 sealed box; its plaintext is the JWT's UTF-8 text. */
    encryptedChallenge: z.string().optional(),
    apps: z.array(z.string()).nullable(),
  }),
});

/** `DELETE /users/delete`: deletes the account, given the opened challenge. */
export const deleteAccount = defineEndpoint({
  method: "DELETE",
  path: "/users/delete",
  auth: "user",
  body: z.object({
    challenge: z.string().min(1).max(4096),
    reason: absentOrNull(z.string().max(4096)),
    reasonCategory: absentOrNull(z.string().max(256)),
    feedback: absentOrNull(z.string().max(16 * 1024)),
  }),
  response: z.object({ isSubscriptionCancelled: z.boolean(), userID: z.number().int() }),
});

/** `GET /users/payment-token`: a PAYMENT JWT (1 day). */
export const getPaymentToken = defineEndpoint({
  method: "GET",
  path: "/users/payment-token",
  auth: "user",
  response: z.object({ paymentToken: z.string() }),
});

/** `GET /users/families-token`: a FAMILIES JWT (1 day) and where families are managed. */
export const getFamiliesToken = defineEndpoint({
  method: "GET",
  path: "/users/families-token",
  auth: "user",
  response: z.object({ familiesToken: z.string(), familyUrl: z.string() }),
});

/** `GET /users/accounts-token`: an ACCOUNTS JWT (30 min) and the accounts app's URL. */
export const getAccountsToken = defineEndpoint({
  method: "GET",
  path: "/users/accounts-token",
  auth: "user",
  response: z.object({ accountsToken: z.string(), accountsUrl: z.string() }),
});

/** `GET /users/roadmap/v2`: the configured roadmap URL ("Calls from the spec that this page adds"). */
export const getRoadmapURL = defineEndpoint({
  method: "GET",
  path: "/users/roadmap/v2",
  auth: "user",
  response: z.object({ url: z.string() }),
});

export const userEndpoints = {
  sendOtt,
  verifyEmail,
  setKeyAttributes,
  setRecoveryKey,
  getPublicKey,
  getSessionValidity,
  getUserDetails,
  logout,
  listSessions,
  terminateSession,
  setEmailMFA,
  changeEmail,
  getDeleteChallenge,
  deleteAccount,
  getPaymentToken,
  getFamiliesToken,
  getAccountsToken,
  getRoadmapURL,
};
