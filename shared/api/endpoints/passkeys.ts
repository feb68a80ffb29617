import { z } from "zod";
import { defineEndpoint, emptyResponse } from "../endpoint";
import {
  authenticationCredentialSchema,
  registrationCredentialSchema,
  sessionIDField,
  twoFactorAuthorizationResponseSchema,
  uuidField,
  webAuthnOptionsSchema,
} from "./account-schemas";

// Passkey endpoints of wire-contract §2.4: the login ceremony (public, keyed
// by the passkey session of the login answer) and the management of a
// user's passkeys by the accounts app (ACCOUNTS JWT in `X-Auth-Token`).

/** `POST /users/two-factor/passkeys/begin`: assertion options for a passkey login session. */
export const beginPasskeyLogin = defineEndpoint({
  method: "POST",
  path: "/users/two-factor/passkeys/begin",
  auth: "none",
  body: z.object({ sessionID: sessionIDField() }),
  response: z.object({ options: webAuthnOptionsSchema, ceremonySessionID: z.string() }),
});

/** `POST /users/two-factor/passkeys/finish?sessionID=&ceremonySessionID=`: the assertion; answers the token. */
export const finishPasskeyLogin = defineEndpoint({
  method: "POST",
  path: "/users/two-factor/passkeys/finish",
  auth: "none",
  query: z.object({ sessionID: sessionIDField(), ceremonySessionID: uuidField() }),
  body: authenticationCredentialSchema,
  response: twoFactorAuthorizationResponseSchema,
});

/**
 * `GET /users/two-factor/passkeys/get-token?sessionID=`: what the original
 * client polls; 400 SESSION_NOT_VERIFIED until the ceremony finished, 410
 * INVALID_SESSION 2 min after it or after 2 fetches.
 */
export const getPasskeyLoginToken = defineEndpoint({
  method: "GET",
  path: "/users/two-factor/passkeys/get-token",
  auth: "none",
  query: z.object({ sessionID: sessionIDField() }),
  response: twoFactorAuthorizationResponseSchema,
});

export const passkeySchema = z.object({
  id: z.string(),
  userID: z.number().int(),
  friendlyName: z.string(),
  createdAt: z.number().int(),
});

export type Passkey = z.output<typeof passkeySchema>;

/** A passkey's name as the user typed it. */
const friendlyNameField = () => z.string().trim().min(1).max(256);

/** `GET /passkeys`: the user's passkeys. */
export const listPasskeys = defineEndpoint({
  method: "GET",
  path: "/passkeys",
  auth: "accountsToken",
  response: z.object({ accountsUrl: z.string().optional(), passkeys: z.array(passkeySchema) }),
});

/** `PATCH /passkeys/:id?friendlyName=`: renames a passkey. */
export const renamePasskey = defineEndpoint({
  method: "PATCH",
  path: "/passkeys/:id",
  auth: "accountsToken",
  params: z.object({ id: uuidField() }),
  query: z.object({ friendlyName: friendlyNameField() }),
  response: emptyResponse,
});

/** `DELETE /passkeys/:id`. */
export const deletePasskey = defineEndpoint({
  method: "DELETE",
  path: "/passkeys/:id",
  auth: "accountsToken",
  params: z.object({ id: uuidField() }),
  response: emptyResponse,
});

/** `POST /passkeys/registration/begin`: creation options (409 MAX_PASSKEYS_REACHED at 10). */
export const beginPasskeyRegistration = defineEndpoint({
  method: "POST",
  path: "/passkeys/registration/begin",
  auth: "accountsToken",
  response: z.object({ options: webAuthnOptionsSchema, sessionID: z.string() }),
});

/** `POST /passkeys/registration/finish?friendlyName=&sessionID=`: the new credential; `{}`. */
export const finishPasskeyRegistration = defineEndpoint({
  method: "POST",
  path: "/passkeys/registration/finish",
  auth: "accountsToken",
  query: z.object({ friendlyName: friendlyNameField(), sessionID: uuidField() }),
  body: registrationCredentialSchema,
  response: z.object({}),
});

export const passkeyEndpoints = {
  beginPasskeyLogin,
  finishPasskeyLogin,
  getPasskeyLoginToken,
  listPasskeys,
  renamePasskey,
  deletePasskey,
  beginPasskeyRegistration,
  finishPasskeyRegistration,
};
